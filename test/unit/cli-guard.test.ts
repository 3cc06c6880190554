import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { borrowedFactsNotice, checkPage, checkVersion, CommandTree, docsVersions, formatError } from '../../src/builder/commands/cli-check.ts';
import type { CliFacts, CommandFact, FlagFact, PermissionFact } from '../../src/builder/commands/cli-facts.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs commands and configs match their zrok release', () => {
  // One pass over every page. Its speed is no test's business: `npx tsx scripts/check-cli.ts` prints its CPU time.
  let run: { errors: Map<string, string[]> } | undefined;
  const realRun = () => (run ??= { errors: new Map(docsVersions(root).map((v) => [v, checkVersion(root, v).map(formatError)])) });

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
  stanzaDefaults: {
    controller: [
      { key: 'limits.cycle', value: '15 * time.Minute', source: 'limits/config.go:56' },
      { key: 'limits.bandwidth.period', value: '24 * time.Hour', source: 'limits/config.go:33' },
    ],
  },
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
    cmd('zrok reserve', { flags: [bool('open'), str('backend-mode', 'b')] }),
    cmd('zrok share', { group: true }),
    cmd('zrok share private', { flags: [bool('open'), bool('headless'), str('backend-mode', 'b')] }),
    cmd('zrok share public', { flags: [str('backend-mode', 'b'), { name: 'frontend', type: 'stringArray' }, bool('headless'), bool('insecure', 'k')] }),
    cmd('zrok status', { aliases: ['st'], flags: [bool('secrets')] }),
  ],
  permissionModes: ['zrok reserve', 'zrok share private', 'zrok share public'].map((command): PermissionFact => ({ command, default: 'closed', source: 'x.go:1', flag: 'open', flagMode: 'open' })),
  environment: { ZROK_API_ENDPOINT: 'api.go:1', ZROK_TARGET: 'nfpm/zrok-share.bash:53' },
};
const tree = new CommandTree(facts);
// The same release as 0.4 was: shares open unless --closed.
const openByDefault = new CommandTree({
  ...facts,
  commands: facts.commands.map((c) => ({ ...c, flags: c.flags.map((f) => (f.name === 'open' ? bool('closed') : f)) })),
  permissionModes: facts.permissionModes.map((p) => ({ ...p, default: 'open', flag: 'closed', flagMode: 'closed' })),
});
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

const FIXTURE = path.join(root, 'test/fixtures/fact-guard');

