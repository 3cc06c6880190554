/**
 * Synthetic docs content for the scale benchmark: `total` pages spread over the three versions of
 * site.config.ts, in nested categories (sections → topics → pages), with the features real pages
 * use: front matter, h2/h3 headings, fenced code with titles, tables, admonitions, tabs, internal
 * links with anchors (all valid, so the link check passes), a mermaid block on every 25th page. One page in 40 is long
 * (about 450 lines, 14 sections, code blocks, tables, a diagram), and the sample page that the benchmark edits is one.
 * Deterministic: the same total gives the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import siteConfig from '../site.config.ts';

const WORDS = (
  'share tunnel proxy reserved private public environment token account agent frontend backend controller ' +
  'identity service network overlay endpoint binding access limit quota metric drive upload download mount ' +
  'certificate domain listener socket session policy secret namespace storage bucket gateway instance cluster ' +
  'route header request response latency throughput client server config option flag value default release'
).split(' ');
const TOPIC_WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PagePlan {
  /** Path relative to the version folder, without extension. */
  id: string;
  title: string;
}

const SECTION_HEADINGS = ['Overview', 'Prerequisites', 'Configure the service', 'Run it', 'Troubleshooting'];

function sentence(rand: () => number, n: number): string {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]);
  return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
}

function pageText(plan: PagePlan, index: number, siblings: PagePlan[], versionRoot: string, rand: () => number): string {
  const other = siblings[(index + 1) % siblings.length];
  const third = siblings[(index + 2) % siblings.length];
  const para = (n = 3) => Array.from({ length: n }, () => sentence(rand, 12 + Math.floor(rand() * 10))).join(' ');
  const parts = [
    '---',
    `title: ${plan.title}`,
    `description: How ${plan.title.toLowerCase()} works and how to configure it, with examples and troubleshooting notes.`,
    '---',
    '',
    para(),
    '',
  ];
  SECTION_HEADINGS.forEach((h, i) => {
    parts.push(`## ${h}`, '', para(), '');
    if (i === 0) parts.push(`See [${other.title}](${versionRoot}${other.id}/) and [its configuration](${versionRoot}${third.id}/#configure-the-service).`, '');
    if (i === 1) parts.push(':::note', para(1), ':::', '', '| Option | Default | Meaning |', '| --- | --- | --- |', ...Array.from({ length: 4 }, (_, r) => `| \`--${WORDS[(index + r) % WORDS.length]}\` | \`${r * 10}\` | ${sentence(rand, 6)} |`), '');
    if (i === 2) {
      parts.push('```yaml title="config.yml"', `v: 4`, `${WORDS[index % WORDS.length]}:`, `  endpoint: https://example.com:${8000 + (index % 1000)}`, `  limit: ${index % 97}`, '```', '');
      parts.push('<Tabs groupId="os">', '<TabItem value="linux" label="Linux">', '', '```bash', `zrok share public localhost:${8000 + (index % 100)} --backend-mode proxy`, '```', '', '</TabItem>', '<TabItem value="windows" label="Windows">', '', '```powershell', `zrok.exe share public localhost:${8000 + (index % 100)}`, '```', '', '</TabItem>', '</Tabs>', '');
      parts.push('### Options in detail', '', para(2), '');
    }
    if (i === 3 && index % 25 === 0) parts.push('```mermaid title="Client, frontend and backend"', 'flowchart LR', '  A[client] --> B[frontend]', '  B --> C[backend]', '```', '');
    if (i === 4) parts.push(':::warning[Known issue]', para(1), ':::', '');
  });
  return parts.join('\n');
}

const LONG_SECTIONS = ['Overview', 'Before you start', 'Install the service', 'Configure the service', 'Configure the frontend', 'Create accounts', 'Share a service', 'Reserve a name', 'Limits and quotas', 'Metrics', 'Upgrade', 'Back up and restore', 'Troubleshooting', 'Reference'];

/**
 * A long page, like the self-hosting guides writers spend their time on: about 450 lines, 14 sections with code blocks
 * (shell and YAML), tables, admonitions and one diagram.
 */
