/**
 * The pages' images in the built site (remark-images.ts finds and names them when a page is compiled): copied to the
 * name the page uses, and written as full URLs into the page's Markdown copy and llms.txt.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageImage } from '../pages/remark-images.ts';

export type PageImages = Record<string, PageImage[]>;

/** What the pages phase left in the build folder (`.build/images.json`). */
export async function readPageImages(buildDir: string): Promise<PageImages> {
  return JSON.parse(await readFile(path.join(buildDir, 'images.json'), 'utf8').catch(() => '{}')) as PageImages;
}

/** Copies each image once to where the pages point (`assets/img/<name>.<hash>.<ext>` under the site). */
export async function copyPageImages(siteDir: string, images: PageImages): Promise<void> {
  const byUrl = new Map(Object.values(images).flat().map((i) => [i.url, i.file]));
  await mkdir(path.join(siteDir, 'assets/img'), { recursive: true });
  await Promise.all([...byUrl].map(([url, file]) => copyFile(file, path.join(siteDir, url))));
}

/** A page's Markdown with each image path as it was written replaced by the image's full URL (`origin` + base, no trailing slash). */
export function withImageUrls(markdown: string, images: PageImage[] | undefined, origin: string): string {
  let out = markdown;
  for (const { src, url } of images ?? []) out = out.replaceAll(`](${src}`, `](${origin}${url}`).replaceAll(`src="${src}"`, `src="${origin}${url}"`);
  return out;
}
