import { describe, expect, it } from 'vitest';
import { readCobraCommands } from '../../scripts/cobra-source.ts';
import { readConfigFacts } from '../../scripts/config-source.ts';
import { readEnvironmentFacts } from '../../scripts/env-source.ts';
import { readPermissionFacts } from '../../scripts/permission-source.ts';
import { readStanzaDefaults } from '../../scripts/stanza-defaults-source.ts';
import type { CommandFact } from '../../src/builder/commands/cli-facts.ts';

// The shapes zrok's cmd/zrok uses, in miniature.
const MAIN = `package main

func init() {
	rootCmd.PersistentFlags().BoolVarP(&verbose, "verbose", "v", false, "Enable verbose logging")
	rootCmd.AddCommand(agentCmd)
	rootCmd.AddCommand(shareCmd)
}

var rootCmd = &cobra.Command{
	Use:   strings.TrimSuffix(filepath.Base(os.Args[0]), filepath.Ext(os.Args[0])),
	Short: "zrok",
}

var agentCmd = &cobra.Command{
	Use:     "agent",
	Aliases: []string{"daemon"},
}

var shareCmd = &cobra.Command{Use: "share", Short: "Pass cmd around"}

func main() {
	if err := rootCmd.Execute(); err != nil {
		panic(err)
	}
}
`;
const share = (body: string) => `package main

func init() {
	shareCmd.AddCommand(newSharePublicCommand().cmd)
}

type sharePublicCommand struct {
	cmd *cobra.Command
}

func newSharePublicCommand() *sharePublicCommand {
	cmd := &cobra.Command{
		Use:  "public <target>",
		Args: cobra.ExactArgs(1),
	}
	command := &sharePublicCommand{cmd: cmd}
${body}
	cmd.Run = command.run
	return command
}

func (cmd *sharePublicCommand) run(_ *cobra.Command, args []string) {
	if cmd.cmd.Flags().Changed("headless") {
		return
	}
}
`;
const AGENT_START = `package main

var agentStartCmd *agentStartCommand

func init() {
	agentStartCmd = newAgentStartCommand()
	agentCmd.AddCommand(agentStartCmd.cmd)
}

func newAgentStartCommand() *agentStartCommand {
	cmd := &cobra.Command{Use: "start", Run: func(_ *cobra.Command, _ []string) {}}
	cmd.Flags().Uint16Var(&port, "console-start-port", 8888, "port")
	return &agentStartCommand{cmd: cmd}
}
`;
const read = (shareBody: string) =>
  readCobraCommands({
    files: [
      { path: 'cmd/zrok/main.go', text: MAIN },
      { path: 'cmd/zrok/sharePublic.go', text: share(shareBody) },
      { path: 'cmd/zrok/agentStart.go', text: AGENT_START },
    ],
    goMod: 'module github.com/openziti/zrok\n',
  });

describe('extract-cli reads cobra commands from Go source', () => {
  it('follows literals, constructors, wrappers, AddCommand and flags', () => {
    const cmds = read(`	cmd.Flags().StringVarP(&command.backendMode, "backend-mode", "b", "proxy", "The backend mode")
	// cmd.Flags().BoolVar(&command.closed, "closed", false, "commented out: not a flag")
	cmd.Flags().StringArrayVar(&command.frontends, "frontend", []string{"public"}, "Selected frontends")`);
    const byPath = Object.fromEntries(cmds.map((c) => [c.path, c]));
    expect(Object.keys(byPath)).toEqual([
      'zrok', 'zrok agent', 'zrok agent start', 'zrok completion', 'zrok completion bash', 'zrok completion fish',
      'zrok completion powershell', 'zrok completion zsh', 'zrok help', 'zrok share', 'zrok share public',
    ]);
    expect(byPath['zrok'].persistentFlags).toEqual([{ name: 'verbose', short: 'v', type: 'bool' }]);
    expect(byPath['zrok agent']).toMatchObject({ aliases: ['daemon'], group: true });
    expect(byPath['zrok agent start']).toMatchObject({ group: false, flags: [{ name: 'console-start-port', type: 'uint16' }] });
    expect(byPath['zrok share public']).toMatchObject({
      group: false,
      source: 'cmd/zrok/sharePublic.go',
      flags: [
        { name: 'backend-mode', short: 'b', type: 'string' },
        { name: 'frontend', type: 'stringArray' },
      ],
    });
  });

  it.each([
    ['a helper that may add flags', '	addSubordinateFlags(cmd)', /sharePublic\.go:17: .*passed on \("addSubordinateFlags\(cmd\)"\)/],
    ['flags through a local flag set', '	f := cmd.Flags()\n	f.BoolVar(&command.x, "x", false, "")', /sharePublic\.go:17: cannot follow \.Flags\(\)/],
    ['a flag name that is not a literal', '	cmd.Flags().BoolVar(&command.x, flagName, false, "")', /sharePublic\.go:17: .*not a string literal/],
    ['an unknown flag method', '	cmd.Flags().AddFlagSet(shared)', /sharePublic\.go:17: .*AddFlagSet: unknown flag definition method/],
  ])('fails loudly with file:line on %s', (_name, body, message) => {
    expect(() => read(body)).toThrow(message);
  });
});