function longPageText(plan: PagePlan, index: number, siblings: PagePlan[], versionRoot: string, rand: () => number): string {
  const other = siblings[(index + 1) % siblings.length];
  const para = (n = 3) => Array.from({ length: n }, () => sentence(rand, 12 + Math.floor(rand() * 10))).join(' ');
  const word = (i: number) => WORDS[(index + i) % WORDS.length];
  const parts = ['---', `title: ${plan.title}`, `description: A long guide to ${plan.title.toLowerCase()}, from installing the service to troubleshooting it.`, '---', '', para(), ''];
  LONG_SECTIONS.forEach((h, i) => {
    parts.push(`## ${h}`, '', para(), '');
    parts.push('```bash', `sudo systemctl enable --now zrok-${word(i)}.service`, `zrok ${word(i + 1)} ${word(i + 2)} --${word(i + 3)} ${8000 + i}`, `journalctl -u zrok-${word(i)} --since "-${i + 1} min"`, '```', '');
    parts.push(para(2), '');
    if (i % 2 === 0) {
      parts.push('| Setting | Default | What it does |', '| --- | --- | --- |', ...Array.from({ length: 5 }, (_, r) => `| \`${word(i + r)}.${word(i + r + 1)}\` | \`${r * 5}\` | ${sentence(rand, 8)} |`), '');
    } else {
      parts.push('```yaml title="config.yml"', 'v: 4', `${word(i)}:`, `  endpoint: https://${word(i + 1)}.example.com:${9000 + i}`, `  ${word(i + 2)}: ${i * 3}`, `  ${word(i + 3)}:`, `    - ${word(i + 4)}`, `    - ${word(i + 5)}`, '```', '');
    }
    if (i === 0) parts.push(`See [${other.title}](${versionRoot}${other.id}/) first.`, '');
    if (i === 3) parts.push('```mermaid title="Controller, frontend and share"', 'flowchart LR', `  C[controller ${index % 7}] --> F[frontend]`, '  F --> S[share]', '  S --> B[backend]', '```', '');
    if (i % 4 === 1) parts.push(':::note', para(1), ':::', '');
    parts.push(`### ${h}: details`, '', para(2), '', '```bash', `zrok status --${word(i + 6)}`, '```', '', para(1), '');
  });
  return parts.join('\n');
}

export interface SyntheticSite {
  pages: number;
  /** A long doc page deep in the current version, for per-page measurements and edits. */
  sampleRoute: string;
  /** Its source file, relative to the project root. */
  sampleSource: string;
}

/**
 * Writes `total` pages (split evenly over the configured versions) under `contentDir`
 * (…/content/docs). Each version: sections of 10 topics of `perTopic` pages.
 */
export async function generateSite(contentDir: string, total: number): Promise<SyntheticSite> {
  const versions = siteConfig.versions;
  const perVersion = Math.floor(total / versions.length);
  let written = 0;
  let sampleRoute = '';
  let sampleSource = '';
  for (const [vi, v] of versions.entries()) {
    const rand = rng(1000 + vi);
    const dir = path.join(contentDir, v.name);
    const versionRoot = `/docs/${v.pathPrefix}`;
    const count = vi === versions.length - 1 ? total - written : perVersion;
    const body = count - 1; // getting-started is the main doc
    const perTopic = 20;
    const topicsPerSection = 10;
    const plans: PagePlan[][] = [];
    for (let i = 0, t = 0; i < body; t++) {
      const n = Math.min(perTopic, body - i);
      const section = Math.floor(t / topicsPerSection);
      const topicDir = `section-${section}/topic-${t % topicsPerSection}`;
      plans.push(Array.from({ length: n }, (_, k) => ({ id: `${topicDir}/page-${k}`, title: `${TOPIC_WORDS[t % TOPIC_WORDS.length]} ${WORDS[(t + k) % WORDS.length]} ${t}.${k}` })));
      i += n;
    }
    await mkdir(dir, { recursive: true });
    const main = { id: 'getting-started', title: 'Getting started' };
    await writeFile(path.join(dir, 'getting-started.mdx'), pageText(main, 0, [main, ...plans[0]], versionRoot, rand));
    const sections = new Set<number>();
    for (const [t, topic] of plans.entries()) {
      const section = Math.floor(t / topicsPerSection);
      const topicDir = path.join(dir, `section-${section}`, `topic-${t % topicsPerSection}`);
      await mkdir(topicDir, { recursive: true });
      if (!sections.has(section)) {
        sections.add(section);
        await writeFile(path.join(dir, `section-${section}`, '_category_.json'), JSON.stringify({ label: `Section ${section}`, position: section + 10, link: { type: 'generated-index', slug: `section-${section}` } }));
      }
      await writeFile(path.join(topicDir, '_category_.json'), JSON.stringify({ label: `Topic ${t}`, position: t % topicsPerSection }));
      // The first page of every other topic is long (one page in 40).
      const isLong = (k: number) => k === 0 && t % 2 === 0;
      await Promise.all(topic.map((plan, k) => writeFile(path.join(dir, `${plan.id}.mdx`), (isLong(k) ? longPageText : pageText)(plan, k, topic, versionRoot, rand))));
      if (v.current && t === 2 * Math.floor(plans.length / 4)) {
        sampleRoute = `${versionRoot}${topic[0].id}/`;
        sampleSource = `content/docs/${v.name}/${topic[0].id}.mdx`;
      }
    }
    written += count;
  }
  return { pages: written, sampleRoute, sampleSource };
}
