/**
 * The blog page type. There are no posts today, so nothing is generated; the model is kept
 * (and tested) so that adding posts to content/blog/ is a content change only.
 */
export interface BlogPostSource {
  relPath: string;
  frontMatter: { title?: string; date?: string | Date; slug?: string; description?: string };
}

export interface BlogPost {
  route: string;
  title: string;
  date: string;
  year: number;
  description: string;
}

export interface BlogModel {
  posts: BlogPost[];
  /** Sidebar grouped by year, newest first. */
  sidebar: { year: number; posts: BlogPost[] }[];
  listRoute: string;
}

const DATED_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

export function buildBlog(sources: BlogPostSource[]): BlogModel | null {
  if (sources.length === 0) return null;
  const posts = sources.map((s): BlogPost => {
    const name = s.relPath.replace(/\.mdx?$/, '').replace(/\/index$/, '');
    const dated = DATED_NAME.exec(name.slice(name.lastIndexOf('/') + 1));
    const rawDate = s.frontMatter.date ?? dated?.[1];
    if (!rawDate) throw new Error(`content/blog/${s.relPath}: a post needs a date (front matter or YYYY-MM-DD- file name)`);
    const date = (rawDate instanceof Date ? rawDate.toISOString() : String(rawDate)).slice(0, 10);
    const slug = s.frontMatter.slug ?? dated?.[2] ?? name;
    return {
      route: `/blog/${slug.replace(/^\/+|\/+$/g, '')}/`,
      title: s.frontMatter.title ?? slug,
      date,
      year: Number(date.slice(0, 4)),
      description: s.frontMatter.description ?? '',
    };
  });
  posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.title.localeCompare(b.title)));
  const years = [...new Set(posts.map((p) => p.year))];
  return { posts, sidebar: years.map((year) => ({ year, posts: posts.filter((p) => p.year === year) })), listRoute: '/blog/' };
}
