/**
 * Reads zrok's cobra command tree from the Go sources of cmd/zrok (no Go toolchain): command
 * literals, constructors, the AddCommand wiring and the flag definitions, as syntax nodes. It follows the
 * handful of shapes zrok uses and throws GoSourceError (file:line) on anything else, so a new shape in a
 * future release stops the extraction instead of producing a wrong command list.
 */
import type { Node } from 'web-tree-sitter';
import type { CommandFact, FlagFact } from '../src/builder/commands/cli-facts.ts';
import { addressOfLiteral, codeChildren, compact, elementsOf, GoFile, GoSourceError, goQuery, goString, keyedElements, matchesIn } from './go-syntax.ts';

interface Command {
  name: string;
  aliases: string[];
  runnable: boolean;
  hidden: boolean;
  builtin?: boolean;
  flags: FlagFact[];
  persistentFlags: FlagFact[];
  children: Command[];
  parent?: Command;
  /** Use: is not a string literal (only the root may do this: its name is the program's name). */
  useExpr?: string;
  file: GoFile;
  node: Node;
}

/** A constructor: what one call of it builds, and whether it returns the command or a struct holding it in `.cmd`. */
interface Ctor {
  template: Command;
  returns: 'command' | 'wrapper';
}

type Value = { kind: 'command' | 'wrapper'; cmd: Command };

/** Commands built by other modules that zrok adds; pinned to the module version whose source was read. */
const EXTERNAL: Record<string, { module: string; version: string; command: Pick<Command, 'name' | 'hidden' | 'runnable' | 'flags'> }> = {
  // github.com/openziti/cobra-to-md v1.0.1 gendoc.go: Use "gendoc", Hidden, Run, --doc-output-dir.
  'gendoc.NewGendocCmd': {
    module: 'github.com/openziti/cobra-to-md',
    version: 'v1.0.1',
    command: { name: 'gendoc', hidden: true, runnable: true, flags: [{ name: 'doc-output-dir', type: 'string' }] },
  },
};

/** pflag definition methods by value type; anything else on Flags() that is not read-only is refused. */
const FLAG_TYPES = new Set([
  'Bool', 'BoolSlice', 'String', 'StringArray', 'StringSlice', 'StringToString', 'StringToInt', 'StringToInt64',
  'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'IntSlice', 'Int32Slice', 'Int64Slice',
  'Uint', 'Uint8', 'Uint16', 'Uint32', 'Uint64', 'UintSlice', 'Float32', 'Float64', 'Float32Slice', 'Float64Slice',
  'Duration', 'DurationSlice', 'IP', 'IPSlice', 'IPMask', 'IPNet', 'BytesHex', 'BytesBase64', 'Count',
]);
/** Flag-set methods that read or annotate flags without defining one. */
const FLAG_READ_ONLY = /^(Get\w*|Changed|Lookup|ShorthandLookup|Visit\w*|HasFlags|HasAvailableFlags|NFlag|NArg|Arg|Args|Parsed|MarkHidden|MarkDeprecated|MarkShorthandDeprecated|SetAnnotation|SetNormalizeFunc|SetInterspersed|SortFlags|FlagUsages\w*)$/;
const FLAG_SETS = '"Flags" "PersistentFlags" "LocalFlags" "InheritedFlags" "NonInheritedFlags" "LocalNonPersistentFlags"';

/** `recv.Flags().Method(args)`: a flag defined on, or read from, a command's flag set. */
const FLAG_CALL = goQuery(`
(call_expression
  function: (selector_expression
    operand: (call_expression
      function: (selector_expression operand: (_) @receiver field: (field_identifier) @set (#any-of? @set ${FLAG_SETS}))
      arguments: (argument_list) @setArgs) @setCall
    field: (field_identifier) @method)
  arguments: (argument_list) @args) @call`);
/** `parent.AddCommand(children…)`. */
const ADD_COMMAND = goQuery(`
(call_expression
  function: (selector_expression operand: (_) @parent field: (field_identifier) @m (#eq? @m "AddCommand"))
  arguments: (argument_list) @args) @call`);
