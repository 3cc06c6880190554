/**
 * Reads, from zrok's Go sources, the permission mode each share-creating command gives a share and the
 * flag that gives the other one. A command that fills an sdk.ShareRequest either names the mode in the
 * literal (`PermissionMode: sdk.ClosedPermissionMode`) or leaves it to the controller, which fills an
 * empty mode in controller/share.go; a bool flag then switches it (`if cmd.open { req.PermissionMode = … }`).
 * Anything else throws with file:line, so a new way of choosing the mode is noticed rather than guessed.
 */
import type { CommandFact, PermissionFact, PermissionMode } from '../src/builder/commands/cli-facts.ts';
import { GoFile, GoSourceError, matchClose } from './go-scan.ts';

const modeOf = (name: string) => name.toLowerCase() as PermissionMode;

/** The mode controller/share.go gives a share whose request names none. */
export function controllerDefault(share: { path: string; text: string }): { mode: PermissionMode; source: string } {
  const file: GoFile = new GoFile(share.path, share.text);
  const literal = /\bPermissionMode:\s*store\.(Open|Closed)PermissionMode\b/.exec(file.code);
  if (!literal) throw new GoSourceError(`${share.path}: no "PermissionMode: store.<Mode>PermissionMode" in the share it creates`);
  if (!/if\s+params\.Body\.PermissionMode\s*!=\s*""/.test(file.code)) {
    file.fail(literal.index, 'the request\'s permission mode does not replace this default only when it is set');
  }
  return { mode: modeOf(literal[1]), source: file.where(literal.index) };
}

/**
 * `files`: cmd/zrok's Go files; `commands`: the commands read from them (their `source` names the file);
 * `share`: controller/share.go.
 */
export function readPermissionFacts(files: { path: string; text: string }[], commands: CommandFact[], share: { path: string; text: string }): PermissionFact[] {
  const out: PermissionFact[] = [];
  for (const f of files) {
    const file: GoFile = new GoFile(f.path, f.text);
    const { code } = file;
    const request = /\bsdk\.ShareRequest\s*\{/.exec(code);
    if (!request) continue;
    if (/\bsdk\.ShareRequest\s*\{/.test(code.slice(request.index + 1))) file.fail(request.index, 'second sdk.ShareRequest in one file');
    const owners = commands.filter((c) => c.source === f.path && !c.group);
    if (owners.length !== 1) file.fail(request.index, `sdk.ShareRequest in a file of ${owners.length} runnable commands`);

    const open = request.index + request[0].length - 1;
    const body = code.slice(open, matchClose(code, open));
    const named = /\bPermissionMode:\s*sdk\.(Open|Closed)PermissionMode\b/.exec(body);
    const fallback = named ? undefined : controllerDefault(share);
    const mode = named ? modeOf(named[1]) : fallback!.mode;

    const change = /\bif\s+cmd\.(\w+)\s*\{\s*req\.PermissionMode\s*=\s*sdk\.(Open|Closed)PermissionMode\b/.exec(code);
    if (!change) file.fail(request.index, 'no "if cmd.<flag> { req.PermissionMode = sdk.<Mode>PermissionMode" after the share request');
    const flag = new RegExp(String.raw`\bBoolVar\(\s*&command\.${change[1]}\s*,\s*"([\w-]+)"`).exec(code);
    if (!flag) file.fail(change.index, `cmd.${change[1]} is not set by a BoolVar flag in this file`);
    if (modeOf(change[2]) === mode) file.fail(change.index, `--${flag[1]} gives the mode the command has by default`);

    out.push({
      command: owners[0].path,
      default: mode,
      source: named ? file.where(open + named.index) : fallback!.source,
      flag: flag[1],
      flagMode: modeOf(change[2]),
    });
  }
  return out.sort((a, b) => a.command.localeCompare(b.command));
}