describe('a version cut before its release has facts', () => {
  it("is checked against the facts of the version it was cut from, and says so in one line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fact-guard-cut-'));
    try {
      cpSync(FIXTURE, dir, { recursive: true });
      cpSync(path.join(dir, 'content/docs/9.9'), path.join(dir, 'content/docs/9.10'), { recursive: true });
      writeFileSync(path.join(dir, 'content/cli/9.10.json'), JSON.stringify({ factsOf: '9.9' }));
      const errors = (v: string) => checkVersion(dir, v).map(formatError);
      expect(errors('9.10')).toEqual(errors('9.9').map((e) => e.replaceAll('content/docs/9.9/', 'content/docs/9.10/')));
      expect(errors('9.10').length).toBeGreaterThan(0);
      expect(borrowedFactsNotice(dir, '9.10')).toBe("9.10: checked against 9.9's release (v9.9.1) until you run npx tsx scripts/extract-cli.ts <zrok git dir> <v9.10.x tag>");
      expect(borrowedFactsNotice(dir, '9.9')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the fact guard, on a fixture version whose every guide breaks one fact', () => {
  it('fails each page at the line of the broken fact, and nothing else', () => {
    expect(checkVersion(FIXTURE, '9.9').map(formatError)).toEqual([
      'content/docs/9.9/guides/config-version.mdx:6: v: 3 → frontend config expects v: 4 in v9.9.1',
      'content/docs/9.9/guides/docker-env.mdx:12: ZROK_ENVIRONMENT_LABEL → no script, Docker file or Go code of v9.9.1 reads this variable',
      'content/docs/9.9/guides/docker-env.mdx:16: ZROK_SHARE_TIMEOUT → no script, Docker file or Go code of v9.9.1 reads this variable',
      'content/docs/9.9/guides/private-claim.mdx:12: "Anyone with the token can access it from their own environment." → zrok reserve private without --open (line 8) makes a closed share in v9.9.1 (cmd/zrok/reserve.go:144): only its owner\'s account and accounts granted access can reach it',
      'content/docs/9.9/guides/stanza-default.mdx:12: `cycle` default → limits.cycle is 15 * time.Minute (controller/limits/config.go:56) only while the whole `limits:` stanza is absent in v9.9.1; a key left out of a written stanza is zero',
      'content/docs/9.9/guides/default-open.mdx:5: default permission mode "open" → closed in v9.9.1 (cmd/zrok/reserve.go:144, cmd/zrok/sharePrivate.go:180, cmd/zrok/sharePublic.go:159), as content/docs/9.9/getting-started.mdx:15 says',
      'content/docs/9.9/guides/other-domain.mdx:5: hosted share domain "in.zrok.io" → content/docs/9.9/getting-started.mdx:37 says share.zrok.io, as does one more place of this version',
    ]);
  });
});

describe('what a page says about who may access a private share', () => {
  const share = (command: string, claim: string) => `## Share\n\n${fence('bash', command)}\n${claim}\n`;
  const claimAt = (line: number, words: string, command: string, shareLine: number, mode = 'closed', how = 'without --open') =>
    `${FILE}:${line}: "${words}" → ${command} ${how} (line ${shareLine}) makes a ${mode} share in v9.9.1 (x.go:1): ${
      mode === 'closed' ? "only its owner's account and accounts granted access can reach it" : 'any account that has its token can access it'
    }`;

  it('fails a claim that anyone may access a share made closed, at the claim\'s line', () => {
    expect(check(share('zrok share private http://localhost:8080', 'It is ready.\nAny `zrok` user can run the printed command.'))).toEqual([
      claimAt(10, 'Any `zrok` user can run the printed command.', 'zrok share private', 6),
    ]);
    expect(check(share('zrok reserve private -b web .', 'Every account that has the token can access it.'))).toEqual([
      claimAt(9, 'Every account that has the token can access it.', 'zrok reserve private', 6),
    ]);
  });

  it('fails a claim that only you may access a share made open, in a release where open is the default', () => {
    expect(checkPage(FILE, share('zrok share private 8080', 'Only your own account can access it.'), openByDefault).map(formatError)).toEqual([
      claimAt(9, 'Only your own account can access it.', 'zrok share private', 6, 'open', 'without --closed'),
    ]);
  });

  it.each([
    ['the share made open', share('zrok share private --open 8080', 'Any user can run the printed command.')],
    ['a sentence about the open mode', share('zrok share private 8080', 'With `--open`, any account that has the token can access it.')],
    ['a sentence that limits itself', share('zrok share private 8080', 'Only your own account can access it; no other user can run the command.')],
    ['a public share, which anyone reaches through its frontend', share('zrok share public 8080', 'Anyone can reach it at its URL.')],
    ['a sentence about public shares beside a private one', share('zrok share private 8080', 'Anyone can reach a public share through its URL.')],
    ['a claim in another section', `${share('zrok share private 8080', 'It is ready.')}\n## Public\n\nAnyone can access a public share.\n`],
    ['a section with shares of both modes', share('zrok share private 8080\nzrok share private --open 9090', 'Any user can access the second one.')],
    ['a block for older releases', share('zrok share private 8080', '').replace('```bash', '```bash title="v9.9.0 to v9.9.0"') + 'Any user can access it.\n'],
  ])('accepts %s', (_name, page) => {
    expect(check(page)).toEqual([]);
  });
});

describe('ZROK_ variables set by examples', () => {
  const unread = (line: number, name: string) => `${FILE}:${line}: ${name} → no script, Docker file or Go code of v9.9.1 reads this variable`;

  it.each([
    ['a compose environment map', fence('yaml', 'services:\n  s:\n    image: busybox\n    environment:\n      ZROK_TARGET: x\n      ZROK_TAGRET: x'), 9],
    ['a compose environment list', fence('yaml', 'services:\n  s:\n    image: busybox\n    environment:\n      - ZROK_TARGET=x\n      - ZROK_TAGRET=x'), 9],
    ['an env file', fence('bash', '# /etc/zrok/zrok-share.env\nZROK_TARGET="http://127.0.0.1:3000"\nZROK_TAGRET="x"', 'title="zrok-share.env"'), 6],
    ['export', fence('bash', 'export ZROK_TAGRET=x\nzrok status'), 4],
    ['docker run -e', fence('bash', 'docker run -e ZROK_TARGET=x --env ZROK_TAGRET=x openziti/zrok status'), 4],
  ])('fails a variable the release does not read, set in %s', (_name, page, line) => {
    expect(check(page)).toEqual([unread(line, 'ZROK_TAGRET')]);
  });

  it.each([
    ['variables the release reads', fence('bash', 'export ZROK_API_ENDPOINT=https://x\nZROK_TARGET=x zrok status')],
    ['a shell variable the block reads itself', fence('bash', 'ZROK_VERSION=v9.9.1\ncurl "https://x/${ZROK_VERSION}.tgz"')],
    ['ZROK_FRONTENDS, which the pages show as the release\'s files list it', fence('yaml', 'services:\n  s:\n    image: busybox\n    environment:\n      ZROK_FRONTENDS: public')],
    ['variables read in prose or by compose itself', `Set \`ZROK_NOPE=1\`.\n${fence('yaml', 'services:\n  s:\n    image: ${ZROK_CONTAINER_IMAGE:-openziti/zrok}')}`],
  ])('accepts %s', (_name, page) => {
    expect(check(page)).toEqual([]);
  });
});

describe('defaults of keys that a written stanza loses', () => {
  const limitsPage = (claim: string) => `${fence('yaml', 'limits:\n  cycle: 5m\n  bandwidth:\n    period: 5m', 'title="ctrl.yml"')}\n${claim}\n`;
  const lost = (line: number, span: string, key: string, value: string, source: string) =>
    `${FILE}:${line}: \`${span}\` default → ${key} is ${value} (${source}) only while the whole \`limits:\` stanza is absent in v9.9.1; a key left out of a written stanza is zero`;
  const cycle = (line: number, span = 'cycle') => lost(line, span, 'limits.cycle', '15 * time.Minute', 'limits/config.go:56');

  it.each([
    ['a table row that gives the key its default', limitsPage('| Key | Meaning |\n|---|---|\n| `cycle` | How often the agent checks. Without the key, the agent uses `15m`. |'), 12],
    ['a sentence that says a key left out keeps its default', limitsPage('Every key you leave out keeps its default, such as `15m` for `cycle`.'), 10],
    ['an omitted key', limitsPage('If `cycle` is omitted, the agent relaxes every 15 minutes.'), 10],
    ['the full path, on a page without the stanza', `${fence('bash', 'zrok status')}\n\`limits.cycle\` defaults to \`15m\`.\n`, 7],
  ])('fails %s, at its line', (_name, page, line) => {
    const span = page.includes('`limits.cycle`') ? 'limits.cycle' : 'cycle';
    expect(check(page)).toEqual([cycle(line, span)]);
  });

  it('names each key a sentence promises', () => {
    expect(check(limitsPage('Leave out `cycle` or `bandwidth.period` and each keeps its default.'))).toEqual([
      cycle(10),
      lost(10, 'bandwidth.period', 'limits.bandwidth.period', '24 * time.Hour', 'limits/config.go:33'),
    ]);
  });

  it.each([
    ['the defaults of the whole stanza', limitsPage('If you leave out the whole `limits:` stanza, the `cycle` is `15m` by default.')],
    ['a sentence that says a key left out is zero', limitsPage('A `cycle` you leave out is zero, not its default.')],
    ['the key\'s value without a default claim', limitsPage('| `cycle` | `5m` | How often the agent checks. |')],
    ['a bare key name on a page that does not show its stanza', `${fence('yaml', 'store:\n  path: x')}\nThe \`cycle\` of the job defaults to \`1h\`.\n`],
    ['a key without a nested default', limitsPage('`enforcing` defaults to `false`.')],
  ])('accepts %s', (_name, page) => {
    expect(check(page)).toEqual([]);
  });
});