/** Everything the reader must have understood: AddCommand calls, flag sets, cobra.Command literals. */
const COBRA_SITES = goQuery(`
(call_expression function: (selector_expression field: (field_identifier) @name (#any-of? @name "AddCommand" ${FLAG_SETS})) arguments: (argument_list) @args) @site
(composite_literal type: (qualified_type package: (package_identifier) @pkg name: (type_identifier) @type (#eq? @pkg "cobra") (#eq? @type "Command"))) @site`);
/** `root.Execute()` and its variants, in func main. */
const EXECUTE = goQuery(`
(call_expression function: (selector_expression operand: (identifier) @root field: (field_identifier) @m (#any-of? @m "Execute" "ExecuteC" "ExecuteContext")))`);
/** `x := &T{…}`: a local holding the address of a composite literal. */
const LOCAL_LITERAL = goQuery(`
(short_var_declaration
  left: (expression_list . (identifier) @name .)
  right: (expression_list . (unary_expression operator: "&" operand: (composite_literal type: (_) @type) @literal) .)) @decl`);
/** Settings that change cobra's built-in help and completion commands. */
const BUILTIN_SETTINGS = goQuery(`([(identifier) (field_identifier)] @name (#any-of? @name "CompletionOptions" "SetHelpCommand"))`);

const isCobraLiteral = (node: Node) => node.type === 'composite_literal' && compact(node.childForFieldName('type')!) === 'cobra.Command';

export interface CobraInput {
  /** Go files of the command package: path (for messages) and text. */
  files: { path: string; text: string }[];
  /** go.mod text, to pin external commands to the module version they were read from. */
  goMod: string;
}

export function readCobraCommands({ files, goMod }: CobraInput): CommandFact[] {
  return new CobraReader(files.map((f) => new GoFile(f.path, f.text)), goMod).run();
}

interface Decl {
  file: GoFile;
  /** The func's name. */
  name: string;
  node: Node;
  body: Node;
}

class CobraReader {
  private readonly ctors = new Map<string, Ctor>();
  private readonly literalVars = new Map<string, Command>();
  private readonly varNames = new Set<string>();
  private readonly bindings = new Map<string, { file: GoFile; expr: Node }>();
  private readonly resolvedVars = new Map<string, Value>();
  /** Ids of every AddCommand call, flag-set call and cobra.Command literal that was understood. */
  private readonly consumed = new Set<number>();

