import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { checkPage, checkVersion, CommandTree, docsVersions, formatError } from '../../src/builder/commands/cli-check.ts';
import type { CliFacts, CommandFact, FlagFact } from '../../src/builder/commands/cli-facts.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs commands and configs match their zrok release', () => {
  // One pass over every page; CPU time rather than wall time, which other processes stretch.
  let run: { errors: Map<string, string[]>; cpuMs: number } | undefined;
  const realRun = () =>
    (run ??= (() => {
      const started = process.cpuUsage();
      const errors = new Map(docsVersions(root).map((v) => [v, checkVersion(root, v).map(formatError)]));
      const used = process.cpuUsage(started);
      return { errors, cpuMs: (used.user + used.system) / 1000 };
    })());

  it('checks every page of every version in well under 2 s', () => {
    expect(realRun().cpuMs).toBeLessThan(2000);
  });

  // Fails while pages still name flags/commands/config versions their release does not have.
  it.each(docsVersions(root))('content/docs/%s', (version) => {
    expect(realRun().errors.get(version)).toEqual([]);
  });
});

// A small release, so the cases below do not move when content/cli/*.json is regenerated.
const bool = (name: string, short?: string): FlagFact => (short ? { name, short, type: 'bool' } : { name, type: 'bool' });
const str = (name: string, short?: string): FlagFact => (short ? { name, short, type: 'string' } : { name, type: 'string' });
const cmd = (p: string, more: Partial<CommandFact> = {}): CommandFact => ({ path: p, aliases: [], group: false, source: 'x.go', flags: [], persistentFlags: [], ...more });
const facts: CliFacts = {
  version: '9.9',
  tag: 'v9.9.1',
  commit: '0'.repeat(40),
  configVersions: { controller: 4, frontend: 4 },
  configKeys: {
    controller: ['admin', 'endpoint', 'limits', 'store', 'tls', 'v', 'ziti'],
    frontend: ['address', 'host_match', 'identity', 'oauth', 'tls', 'v'],
  },
  configSources: {},
  commands: [
    cmd('zrok', { group: true, persistentFlags: [bool('panic', 'p'), bool('verbose', 'v')] }),
    cmd('zrok admin', { group: true }),
    cmd('zrok admin create', { group: true }),
    cmd('zrok admin create frontend', { flags: [bool('closed')] }),
    cmd('zrok agent', { group: true, aliases: ['daemon'] }),
    cmd('zrok agent start', { flags: [str('console-address')] }),
    cmd('zrok controller', { aliases: ['ctrl'] }),
    cmd('zrok controller metrics', { group: true }),
    cmd('zrok controller metrics bridge'),
    cmd('zrok help'),
    cmd('zrok share', { group: true }),
    cmd('zrok share public', { flags: [str('backend-mode', 'b'), { name: 'frontend', type: 'stringArray' }, bool('headless'), bool('insecure', 'k')] }),
    cmd('zrok status', { aliases: ['st'], flags: [bool('secrets')] }),
  ],
};
const tree = new CommandTree(facts);
const FILE = 'content/docs/9.9/guides/x.mdx';
const check = (page: string) => checkPage(FILE, page, tree).map(formatError);
const fence = (lang: string, body: string, meta = '') => `Intro.\n\n\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${body}\n\`\`\`\n`;

