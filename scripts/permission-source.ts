/**
 * Reads, from zrok's Go sources, the permission mode each share-creating command gives a share and the
 * flag that gives the other one. A command that fills an sdk.ShareRequest either names the mode in the
 * literal (`PermissionMode: sdk.ClosedPermissionMode`) or leaves it to the controller, which fills an
 * empty mode in controller/share.go; a bool flag then switches it (`if cmd.open { req.PermissionMode = … }`).
 * Anything else throws with file:line, so a new way of choosing the mode is noticed rather than guessed.
 */
import type { Node } from 'web-tree-sitter';
import type { CommandFact, PermissionFact, PermissionMode } from '../src/builder/commands/cli-facts.ts';
import { compact, GoFile, GoSourceError, goQuery, goString, matchesIn } from './go-syntax.ts';

const modeOf = (name: string) => name.toLowerCase() as PermissionMode;

/** `PermissionMode: <pkg>.OpenPermissionMode` in a composite literal. */
const MODE_FIELD = goQuery(`
(keyed_element
  key: (literal_element (identifier) @key (#eq? @key "PermissionMode"))
  value: (literal_element (selector_expression operand: (identifier) @pkg field: (field_identifier) @mode (#match? @mode "^(Open|Closed)PermissionMode$")))) @field`);
/** `if params.Body.PermissionMode != "" {`: the request's mode replaces the default only when set. */
const MODE_IF_SET = goQuery(`
(if_statement condition: (binary_expression left: (_) @left operator: "!=" right: (interpreted_string_literal) @empty))`);
/** `if cmd.<flag> { req.PermissionMode = sdk.<Mode>PermissionMode … }`. */
const MODE_SWITCH = goQuery(`
(if_statement
  condition: (selector_expression operand: (identifier) @cmd field: (field_identifier) @flag (#eq? @cmd "cmd"))
  consequence: (block (statement_list . (assignment_statement
    left: (expression_list (selector_expression operand: (identifier) @req field: (field_identifier) @field (#eq? @req "req") (#eq? @field "PermissionMode")))
    right: (expression_list (selector_expression operand: (identifier) @sdk field: (field_identifier) @mode (#eq? @sdk "sdk") (#match? @mode "^(Open|Closed)PermissionMode$"))))))) @if`);
/** `….BoolVar(&command.<field>, "<flag>", …)`. */
const BOOL_FLAG = goQuery(`
(call_expression
  function: (selector_expression field: (field_identifier) @fn (#eq? @fn "BoolVar"))
  arguments: (argument_list . (unary_expression operand: (selector_expression operand: (identifier) @command field: (field_identifier) @field) (#eq? @command "command")) . (interpreted_string_literal) @flag))`);
/** `sdk.ShareRequest{…}`. */
const SHARE_REQUEST = goQuery(`(composite_literal type: (qualified_type package: (package_identifier) @pkg name: (type_identifier) @type (#eq? @pkg "sdk") (#eq? @type "ShareRequest"))) @request`);

const modeName = (m: Record<string, Node>) => /^(Open|Closed)/.exec(m.mode.text)![1];

/** The mode controller/share.go gives a share whose request names none. */
export function controllerDefault(share: { path: string; text: string }): { mode: PermissionMode; source: string } {
  const file: GoFile = new GoFile(share.path, share.text);
  const literal = matchesIn(MODE_FIELD, file.root).find((m) => m.pkg.text === 'store');
  if (!literal) throw new GoSourceError(`${share.path}: no "PermissionMode: store.<Mode>PermissionMode" in the share it creates`);
  if (!matchesIn(MODE_IF_SET, file.root).some((m) => compact(m.left) === 'params.Body.PermissionMode' && goString(m.empty) === '')) {
    file.fail(literal.field, 'the request\'s permission mode does not replace this default only when it is set');
  }
  return { mode: modeOf(modeName(literal)), source: file.where(literal.field) };
}

/**
 * `files`: cmd/zrok's Go files; `commands`: the commands read from them (their `source` names the file);
 * `share`: controller/share.go.
 */
export function readPermissionFacts(files: { path: string; text: string }[], commands: CommandFact[], share: { path: string; text: string }): PermissionFact[] {
  const out: PermissionFact[] = [];
  for (const f of files) {
    const file: GoFile = new GoFile(f.path, f.text);
    const requests = matchesIn(SHARE_REQUEST, file.root).map((m) => m.request);
    if (!requests.length) continue;
    const request = requests[0];
    if (requests.length > 1) file.fail(request, 'second sdk.ShareRequest in one file');
    const owners = commands.filter((c) => c.source === f.path && !c.group);
    if (owners.length !== 1) file.fail(request, `sdk.ShareRequest in a file of ${owners.length} runnable commands`);

    const named = matchesIn(MODE_FIELD, request).find((m) => m.pkg.text === 'sdk' && m.field.parent?.parent?.id === request.id);
    const fallback = named ? undefined : controllerDefault(share);
    const mode = named ? modeOf(modeName(named)) : fallback!.mode;

    const change = matchesIn(MODE_SWITCH, file.root)[0];
    if (!change) file.fail(request, 'no "if cmd.<flag> { req.PermissionMode = sdk.<Mode>PermissionMode" after the share request');
    const flag = goString(matchesIn(BOOL_FLAG, file.root).find((m) => m.field.text === change.flag.text)?.flag);
    if (!flag) file.fail(change.if, `cmd.${change.flag.text} is not set by a BoolVar flag in this file`);
    const flagMode = modeOf(modeName(change));
    if (flagMode === mode) file.fail(change.if, `--${flag} gives the mode the command has by default`);

    out.push({
      command: owners[0].path,
      default: mode,
      source: named ? file.where(named.field) : fallback!.source,
      flag,
      flagMode,
    });
  }
  return out.sort((a, b) => a.command.localeCompare(b.command));
}