  constructor(
    private readonly files: GoFile[],
    private readonly goMod: string,
  ) {
    // Go runs init functions file by file in name order; so do we.
    this.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  run(): CommandFact[] {
    const inits: Decl[] = [];
    let rootVar: { file: GoFile; node: Node } | undefined;
    for (const file of this.files) {
      for (const decl of file.root.namedChildren) {
        if (!decl) continue;
        if (decl.type === 'var_declaration') this.readVars(file, decl);
        else if (decl.type === 'method_declaration') this.readOnlyFlagUses(file, decl);
        else if (decl.type === 'function_declaration') {
          const name = decl.childForFieldName('name')!.text;
          const body = decl.childForFieldName('body');
          if (!body) continue;
          if (name === 'init') inits.push({ file, name, node: decl, body });
          else if (body.descendantsOfType('composite_literal').some(isCobraLiteral)) {
            if (this.ctors.has(name)) file.fail(decl, `constructor ${name} is defined twice (build tags?)`);
            this.ctors.set(name, this.readCtor(file, { file, name, node: decl, body }));
          } else {
            if (name === 'main') {
              const root = matchesIn(EXECUTE, body)[0]?.root;
              if (root) rootVar = { file, node: root };
            }
            this.readOnlyFlagUses(file, body);
          }
        }
      }
    }
    for (const init of inits) this.readBindings(init);
    for (const init of inits) this.readActions(init);
    this.checkAllConsumed();

    if (!rootVar) throw new GoSourceError(`${this.files[0]?.path ?? 'cmd'}: no rootCmd.Execute() found in func main`);
    const root = this.resolve(rootVar.file, rootVar.node).cmd;
    if (root.parent) rootVar.file.fail(rootVar.node, `${rootVar.node.text} is executed but is a subcommand`);
    this.addCobraBuiltins(root);
    return this.facts(root);
  }

  /** `var x = &cobra.Command{…}`, `var x = newX()`, `var x *T`, alone or in a `var ( … )` block. */
  private readVars(file: GoFile, decl: Node) {
    const specs = codeChildren(decl).flatMap((s) => (s.type === 'var_spec_list' ? codeChildren(s) : [s]));
    for (const spec of specs) {
      const names = spec.childrenForFieldName('name').filter((n): n is Node => !!n);
      const values = codeChildren(spec.childForFieldName('value'));
      if (values.length && values.length !== names.length) file.fail(spec, 'var declaration with fewer values than names');
      names.forEach((name, i) => {
        this.varNames.add(name.text);
        const value = values[i];
        if (!value) return;
        const literal = addressOfLiteral(value, 'cobra.Command');
        if (literal) this.literalVars.set(name.text, this.readLiteral(file, literal));
        else this.bind(name.text, file, value);
      });
    }
  }

  /** `&cobra.Command{ … }`: Use, Aliases, Run/RunE, Hidden. */
  private readLiteral(file: GoFile, literal: Node): Command {
    this.consumed.add(literal.id);
    const cmd: Command = { name: '', aliases: [], runnable: false, hidden: false, flags: [], persistentFlags: [], children: [], file, node: literal };
    for (const { key, value, node } of keyedElements(file, literal, (e) => `cobra.Command field without a key: ${e.text.slice(0, 40)}`)) {
      if (key === 'Use') {
        const use = goString(value);
        if (use === undefined) cmd.useExpr = value.text;
        else cmd.name = use.trim().split(/\s+/)[0];
      } else if (key === 'Aliases') {
        if (value.type !== 'composite_literal' || compact(value.childForFieldName('type')!) !== '[]string') file.fail(node, 'Aliases is not a []string{…} literal');
        for (const item of elementsOf(value)) {
          const alias = goString(item);
          if (alias === undefined) file.fail(node, `alias ${item.text} is not a string literal`);
          cmd.aliases.push(alias);
        }
      } else if (key === 'Run' || key === 'RunE') {
        if (value.text !== 'nil') cmd.runnable = true;
      } else if (key === 'Hidden') {
        if (value.type !== 'true' && value.type !== 'false') file.fail(node, `Hidden: ${value.text} is not a constant`);
        cmd.hidden = value.type === 'true';
      }
    }
    return cmd;
  }

  /** A constructor: one `x := &cobra.Command{…}`, flags on x (or on wrapper.cmd), `x.Run = …`, and `return`. */
  private readCtor(file: GoFile, { name, node, body }: Decl): Ctor {
    const locals = matchesIn(LOCAL_LITERAL, body);
    const declared = locals.filter((m) => compact(m.type) === 'cobra.Command');
    const literals = body.descendantsOfType('composite_literal').filter((l): l is Node => !!l && isCobraLiteral(l));
    if (declared.length !== 1 || literals.length !== 1) file.fail(node, `${name}: expected exactly one "x := &cobra.Command{…}"`);
    const cmdVar = declared[0].name.text;
    const template = this.readLiteral(file, declared[0].literal);
    if (!template.name) file.fail(template.node, `${name}: Use is not a string literal`);

    // The struct that carries the command: `w := &T{cmd: x}` / `&T{x}`; returned as a wrapper.
    const holdsCommand = (literal: Node) =>
      literal.childForFieldName('type')!.type === 'type_identifier' &&
      elementsOf(literal).some((e) => (e.type === 'keyed_element' ? codeChildren(e)[0].text === 'cmd' && codeChildren(codeChildren(e)[1])[0]?.text === cmdVar : e.text === cmdVar));
    const wrappers = new Set(locals.filter((m) => holdsCommand(m.literal)).map((m) => m.name.text));
    const isCmd = (recv: string) => recv === cmdVar || [...wrappers].some((w) => recv === `${w}.cmd`);

    for (const m of matchesIn(FLAG_CALL, body)) {
      if (!isCmd(compact(m.receiver))) file.fail(m.call, `${name}: flags defined on ${compact(m.receiver)}, which is not the command being built`);
      this.readFlagCall(file, m, template);
    }
    for (const a of body.descendantsOfType('assignment_statement')) {
      const [left] = codeChildren(a?.childForFieldName('left'));
      if (left?.type !== 'selector_expression' || !isCmd(compact(left.childForFieldName('operand')!))) continue;
      const field = left.childForFieldName('field')!.text;
      if (field === 'Run' || field === 'RunE') template.runnable = true;
      else if (['Use', 'Aliases', 'Hidden'].includes(field)) file.fail(a!, `${name}: ${field} assigned after the literal`);
    }
    // Passing the command to a helper could add flags or subcommands we would not see.
    for (const use of body.descendantsOfType('identifier')) {
      if (!use || use.text !== cmdVar || this.isPlainUse(use)) continue;
      file.fail(use, `${name}: the command is passed on ("${file.lineOf(use)}"); cannot follow what that adds`);
    }

    const returned = body.descendantsOfType('return_statement').map((r) => codeChildren(r).at(0)).filter((e): e is Node => !!e);
    const texts = new Set(returned.map((e) => e.text.trim()));
    if (texts.size !== 1) file.fail(node, `${name}: expected one return expression, found ${texts.size}`);
    const ret = codeChildren(returned[0])[0] ?? returned[0];
    const retLiteral = addressOfLiteral(ret);
    let kind: Ctor['returns'];
    if (ret.text === cmdVar) kind = 'command';
    else if (wrappers.has(ret.text) || (retLiteral && holdsCommand(retLiteral))) kind = 'wrapper';
    else file.fail(node, `${name}: returns ${returned[0].text}, which neither is nor holds the command`);
    return { template, returns: kind };
  }

  /** A use of the constructor's command that passes it nowhere: `x.…`, `x := …`, `return x`, or `&T{x}` / `&T{cmd: x}`. */
  private isPlainUse(id: Node): boolean {
    const parent = id.parent!;
    if (parent.type === 'selector_expression' && parent.childForFieldName('operand')?.id === id.id) return true;
    if (parent.type === 'expression_list' && parent.parent?.type === 'short_var_declaration' && parent.parent.childForFieldName('left')?.id === parent.id) return true;
    if (parent.type === 'expression_list' && parent.parent?.type === 'return_statement' && codeChildren(parent)[0].id === id.id) return true;
    let element = parent;
    if (element.type === 'literal_element' && element.parent?.type === 'keyed_element') element = element.parent;
    const literal = element.type === 'literal_element' || element.type === 'keyed_element' ? element.parent?.parent : undefined;
    return !!literal && literal.childForFieldName('type')?.type === 'type_identifier' && !!addressOfLiteral(literal.parent);
  }

  /** `recv.Flags().XxxVarP(&v, "name", "n", …)`: one flag on `cmd` (or a read-only use, which adds nothing). */
  private readFlagCall(file: GoFile, m: Record<string, Node>, cmd: Command | undefined) {
    const set = m.set.text;
    const method = m.method.text;
    if (codeChildren(m.setArgs).length) return; // not cobra's Flags(): left to checkAllConsumed
    this.consumed.add(m.setCall.id);
    if (FLAG_READ_ONLY.test(method)) return;
    if (set !== 'Flags' && set !== 'PersistentFlags') file.fail(m.call, `${set}().${method}: defines flags on a derived flag set`);
    const shape = /^([A-Z]\w*?)(VarP|Var|P)?$/.exec(method);
    if (!shape || !FLAG_TYPES.has(shape[1])) file.fail(m.call, `${set}().${method}: unknown flag definition method`);
    if (!cmd) file.fail(m.call, `${set}().${method} outside a constructor or init: cannot tell which command it belongs to`);
    const args = codeChildren(m.args);
    const nameAt = shape[2] === 'VarP' || shape[2] === 'Var' ? 1 : 0;
    const name = goString(args[nameAt]);
    const short = shape[2] === 'VarP' || shape[2] === 'P' ? goString(args[nameAt + 1]) : '';
    if (!name || short === undefined || short.length > 1) file.fail(m.call, `${set}().${method}: flag name/shorthand is not a string literal`);
    const type = shape[1][0].toLowerCase() + shape[1].slice(1);
    const flag: FlagFact = short ? { name, short, type } : { name, type };
    const list = set === 'PersistentFlags' ? cmd.persistentFlags : cmd.flags;
    if ([...cmd.flags, ...cmd.persistentFlags].some((f) => f.name === name || (short && f.short === short))) {
      file.fail(m.call, `flag --${name}${short ? `/-${short}` : ''} defined twice on one command`);
    }
    list.push(flag);
  }

  /** Method bodies and other funcs may read flags (GetString, Changed…) but not define them. */
  private readOnlyFlagUses(file: GoFile, node: Node) {
    for (const m of matchesIn(FLAG_CALL, node)) this.readFlagCall(file, m, undefined);
  }

  private bind(name: string, file: GoFile, expr: Node) {
    if (this.bindings.has(name)) file.fail(expr, `${name} is assigned more than once`);
    this.bindings.set(name, { file, expr });
  }

  /** `x = newX()` / `x = newX().cmd` in init functions, for package-level vars. */
  private readBindings({ file, body }: Decl) {
    for (const a of body.descendantsOfType('assignment_statement')) {
      const left = codeChildren(a?.childForFieldName('left'));
      const right = codeChildren(a?.childForFieldName('right'));
      if (a?.childForFieldName('operator')?.text !== '=' || left.length !== 1 || right.length !== 1) continue;
      if (left[0].type === 'identifier' && this.varNames.has(left[0].text)) this.bind(left[0].text, file, right[0]);
    }
  }

  /** AddCommand wiring and flags defined on package-level commands inside init functions. */
  private readActions({ file, body }: Decl) {
    for (const m of matchesIn(ADD_COMMAND, body)) {
      this.consumed.add(m.call.id);
      const parent = this.resolve(file, m.parent).cmd;
      for (const arg of codeChildren(m.args)) {
        const child = this.resolve(file, arg).cmd;
        if (child.parent) file.fail(arg, `${arg.text} is added to two parents`);
        if (child === parent) file.fail(arg, `${arg.text} is added to itself`);
        child.parent = parent;
        parent.children.push(child);
      }
    }
    for (const m of matchesIn(FLAG_CALL, body)) {
      this.readFlagCall(file, m, FLAG_READ_ONLY.test(m.method.text) ? undefined : this.resolve(file, m.receiver).cmd);
    }
  }

  /** What a Go expression in the wiring denotes: a command, or a struct whose `.cmd` is one. */
  private resolve(file: GoFile, expr: Node): Value {
    if (expr.type === 'selector_expression' && expr.childForFieldName('field')!.text === 'cmd') {
      const holder = expr.childForFieldName('operand')!;
      const v = this.resolve(file, holder);
      if (v.kind !== 'wrapper') file.fail(expr, `${compact(holder)} holds no .cmd`);
      return { kind: 'command', cmd: v.cmd };
    }
    if (expr.type === 'call_expression') {
      const fn = expr.childForFieldName('function')!;
      const args = codeChildren(expr.childForFieldName('arguments'));
      if (fn.type === 'identifier' && !args.length) {
        const ctor = this.ctors.get(fn.text);
        if (!ctor) file.fail(expr, `${fn.text}() is not a command constructor found in this package`);
        return { kind: ctor.returns, cmd: this.instantiate(ctor.template) };
      }
      if (fn.type === 'selector_expression' && fn.childForFieldName('operand')!.type === 'identifier' && args.length <= 1 && args.every((a) => a.type === 'identifier')) {
        return { kind: 'command', cmd: this.external(compact(fn), file, expr) };
      }
    }
    if (expr.type === 'identifier') {
      const name = expr.text;
      const done = this.resolvedVars.get(name);
      if (done) return done;
      const lit = this.literalVars.get(name);
      const binding = this.bindings.get(name);
      let v: Value;
      if (lit) v = { kind: 'command', cmd: lit };
      else if (binding) v = this.resolve(binding.file, binding.expr);
      else file.fail(expr, `${name}: no cobra.Command literal or constructor assignment found for it`);
      this.resolvedVars.set(name, v);
      return v;
    }
    file.fail(expr, `cannot follow the expression ${expr.text}`);
  }

  private instantiate(t: Command): Command {
    return { ...t, aliases: [...t.aliases], flags: [...t.flags], persistentFlags: [...t.persistentFlags], children: [], parent: undefined };
  }

  private external(call: string, file: GoFile, node: Node): Command {
    const ext = EXTERNAL[call];
    if (!ext) file.fail(node, `${call}(…) builds a command in another module; read its source and add it to EXTERNAL`);
    const req = new RegExp(String.raw`^\s*(?:require\s+)?${ext.module.replace(/[.]/g, '\\.')}\s+(\S+)`, 'm').exec(this.goMod);
    if (!req || req[1] !== ext.version) {
      file.fail(node, `${call}: go.mod requires ${ext.module} ${req?.[1] ?? '(none)'}, the extractor knows ${ext.version}; re-read that module's command and update EXTERNAL`);
    }
    return { ...ext.command, aliases: [], persistentFlags: [], children: [], flags: [...ext.command.flags], file, node };
  }

  /** cobra's own help and completion commands, which it adds to a root that has subcommands. */
  private addCobraBuiltins(root: Command) {
    for (const file of this.files) {
      const setting = BUILTIN_SETTINGS.captures(file.root)[0]?.node;
      if (setting) file.fail(setting, `${setting.text} used: the built-in help/completion commands may differ`);
    }
    if (!root.children.length) return;
    const make = (name: string, runnable: boolean, flags: FlagFact[] = []): Command => ({
      name, aliases: [], runnable, hidden: false, builtin: true, flags, persistentFlags: [], children: [], file: root.file, node: root.node,
    });
    const names = new Set(root.children.map((c) => c.name));
    if (!names.has('help')) root.children.push(Object.assign(make('help', true), { parent: root }));
    if (!names.has('completion')) {
      const completion = Object.assign(make('completion', false), { parent: root });
      for (const shell of ['bash', 'zsh', 'fish', 'powershell']) {
        completion.children.push(Object.assign(make(shell, true, [{ name: 'no-descriptions', type: 'bool' }]), { parent: completion }));
      }
      root.children.push(completion);
    }
  }

  /** Every AddCommand, Flags()/PersistentFlags() and cobra.Command literal in the package must have been understood. */
  private checkAllConsumed() {
    for (const file of this.files) {
      for (const { site, name, args } of matchesIn(COBRA_SITES, file.root)) {
        if (this.consumed.has(site.id)) continue;
        if (!name) file.fail(site, 'cannot follow cobra.Command{ here');
        if (name.text === 'AddCommand') file.fail(site, 'cannot follow .AddCommand( here');
        if (!codeChildren(args).length) file.fail(site, `cannot follow .${name.text}() here`);
      }
    }
  }

  private facts(root: Command): CommandFact[] {
    if (!root.useExpr && root.name !== 'zrok') root.file.fail(root.node, `root command is named ${root.name}, not zrok`);
    const out: CommandFact[] = [];
    const walk = (cmd: Command, path: string) => {
      if (!cmd.name) cmd.file.fail(cmd.node, 'command without a literal Use');
      if (cmd !== root && cmd.useExpr) cmd.file.fail(cmd.node, `Use: ${cmd.useExpr} is not a string literal`);
      const siblings = cmd.parent?.children ?? [];
      for (const s of siblings) {
        if (s !== cmd && (s.name === cmd.name || s.aliases.includes(cmd.name))) cmd.file.fail(cmd.node, `${path}: name clashes with a sibling`);
      }
      const fact: CommandFact = {
        path,
        aliases: [...cmd.aliases].sort(),
        group: cmd.children.length > 0 && !cmd.runnable,
        source: cmd.builtin ? 'github.com/spf13/cobra' : cmd.file.path,
        flags: sortFlags(cmd.flags),
        persistentFlags: sortFlags(cmd.persistentFlags),
      };
      if (cmd.hidden) fact.hidden = true;
      if (cmd.builtin) fact.builtin = true;
      if (!cmd.children.length && !cmd.runnable) cmd.file.fail(cmd.node, `${path} has neither Run nor subcommands`);
      out.push(fact);
      for (const child of cmd.children) walk(child, `${path} ${child.name}`);
    };
    walk(Object.assign(root, { name: 'zrok' }), 'zrok');
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

function sortFlags(flags: FlagFact[]): FlagFact[] {
  return [...flags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
