import { describe, expect, it } from 'vitest';
import { readCobraCommands } from '../../scripts/cobra-source.ts';
import { readConfigFacts } from '../../scripts/config-source.ts';

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
