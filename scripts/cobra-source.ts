/**
 * Reads zrok's cobra command tree from the Go sources of cmd/zrok (no Go toolchain): command
 * literals, constructors, the AddCommand wiring and the flag definitions. It follows the handful of
 * shapes zrok uses and throws GoSourceError (file:line) on anything else, so a new shape in a future
 * release stops the extraction instead of producing a wrong command list.
 */
import type { CommandFact, FlagFact } from '../src/builder/commands/cli-facts.ts';
import { blankStrings, GoFile, GoSourceError, goString, matchClose, splitTopLevel, topLevelDecls, type GoDecl } from './go-scan.ts';

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
  pos: number;
}

/** A constructor: what one call of it builds, and whether it returns the command or a struct holding it in `.cmd`. */
interface Ctor {
  file: GoFile;
  decl: GoDecl;
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

const RECEIVER = String.raw`((?:\w+(?:\(\))?\.)*\w+(?:\(\))?)`;
const FLAG_CALL = new RegExp(String.raw`${RECEIVER}\s*\.\s*(Flags|PersistentFlags|LocalFlags|InheritedFlags|NonInheritedFlags|LocalNonPersistentFlags)\(\)\s*\.\s*(\w+)\s*\(`, 'g');
const ADD_CALL = new RegExp(String.raw`${RECEIVER}\s*\.\s*AddCommand\s*\(`, 'g');

export interface CobraInput {
  /** Go files of the command package: path (for messages) and text. */
  files: { path: string; text: string }[];
  /** go.mod text, to pin external commands to the module version they were read from. */
  goMod: string;
}

export function readCobraCommands({ files, goMod }: CobraInput): CommandFact[] {
  return new CobraReader(files.map((f) => new GoFile(f.path, f.text)), goMod).run();
}

class CobraReader {
  private readonly ctors = new Map<string, Ctor>();
  private readonly literalVars = new Map<string, Command>();
  private readonly varDecls = new Map<string, { file: GoFile; decl: GoDecl }>();
  private readonly bindings = new Map<string, { file: GoFile; pos: number; expr: string }>();
  private readonly resolvedVars = new Map<string, Value>();
  /** Positions (file path + offset) of every AddCommand/Flags()/cobra.Command{ that was understood. */
  private readonly consumed = new Set<string>();