describe('extract-cli reads config versions', () => {
  const loader = (dir: string, constLine: string) => ({
    path: `${dir}/config.go`,
    text: `package config\n\n${constLine}\n\ntype Config struct {\n\tV        int\n\tHostMatch string\n\tOauth    *OauthConfig \`cf:"+secret"\`\n}\n\nfunc (c *Config) Load(path string) error {\n\tif err := cf.BindYaml(c, path, cf.DefaultOptions()); err != nil {\n\t\treturn err\n\t}\n\tif c.V != V {\n\t\treturn errors.New("bad version")\n\t}\n\treturn nil\n}\n`,
  });

  it('takes the constant the loader compares v against, and the snake_case keys', () => {
    const facts = readConfigFacts([loader('endpoints/publicProxy', 'const V = 4'), loader('controller/config', 'const V = 3')]);
    expect(facts.frontend).toEqual({ v: 4, keys: ['host_match', 'oauth', 'v'], source: 'endpoints/publicProxy/config.go:3' });
    expect(facts.controller?.v).toBe(3);
  });

  it('fails loudly on a loader it does not know', () => {
    expect(() => readConfigFacts([loader('endpoints/dynamicProxy', 'const V = 1')])).toThrow(/endpoints\/dynamicProxy\/config\.go:12: .*KIND_BY_DIR/);
  });
});

describe('extract-cli reads the defaults a written stanza loses', () => {
  // The shapes of controller/config/config.go and controller/limits/config.go at v1.1.11, in miniature.
  const loader = (seeds: string) => ({
    path: 'controller/config/config.go',
    text: `package config\n\nimport (\n\t"time"\n\n\t"github.com/openziti/zrok/controller/limits"\n)\n\nfunc DefaultConfig() *Config {\n\tcfg := &Config{\n\t\tIdentity: "public",\n${seeds}\t}\n\treturn cfg\n}\n`,
  });
  const limitsConfig = {
    path: 'controller/limits/config.go',
    text: 'package limits\n\nfunc DefaultBandwidth() *Bandwidth {\n\treturn &Bandwidth{\n\t\tPeriod: 24 * time.Hour,\n\t\tLimit:  &Rate{Total: store.Unlimited},\n\t}\n}\n\nfunc DefaultConfig() *Config {\n\treturn &Config{\n\t\tShares:    store.Unlimited,\n\t\tBandwidth: DefaultBandwidth(),\n\t\tEnforcing: false,\n\t\tCycle:     15 * time.Minute,\n\t}\n}\n',
  };
  const reader = { module: 'github.com/openziti/zrok', files: (dir: string) => (dir === 'controller/limits' ? [limitsConfig] : []) };

  it('follows nested literals and seeding functions into other packages, and leaves out top-level and zero seeds', () => {
    const seeds = '\t\tLimits: limits.DefaultConfig(),\n\t\tMaintenance: &MaintenanceConfig{\n\t\t\tRegistration: &RegistrationMaintenanceConfig{BatchLimit: 500, CheckFrequency: time.Hour},\n\t\t},\n';
    expect(readStanzaDefaults(loader(seeds), reader)).toEqual([
      { key: 'limits.shares', value: 'store.Unlimited', source: 'controller/limits/config.go:12' },
      { key: 'limits.bandwidth.period', value: '24 * time.Hour', source: 'controller/limits/config.go:5' },
      { key: 'limits.bandwidth.limit.total', value: 'store.Unlimited', source: 'controller/limits/config.go:6' },
      { key: 'limits.cycle', value: '15 * time.Minute', source: 'controller/limits/config.go:15' },
      { key: 'maintenance.registration.batch_limit', value: '500', source: 'controller/config/config.go:14' },
      { key: 'maintenance.registration.check_frequency', value: 'time.Hour', source: 'controller/config/config.go:14' },
    ]);
  });

  it('finds none where DefaultConfig seeds only the top level, or is missing', () => {
    expect(readStanzaDefaults(loader(''), reader)).toEqual([]);
    expect(readStanzaDefaults({ path: 'canary/config.go', text: 'package canary\n\nconst V = 1\n' }, reader)).toEqual([]);
  });

  it('fails loudly with file:line on a seeding call into the module it cannot follow', () => {
    expect(() => readStanzaDefaults(loader('\t\tLimits: limits.Defaults(),\n'), reader)).toThrow(/controller\/config\/config\.go:12: seeds limits with limits\.Defaults\(\)/);
  });
});

