import siteConfig from '../../../site.config.ts';

/** The site's base URL: BASE_URL at build time overrides site.config.ts (e.g. BASE_URL=/zrok-docs/). */
export function resolveBase(): string {
  const raw = process.env.BASE_URL ?? siteConfig.baseUrl;
  return `/${raw.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}