  constructor(
    private readonly files: GoFile[],
    private readonly goMod: string,
  ) {
    // Go runs init functions file by file in name order; so do we.
    this.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private consume(file: GoFile, pos: number) {
    this.consumed.add(`${file.path}@${pos}`);
  }

  run(): CommandFact[] {
    const inits: { file: GoFile; decl: GoDecl }[] = [];
    let rootVar: { name: string; file: GoFile; pos: number } | undefined;
    for (const file of this.files) {
      for (const decl of topLevelDecls(file)) {
        const body = file.code.slice(decl.bodyStart, decl.bodyEnd);
        if (decl.kind === 'var') {
          this.varDecls.set(decl.name, { file, decl });
          const lit = /^&\s*cobra\.Command\s*\{/.exec(body);
          if (lit) this.literalVars.set(decl.name, this.readLiteral(file, decl.bodyStart + lit[0].length - 1));
          else if (body.trim()) this.bind(decl.name, file, decl.bodyStart, body.trim());
        } else if (decl.receiver) {
          this.readOnlyFlagUses(file, decl);
        } else if (decl.name === 'init') {
          inits.push({ file, decl });
        } else if (/&\s*cobra\.Command\s*\{/.test(body)) {
          if (this.ctors.has(decl.name)) file.fail(decl.pos, `constructor ${decl.name} is defined twice (build tags?)`);
          this.ctors.set(decl.name, this.readCtor(file, decl));
        } else {
          if (decl.name === 'main') {
            const exec = /(\w+)\s*\.\s*Execute(?:C|Context)?\s*\(/.exec(body);
            if (exec) rootVar = { name: exec[1], file, pos: decl.bodyStart + exec.index };
          }
          this.readOnlyFlagUses(file, decl);
        }
      }
    }
    for (const { file, decl } of inits) this.readBindings(file, decl);
    for (const { file, decl } of inits) this.readActions(file, decl);
    this.checkAllConsumed();

    if (!rootVar) throw new GoSourceError(`${this.files[0]?.path ?? 'cmd'}: no rootCmd.Execute() found in func main`);
    const root = this.resolve(rootVar.name, rootVar.file, rootVar.pos).cmd;
    if (root.parent) rootVar.file.fail(rootVar.pos, `${rootVar.name} is executed but is a subcommand`);
    this.addCobraBuiltins(root);
    return this.facts(root);
  }

  /** `&cobra.Command{ … }` at `open` (the brace): Use, Aliases, Run/RunE, Hidden. */
  private readLiteral(file: GoFile, open: number): Command {
    const close = matchClose(file.code, open);
    if (close < 0) file.fail(open, 'unbalanced cobra.Command literal');
    this.consume(file, file.code.lastIndexOf('cobra', open));
    const cmd: Command = { name: '', aliases: [], runnable: false, hidden: false, flags: [], persistentFlags: [], children: [], file, pos: open };
    for (const field of splitTopLevel(file.code, open + 1, close)) {
      const kv = /^(\w+)\s*:\s*([\s\S]*)$/.exec(field.text);
      if (!kv) file.fail(field.pos, `cobra.Command field without a key: ${field.text.slice(0, 40)}`);
      const [, key, value] = kv;
      if (key === 'Use') {
        const use = goString(value);
        if (use === undefined) cmd.useExpr = value;
        else cmd.name = use.trim().split(/\s+/)[0];
      } else if (key === 'Aliases') {
        const list = /^\[\]string\s*\{([\s\S]*)\}$/.exec(value);
        if (!list) file.fail(field.pos, `Aliases is not a []string{…} literal`);
        for (const item of splitTopLevel(list[1], 0, list[1].length)) {
          const alias = goString(item.text);
          if (alias === undefined) file.fail(field.pos, `alias ${item.text} is not a string literal`);
          cmd.aliases.push(alias);
        }
      } else if (key === 'Run' || key === 'RunE') {
        if (value !== 'nil') cmd.runnable = true;
      } else if (key === 'Hidden') {
        if (value !== 'true' && value !== 'false') file.fail(field.pos, `Hidden: ${value} is not a constant`);
        cmd.hidden = value === 'true';
      }
    }
    return cmd;
  }

  /** A constructor: one `x := &cobra.Command{…}`, flags on x (or on wrapper.cmd), `x.Run = …`, and `return`. */
  private readCtor(file: GoFile, decl: GoDecl): Ctor {
    const { code } = file;
    const body = code.slice(decl.bodyStart, decl.bodyEnd);
    const lits = [...body.matchAll(/(\w+)\s*:=\s*&\s*cobra\.Command\s*\{/g)];
    const anyLits = [...body.matchAll(/&\s*cobra\.Command\s*\{/g)];
    if (lits.length !== 1 || anyLits.length !== 1) file.fail(decl.pos, `${decl.name}: expected exactly one "x := &cobra.Command{…}"`);
    const cmdVar = lits[0][1];
    const template = this.readLiteral(file, decl.bodyStart + lits[0].index + lits[0][0].length - 1);
    if (!template.name) file.fail(template.pos, `${decl.name}: Use is not a string literal`);

    // The struct that carries the command: `w := &T{cmd: x}` / `&T{x}`; returned as a wrapper.
    const wrappers = new Set<string>();
    for (const m of body.matchAll(/(\w+)\s*:=\s*&\s*\w+\s*\{/g)) {
      const open = decl.bodyStart + m.index + m[0].length - 1;
      const inner = code.slice(open + 1, matchClose(code, open));
      if (new RegExp(String.raw`(^|[{,]\s*|\bcmd\s*:\s*)${cmdVar}\b`).test(inner.trim())) wrappers.add(m[1]);
    }
    const isCmd = (recv: string) => recv === cmdVar || [...wrappers].some((w) => recv === `${w}.cmd`);

    for (const m of body.matchAll(FLAG_CALL)) {
      const pos = decl.bodyStart + m.index;
      if (!isCmd(m[1])) file.fail(pos, `${decl.name}: flags defined on ${m[1]}, which is not the command being built`);
      this.readFlagCall(file, pos, m, template);
    }
    for (const m of body.matchAll(new RegExp(String.raw`${RECEIVER}\s*\.\s*(Run|RunE|Use|Aliases|Hidden)\s*=(?!=)`, 'g'))) {
      const pos = decl.bodyStart + m.index;
      if (!isCmd(m[1])) continue;
      if (m[2] === 'Run' || m[2] === 'RunE') template.runnable = true;
      else file.fail(pos, `${decl.name}: ${m[2]} assigned after the literal`);
    }
    // Passing the command to a helper could add flags or subcommands we would not see.
    const bare = blankStrings(body);
    for (const m of bare.matchAll(new RegExp(String.raw`(?<![.\w])${cmdVar}\b(?!\s*(?:\.|:=))`, 'g'))) {
      const pos = decl.bodyStart + m.index;
      const before = bare.slice(0, m.index);
      if (/return\s+$/.test(before)) continue;
      if (/&\s*\w+\s*\{[^{}]*$/.test(before)) continue; // inside the wrapper's composite literal
      const line = file.text.slice(file.text.lastIndexOf('\n', pos) + 1, file.text.indexOf('\n', pos)).trim();
      file.fail(pos, `${decl.name}: the command is passed on ("${line}"); cannot follow what that adds`);
    }

    const returns = new Set([...body.matchAll(/\breturn[ \t]+([^\n]+)/g)].map((m) => m[1].trim()));
    if (returns.size !== 1) file.fail(decl.pos, `${decl.name}: expected one return expression, found ${returns.size}`);
    const ret = [...returns][0];
    let kind: Ctor['returns'];
    if (ret === cmdVar) kind = 'command';
    else if (wrappers.has(ret) || new RegExp(String.raw`^&\s*\w+\s*\{[^}]*\b${cmdVar}\b`).test(ret)) kind = 'wrapper';
    else file.fail(decl.pos, `${decl.name}: returns ${ret}, which neither is nor holds the command`);
    return { file, decl, template, returns: kind };
  }

  /** `recv.Flags().XxxVarP(&v, "name", "n", …)`: one flag on `cmd` (or a read-only use, which adds nothing). */
  private readFlagCall(file: GoFile, pos: number, m: RegExpMatchArray, cmd: Command | undefined) {
    const [, , set, method] = m;
    const open = pos + m[0].length - 1;
    this.consume(file, open);
    if (FLAG_READ_ONLY.test(method)) return;
    if (set !== 'Flags' && set !== 'PersistentFlags') file.fail(pos, `${set}().${method}: defines flags on a derived flag set`);
    const shape = /^([A-Z]\w*?)(VarP|Var|P)?$/.exec(method);
    if (!shape || !FLAG_TYPES.has(shape[1])) file.fail(pos, `${set}().${method}: unknown flag definition method`);
    if (!cmd) file.fail(pos, `${set}().${method} outside a constructor or init: cannot tell which command it belongs to`);
    const args = splitTopLevel(file.code, open + 1, matchClose(file.code, open));
    const nameAt = shape[2] === 'VarP' || shape[2] === 'Var' ? 1 : 0;
    const name = goString(args[nameAt]?.text ?? '');
    const short = shape[2] === 'VarP' || shape[2] === 'P' ? goString(args[nameAt + 1]?.text ?? '') : '';
    if (!name || short === undefined || short.length > 1) file.fail(pos, `${set}().${method}: flag name/shorthand is not a string literal`);
    const type = shape[1][0].toLowerCase() + shape[1].slice(1);
    const flag: FlagFact = short ? { name, short, type } : { name, type };
    const list = set === 'PersistentFlags' ? cmd.persistentFlags : cmd.flags;
    if ([...cmd.flags, ...cmd.persistentFlags].some((f) => f.name === name || (short && f.short === short))) {
      file.fail(pos, `flag --${name}${short ? `/-${short}` : ''} defined twice on one command`);
    }
    list.push(flag);
  }

  /** Method bodies and other funcs may read flags (GetString, Changed…) but not define them. */
  private readOnlyFlagUses(file: GoFile, decl: GoDecl) {
    const body = file.code.slice(decl.bodyStart, decl.bodyEnd);
    for (const m of body.matchAll(FLAG_CALL)) this.readFlagCall(file, decl.bodyStart + m.index, m, undefined);
  }

  private bind(name: string, file: GoFile, pos: number, expr: string) {
    if (this.bindings.has(name)) file.fail(pos, `${name} is assigned more than once`);
    this.bindings.set(name, { file, pos, expr });
  }

  /** `x = newX()` / `x = newX().cmd` in init functions, for package-level vars. */
  private readBindings(file: GoFile, decl: GoDecl) {
    const body = file.code.slice(decl.bodyStart, decl.bodyEnd);
    for (const m of body.matchAll(/^[ \t]*(\w+)[ \t]*=(?!=)[ \t]*(.+?)[ \t]*$/gm)) {
      if (this.varDecls.has(m[1])) this.bind(m[1], file, decl.bodyStart + m.index, m[2]);
    }
  }

  /** AddCommand wiring and flags defined on package-level commands inside init functions. */
  private readActions(file: GoFile, decl: GoDecl) {
    const { code } = file;
    const body = code.slice(decl.bodyStart, decl.bodyEnd);
    for (const m of body.matchAll(ADD_CALL)) {
      const pos = decl.bodyStart + m.index;
      const open = pos + m[0].length - 1;
      this.consume(file, open);
      const parent = this.resolve(m[1], file, pos).cmd;
      for (const arg of splitTopLevel(code, open + 1, matchClose(code, open))) {
        const child = this.resolve(arg.text, file, arg.pos).cmd;
        if (child.parent) file.fail(arg.pos, `${arg.text} is added to two parents`);
        if (child === parent) file.fail(arg.pos, `${arg.text} is added to itself`);
        child.parent = parent;
        parent.children.push(child);
      }
    }
    for (const m of body.matchAll(FLAG_CALL)) {
      const pos = decl.bodyStart + m.index;
      const [, recv, , method] = m;
      this.readFlagCall(file, pos, m, FLAG_READ_ONLY.test(method) ? undefined : this.resolve(recv, file, pos).cmd);
    }
  }

  /** What a Go expression in the wiring denotes: a command, or a struct whose `.cmd` is one. */
  private resolve(expr: string, file: GoFile, pos: number): Value {
    const e = expr.replace(/\s+/g, '');
    let m: RegExpExecArray | null;
    if ((m = /^(.+)\.cmd$/.exec(e))) {
      const v = this.resolve(m[1], file, pos);
      if (v.kind !== 'wrapper') file.fail(pos, `${m[1]} holds no .cmd`);
      return { kind: 'command', cmd: v.cmd };
    }
    if ((m = /^(\w+)\(\)$/.exec(e))) {
      const ctor = this.ctors.get(m[1]);
      if (!ctor) file.fail(pos, `${m[1]}() is not a command constructor found in this package`);
      return { kind: ctor.returns, cmd: this.instantiate(ctor.template) };
    }
    if ((m = /^(\w+\.\w+)\((\w*)\)$/.exec(e))) return { kind: 'command', cmd: this.external(m[1], file, pos) };
    if ((m = /^\w+$/.exec(e))) {
      const name = m[0];
      const done = this.resolvedVars.get(name);
      if (done) return done;
      const lit = this.literalVars.get(name);
      const binding = this.bindings.get(name);
      let v: Value;
      if (lit) v = { kind: 'command', cmd: lit };
      else if (binding) v = this.resolve(binding.expr, binding.file, binding.pos);
      else file.fail(pos, `${name}: no cobra.Command literal or constructor assignment found for it`);
      this.resolvedVars.set(name, v);
      return v;
    }
    file.fail(pos, `cannot follow the expression ${expr}`);
  }

  private instantiate(t: Command): Command {
    return { ...t, aliases: [...t.aliases], flags: [...t.flags], persistentFlags: [...t.persistentFlags], children: [], parent: undefined };
  }

  private external(call: string, file: GoFile, pos: number): Command {
    const ext = EXTERNAL[call];
    if (!ext) file.fail(pos, `${call}(…) builds a command in another module; read its source and add it to EXTERNAL`);
    const req = new RegExp(String.raw`^\s*(?:require\s+)?${ext.module.replace(/[.]/g, '\\.')}\s+(\S+)`, 'm').exec(this.goMod);
    if (!req || req[1] !== ext.version) {
      file.fail(pos, `${call}: go.mod requires ${ext.module} ${req?.[1] ?? '(none)'}, the extractor knows ${ext.version}; re-read that module's command and update EXTERNAL`);
    }
    return { ...ext.command, aliases: [], persistentFlags: [], children: [], flags: [...ext.command.flags], file, pos };
  }

  /** cobra's own help and completion commands, which it adds to a root that has subcommands. */
  private addCobraBuiltins(root: Command) {
    if (/CompletionOptions|SetHelpCommand/.test(this.files.map((f) => f.code).join('\n'))) {
      throw new GoSourceError(`${root.file.path}: CompletionOptions/SetHelpCommand used: the built-in help/completion commands may differ`);
    }
    if (!root.children.length) return;
    const make = (name: string, runnable: boolean, flags: FlagFact[] = []): Command => ({
      name, aliases: [], runnable, hidden: false, builtin: true, flags, persistentFlags: [], children: [], file: root.file, pos: 0,
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
      for (const m of file.code.matchAll(/\.\s*AddCommand\s*\(|\.\s*(?:Flags|PersistentFlags|LocalFlags|InheritedFlags|NonInheritedFlags|LocalNonPersistentFlags)\s*\(\s*\)|\bcobra\s*\.\s*Command\s*\{/g)) {
        let key: number;
        if (m[0].startsWith('cobra')) key = m.index;
        else if (m[0].includes('AddCommand')) key = m.index + m[0].length - 1;
        else {
          // The flag call's own argument list opens after ".Method(".
          const call = /^\s*\.\s*\w+\s*\(/.exec(file.code.slice(m.index + m[0].length));
          key = call ? m.index + m[0].length + call[0].length - 1 : -1;
        }
        if (!this.consumed.has(`${file.path}@${key}`)) file.fail(m.index, `cannot follow ${m[0].replace(/\s+/g, '')} here`);
      }
    }
  }

  private facts(root: Command): CommandFact[] {
    if (!root.useExpr && root.name !== 'zrok') root.file.fail(root.pos, `root command is named ${root.name}, not zrok`);
    const out: CommandFact[] = [];
    const walk = (cmd: Command, path: string) => {
      if (!cmd.name) cmd.file.fail(cmd.pos, 'command without a literal Use');
      if (cmd !== root && cmd.useExpr) cmd.file.fail(cmd.pos, `Use: ${cmd.useExpr} is not a string literal`);
      const siblings = cmd.parent?.children ?? [];
      for (const s of siblings) {
        if (s !== cmd && (s.name === cmd.name || s.aliases.includes(cmd.name))) cmd.file.fail(cmd.pos, `${path}: name clashes with a sibling`);
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
      if (!cmd.children.length && !cmd.runnable) cmd.file.fail(cmd.pos, `${path} has neither Run nor subcommands`);
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