describe('the guard catches', () => {
  it('an unknown command', () => {
    expect(check(fence('bash', 'zrok shar public 8080'))).toEqual([`${FILE}:4: zrok shar → unknown command "shar" for "zrok" in v9.9.1`]);
    expect(check(fence('bash', 'zrok share pubic 8080'))).toEqual([`${FILE}:4: zrok share pubic → unknown command "pubic" for "zrok share" in v9.9.1`]);
  });

  it('an unknown flag, on the line where the invocation starts', () => {
    expect(check(fence('bash', 'zrok share public --frontends x 8080'))).toEqual([
      `${FILE}:4: zrok share public --frontends → unknown flag for "zrok share public" in v9.9.1`,
    ]);
    expect(check(fence('bash', 'echo start\nzrok share public \\\n  --headless \\\n  --closed 8080'))).toEqual([
      `${FILE}:5: zrok share public --closed → unknown flag for "zrok share public" in v9.9.1`,
    ]);
    expect(check(fence('bash', 'zrok share public -kz 8080'))).toEqual([
      `${FILE}:4: zrok share public -kz → unknown shorthand flag "-z" in -kz for "zrok share public" in v9.9.1`,
    ]);
    // A flag of another command does not count.
    expect(check(fence('bash', 'zrok status --closed'))).toEqual([`${FILE}:4: zrok status --closed → unknown flag for "zrok status" in v9.9.1`]);
  });

  it.each([
    ['sudo', 'bash', 'sudo -u ziggy -E zrok status --nope'],
    ['an env assignment', 'bash', 'ZROK_API_ENDPOINT=https://x zrok status --nope'],
    ['docker compose exec', 'bash', 'docker compose exec -T zrok-controller zrok status --nope'],
    ['kubectl exec', 'bash', 'kubectl exec -it zrok-0 -- zrok status --nope'],
    ['the zrok image', 'bash', 'docker run --rm openziti/zrok status --nope'],
    ['bash -c', 'bash', "bash -c 'zrok status --nope'"],
    ['$(…)', 'bash', 'echo "$(zrok status --nope)"'],
    ['&&', 'bash', 'cd /tmp && zrok status --nope'],
    ['a path', 'bash', '/usr/local/bin/zrok status --nope'],
    ['a prompt', 'console', '$ zrok status --nope'],
    ['zrok.exe', 'powershell', 'PS C:\\> .\\zrok.exe status --nope'],
    ['a text block', 'text', 'zrok status --nope'],
  ])('an error behind %s', (_name, lang, line) => {
    expect(check(fence(lang, line))).toEqual([`${FILE}:4: zrok status --nope → unknown flag for "zrok status" in v9.9.1`]);
  });

  it('an error in the command of a compose service running the zrok image', () => {
    const compose = 'services:\n  zrok:\n    image: ${ZROK_IMAGE:-docker.io/openziti/zrok}\n    command: share public --frontends x 8080';
    expect(check(fence('yaml', compose, 'title="compose.yml"'))).toEqual([
      `${FILE}:7: zrok share public --frontends → unknown flag for "zrok share public" in v9.9.1`,
    ]);
  });

  it('a flag left without its value', () => {
    expect(check(fence('bash', 'zrok share public 8080 --backend-mode'))).toEqual([
      `${FILE}:4: zrok share public --backend-mode → flag needs a value for "zrok share public" in v9.9.1`,
    ]);
  });

  it('a block titled for releases that include the newest one', () => {
    expect(check(fence('bash', 'zrok share public --closed 8080', 'title="v9.9.0 to v9.9.1"'))).toHaveLength(1);
    expect(check(fence('bash', 'zrok share public --closed 8080', 'title="Terminal"'))).toHaveLength(1);
  });

  it('a command group given alone', () => {
    expect(check(fence('bash', 'zrok agent'))).toEqual([
      `${FILE}:4: zrok agent → command group with no subcommand (one of: start) in v9.9.1`,
    ]);
    expect(check(fence('bash', 'sudo zrok admin create'))).toEqual([
      `${FILE}:4: zrok admin create → command group with no subcommand (one of: frontend) in v9.9.1`,
    ]);
  });

  it('a config with the wrong or a missing v:', () => {
    expect(check(fence('yaml', 'v: 3\nendpoint:\n  host: 0.0.0.0\nstore:\n  path: x', 'title="ctrl.yml"'))).toEqual([
      `${FILE}:4: v: 3 → controller config expects v: 4 in v9.9.1`,
    ]);
    // Recognised by its keys, without a title.
    expect(check(fence('yaml', 'host_match: example.com\naddress: 0.0.0.0:8080\nv: 2'))).toEqual([
      `${FILE}:6: v: 2 → frontend config expects v: 4 in v9.9.1`,
    ]);
    expect(check(fence('yaml', 'host_match: example.com\naddress: 0.0.0.0:8080', 'title="etc/http-frontend.yml"'))).toEqual([
      `${FILE}:3: etc/http-frontend.yml without v: → a full frontend config needs v: 4 in v9.9.1`,
    ]);
  });
});

