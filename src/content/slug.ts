import GithubSlugger from 'github-slugger';

/** GitHub-style slug, as used for category index routes and heading anchors. */
export function slugify(text: string): string {
  return new GithubSlugger().slug(text);
}