describe('extract-cli reads default permission modes', () => {
  // The shapes of cmd/zrok/sharePrivate.go at v1.1.11 (mode named in the request) and v0.4.49 (left to the controller).
  const sharePrivate = (literal: string, change: string, switched = true) => ({
    path: 'cmd/zrok/sharePrivate.go',
    text: `package main\n\nfunc newSharePrivateCommand() *sharePrivateCommand {\n\tcmd.Flags().BoolVar(&command.${change}, "${change}", false, "")\n}\n\nfunc (cmd *sharePrivateCommand) shareLocal() {\n\treq := &sdk.ShareRequest{\n\t\tShareMode: sdk.PrivateShareMode,\n${literal}\t}\n${
      switched ? `\tif cmd.${change} {\n\t\treq.PermissionMode = sdk.${change === 'open' ? 'Open' : 'Closed'}PermissionMode\n\t}\n` : ''
    }}\n`,
  });
  const commands: CommandFact[] = [{ path: 'zrok share private', aliases: [], group: false, source: 'cmd/zrok/sharePrivate.go', flags: [], persistentFlags: [] }];
  const controller = { path: 'controller/share.go', text: 'package controller\n\nfunc x() {\n\tsshr := &store.Share{\n\t\tPermissionMode: store.OpenPermissionMode,\n\t}\n\tif params.Body.PermissionMode != "" {\n\t}\n}\n' };

  it('takes the mode the request names, and the flag that switches it', () => {
    expect(readPermissionFacts([sharePrivate('\t\tPermissionMode: sdk.ClosedPermissionMode,\n', 'open')], commands, controller)).toEqual([
      { command: 'zrok share private', default: 'closed', source: 'cmd/zrok/sharePrivate.go:10', flag: 'open', flagMode: 'open' },
    ]);
  });

  it("takes the controller's default when the request names none", () => {
    expect(readPermissionFacts([sharePrivate('', 'closed')], commands, controller)).toEqual([
      { command: 'zrok share private', default: 'open', source: 'controller/share.go:5', flag: 'closed', flagMode: 'closed' },
    ]);
  });

  it('fails loudly with file:line on a request whose mode no flag changes', () => {
    expect(() => readPermissionFacts([sharePrivate('\t\tPermissionMode: sdk.ClosedPermissionMode,\n', 'open', false)], commands, controller)).toThrow(/sharePrivate\.go:8: no "if cmd\.<flag>/);
  });
});

describe('extract-cli reads the ZROK_ variables a release reads', () => {
  const script = `#!/usr/bin/env bash
set -o nounset
# ZROK_COMMENTED is only named in a comment
: "\${ZROK_FRONTEND_MODE:=reserved-public}"
ZROK_CMD="reserve public"
[[ -n "\${ZROK_UNIQUE_NAME:-}" ]] && ZROK_CMD+=" --unique-name \${ZROK_UNIQUE_NAME}"
ZROK_BACKEND_MODE="\${ZROK_BACKEND_MODE:-proxy}"
exec zrok \${ZROK_CMD} "\${ZROK_TARGET}"
`;
  const compose = 'services:\n  s:\n    image: ${ZROK_CONTAINER_IMAGE:-openziti/zrok}\n    environment:\n      ZROK_FRONTENDS:\n';
  const go = 'package env\n\nfunc f() {\n\t// os.Getenv("ZROK_OLD")\n\tv := os.Getenv("ZROK_API_ENDPOINT")\n}\n';

  it('counts what scripts read from their environment, what Docker files substitute, and what Go reads', () => {
    const reads = readEnvironmentFacts(
      [
        { path: 'nfpm/zrok-share.bash', text: script },
        { path: 'docker/compose/zrok-public-reserved/compose.yml', text: compose },
        { path: 'nfpm/zrok-share.env', text: 'ZROK_SAMPLE=1\n' },
      ],
      [{ path: 'environment/env_v0_4/api.go', text: go }],
    );
    expect(reads).toEqual({
      ZROK_API_ENDPOINT: 'environment/env_v0_4/api.go:5',
      ZROK_BACKEND_MODE: 'nfpm/zrok-share.bash:7',
      ZROK_CONTAINER_IMAGE: 'docker/compose/zrok-public-reserved/compose.yml:3',
      ZROK_FRONTEND_MODE: 'nfpm/zrok-share.bash:4',
      ZROK_TARGET: 'nfpm/zrok-share.bash:8',
      ZROK_UNIQUE_NAME: 'nfpm/zrok-share.bash:6',
    });
  });

  it('gives each read the line it is on, after blank and comment lines; a script reads nothing in comments or single quotes', () => {
    const script = '#!/usr/bin/env bash\n\n# a comment after a blank line\n\n# another\necho "${ZROK_ONE}"\necho \'${ZROK_QUOTED}\' # ${ZROK_COMMENT}\n';
    const compose = 'services:\n\n  # a comment after a blank line\n  s:\n    image: ${ZROK_IMAGE}\n';
    expect(readEnvironmentFacts([{ path: 'nfpm/x.bash', text: script }, { path: 'docker/compose.yml', text: compose }], [])).toEqual({
      ZROK_IMAGE: 'docker/compose.yml:5',
      ZROK_ONE: 'nfpm/x.bash:6',
    });
  });
});
