/**
 * The shape of content/cli/<version>.json: facts about one zrok release's command line and config
 * versions, written by scripts/extract-cli.ts and read by the docs command guard (cli-check.ts).
 */

export interface FlagFact {
  /** Long name without dashes, e.g. "backend-mode". */
  name: string;
  /** One-letter shorthand without the dash, e.g. "b". */
  short?: string;
  /** pflag value type ("bool", "string", "stringArray", …); only "bool" and "count" take no value. */
  type: string;
}

export interface CommandFact {
  /** Full path from the root, e.g. "zrok share public". */
  path: string;
  aliases: string[];
  /** Has subcommands and no Run/RunE: running it alone only prints help. */
  group: boolean;
  hidden?: boolean;
  /** Added by cobra itself (help, completion) rather than by zrok's sources. */
  builtin?: boolean;
  /** Source file the command is defined in (in the zrok repository). */
  source: string;
  flags: FlagFact[];
  /** Flags this command passes down to itself and every subcommand. */
  persistentFlags: FlagFact[];
}

export type ConfigKind = 'controller' | 'frontend' | 'canary';

export type PermissionMode = 'open' | 'closed';

/** The permission mode a share-creating command gives a share, and the flag that gives the other one. */
export interface PermissionFact {
  /** e.g. "zrok share private". */
  command: string;
  /** Without the flag. */
  default: PermissionMode;
  /** file:line that sets the default (the command's request, or the controller's fallback when it names none). */
  source: string;
  /** Long name without dashes, e.g. "open". */
  flag: string;
  /** With the flag. */
  flagMode: PermissionMode;
}

/**
 * A value DefaultConfig() seeds inside a nested stanza of a config. It holds only while the whole stanza is absent:
 * cf binds a stanza the file has into a fresh, zero-valued struct, so a key left out of it is zero.
 */
export interface StanzaDefault {
  /** Dotted snake_case path from the top of the config, e.g. "limits.cycle". */
  key: string;
  /** The seeded value as Go source, e.g. "15 * time.Minute". */
  value: string;
  /** file:line of the seed in the zrok repository. */
  source: string;
}

export interface CliFacts {
  /** Docs version folder, e.g. "1.1". */
  version: string;
  /** zrok release tag the facts were read from, e.g. "v1.1.11". */
  tag: string;
  commit: string;
  /** `v:` each YAML config must carry for this release. */
  configVersions: Partial<Record<ConfigKind, number>>;
  /** Top-level keys of each config (snake_case, as the config loader reads them). */
  configKeys: Partial<Record<ConfigKind, string[]>>;
  /** Where each config version came from (file:line in the zrok repository). */
  configSources: Partial<Record<ConfigKind, string>>;
  /** Per config, the defaults that hold only while their stanza is absent (absent in facts written before they were read). */
  stanzaDefaults?: Partial<Record<ConfigKind, StanzaDefault[]>>;
  /** Every command, parents before children, sorted by path. */
  commands: CommandFact[];
  /** Each command that creates a share, sorted by command. */
  permissionModes: PermissionFact[];
  /** Every ZROK_* variable the release reads (Go code, shipped scripts, Docker files) → the first file:line that reads it. */
  environment: Record<string, string>;
}

/** cobra adds --help/-h to every command. */
export const HELP_FLAG: FlagFact = { name: 'help', short: 'h', type: 'bool' };

/** Flag types whose flag takes no value (pflag NoOptDefVal is set). */
export const NO_VALUE_TYPES = new Set(['bool', 'count']);