describe('the guard accepts', () => {
  const valid: [string, string][] = [
    ['aliases', fence('bash', 'zrok daemon start\nzrok st --secrets\nzrok ctrl metrics bridge etc/ctrl.yml')],
    ['--flag=value and a flag value that looks like a command', fence('bash', 'zrok share public --backend-mode=web --frontend public .')],
    ['combined short flags and attached values', fence('bash', 'zrok share public -vkbweb 8080\nzrok -vp status')],
    ['persistent root flags anywhere', fence('bash', 'zrok --verbose share public --panic 8080')],
    ['--help on a group, and help topics', fence('bash', 'zrok agent --help\nzrok admin create -h\nzrok help share public')],
    ['placeholders', fence('text', 'zrok share public <target> [flags]\nzrok admin create <resource> --whatever\nzrok share public ${PORT} …')],
    ['a runnable command with subcommands and an argument', fence('bash', 'zrok controller etc/ctrl.yml')],
    ['sudo, env assignments and env', fence('bash', 'sudo zrok status\nsudo -u ziggy -E zrok status\nZROK_API_ENDPOINT=https://x zrok status\nsudo env HOME=/x zrok status')],
    ['docker and kubectl exec', fence('bash', 'docker compose exec -T zrok-controller zrok status\ndocker exec -it zrok zrok status\nkubectl exec -n zrok deploy/zrok -- zrok status\ndocker compose exec zrok-controller bash -xc \'zrok admin create frontend --closed\'')],
    ['the zrok image', fence('bash', 'docker run --rm --network host --volume ~/.zrok:/home/ziggy/.zrok \\\n  openziti/zrok:latest share public --headless 8080')],
    ['&&, ;, |, $(…) and backticks', fence('bash', 'zrok status && zrok share public 80; echo $(zrok status --secrets) | grep x\nTOKEN=`zrok st`')],
    ['backslash continuations', fence('bash', 'zrok share public \\\n  --backend-mode web \\\n  --headless \\\n  .')],
    ['a block titled for older patch releases of the line only', fence('bash', 'zrok share public --closed 8080', 'title="v9.9.0 to v9.9.0"')],
    ['PowerShell: zrok.exe, backtick continuations, prompts, & calls', fence('powershell', 'PS C:\\> zrok.exe status\nPS> & "C:\\Program Files\\zrok\\zrok.exe" share public `\n  --headless 8080\nPS> .\\zrok.exe st')],
    ['output lines in a session block', fence('console', '$ zrok status\nzrok share public --not-a-flag\n$ zrok agent start')],
    ['output blocks', fence('text', 'zrok agent\nzrok share public --nope', 'title="Output"')],
    ['comments and heredoc bodies', fence('bash', '# zrok agent\nzrok status # zrok agent\ncat > x.sh <<EOF\nzrok agent\nEOF\nzrok status')],
    ['words that are not the program', fence('bash', 'sudo apt install zrok zrok-share\nsystemctl start zrok-agent\ncurl https://api.zrok.io\nls /etc/zrok/\nzrok2 agent\nzrok-share agent\necho zrok agent')],
    ['yaml that is not a zrok config', fence('yaml', 'v: 3\nidentity: x\ndb: y', 'title="ziti-controller.yaml"') + fence('yaml', 'limits:\n  shares: 1', 'title="ctrl.yml"') + fence('yaml', 'services:\n  zrok:\n    image: openziti/zrok')],
    ['compose services: the zrok image, other images, own entrypoints', fence('yaml', 'services:\n  a:\n    image: openziti/zrok:1.1\n    command: ["share", "public", "--headless", "${PORT}"]\n  b:\n    image: busybox\n    command: agent\n  c:\n    image: openziti/zrok\n    entrypoint: zrok-share.bash\n    command: agent', 'title="compose.yml"')],
    ['a config with the right v:', fence('yaml', '# comment\nv: 4\nendpoint:\n  host: 0.0.0.0\nstore:\n  path: x', 'title="ctrl.yml"')],
  ];
  it.each(valid)('%s', (_name, page) => {
    expect(check(page)).toEqual([]);
  });
});
