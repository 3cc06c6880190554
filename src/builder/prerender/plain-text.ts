import type { SiteConfig } from '../../../site.config.ts';
import type { SiteManifest, VersionManifest } from '../../content/types.ts';
import { flattenSidebar } from '../../content/navigation.ts';
import type { PageImages } from './page-images.ts';

/** A page's Markdown source without front matter, under its title and description. */
export function markdownCopy(title: string, description: string, source: string): string {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '').trim();
  return `# ${title}\n\n> ${description}\n\n${body}\n`;
}

/** Docs in sidebar order (the order a reader meets them). */
function inReadingOrder(version: VersionManifest) {
  const order = new Map(flattenSidebar(version.sidebar).map((l, i) => [l.href, i]));
  return [...version.docs].sort((a, b) => (order.get(a.route) ?? 1e9) - (order.get(b.route) ?? 1e9));
}

/** llms.txt: every page of the current version with its description, linking to its Markdown copy. */
export function llmsTxt(config: SiteConfig, base: string, site: SiteManifest, images: PageImages = {}): string {
  const current = site.versions.find((v) => v.current) ?? site.versions[0];
  const origin = config.url + base.replace(/\/$/, '');
  const lines = [
    `# ${config.title}`,
    '',
    `> Documentation for ${config.title}, the ${config.tagline.toLowerCase()}: public, private and reserved shares, tunnels, drives, the agent, the VPN, the hosted myzrok service and self-hosting.`,
    '',
    `Each link is the Markdown source of a page of version ${current.label}; the HTML page is the same path without "index.md". Older versions: ${site.versions
      .filter((v) => !v.current)
      .map((v) => `${origin}${v.root}`)
      .join(', ')}.`,
    '',
    '## Docs',
    '',
    ...inReadingOrder(current).flatMap((d) => [
      `- [${d.title}](${origin}${d.route}index.md): ${d.description}`,
      // Each image of the page once, under it.
      ...[...new Map((images[d.source] ?? []).map((i) => [i.url, i])).values()].map((i) => `  - Image: [${i.alt}](${origin}${i.url})`),
    ]),
    '',
  ];
  return lines.join('\n');
}
