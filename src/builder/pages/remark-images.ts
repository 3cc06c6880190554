/**
 * Images of a page, as a docs engine treats them: `![alt](./x.png)` and `<img src="…" alt="…">` with a path relative
 * to the page (or to the partial they are written in), or from `public/` (`/img/x.png`), are
 * - checked: a missing file, or an image without alt text, fails the page with its line, among its other problems
 *   (page-problems.ts);
 * - given their `width` and `height` (no layout shift) and `loading="lazy"` unless one of the page's first blocks;
 * - served from `assets/img/<name>.<content hash>.<ext>` (the build copies them there: page-images.ts), so a changed
 *   image gets a new name and an unchanged one stays cached; the base URL is added when the page is rendered
 *   (src/mdx/Img.tsx). Under the dev server the file is served where it lies.
 * External images (`https://…`, `data:`) are left as written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Image, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { imageSize } from 'image-size';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { sha256 } from '../common/hash.ts';
import { pageProblem } from './page-problems.ts';

/** An image a page shows: the file, where the site serves it, and how the page wrote it. */
export interface PageImage {
  /** Absolute path of the image file. */
  file: string;
  /** Where the built site serves it, from the site's root (no base URL): '/assets/img/enable.1a2b3c4d.png'. */
  url: string;
  /** The path as the page wrote it. */
  src: string;
  alt: string;
}

/** Images among the first blocks of a page are likely on its first screen: they load at once, the others lazily. */
const FIRST_SCREEN_BLOCKS = 3;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

declare module 'vfile' {
  interface DataMap {
    /** Set by remarkImages: the page's images, for the build to copy and for the page's Markdown copy. */
    images: PageImage[];
  }
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

export function remarkImages({ development = false }: { development?: boolean } = {}) {
  return (tree: Root, file: VFile) => {
    const images: PageImage[] = [];
    file.data.images = images;
    const sizes = new Map<string, { url: string; width?: number; height?: number }>();
    const firstBlocks = new Set<unknown>(tree.children.filter((n) => n.type !== 'yaml' && n.type !== 'mdxjsEsm').slice(0, FIRST_SCREEN_BLOCKS));
    tree.children.forEach((block) => {
      const onFirstScreen = firstBlocks.has(block);
      visit(block as unknown as Root, (node) => {
        const isJsxImg = (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node as JsxElement).name === 'img';
        if (node.type !== 'image' && !isJsxImg) return;
        const src = node.type === 'image' ? (node as Image).url : attribute(node as JsxElement, 'src');
        const alt = node.type === 'image' ? (node as Image).alt : attribute(node as JsxElement, 'alt');
        if (typeof src !== 'string') return pageProblem(file, '<img> needs a src="…" path', node);
        if (!alt?.trim()) return pageProblem(file, `image "${src}" has no alt text: say what it shows, as ![what it shows](${src})${isJsxImg ? ' or alt="…"' : ''}`, node);
        if (EXTERNAL.test(src)) return;
        const [pathPart] = src.split(/[?#]/);
        const from = (node.data as { fromFile?: string } | undefined)?.fromFile ?? file.path;
        const onDisk = pathPart.startsWith('/') ? path.join(file.cwd, 'public', decodeURI(pathPart)) : path.resolve(path.dirname(from), decodeURI(pathPart));
        let served = sizes.get(onDisk);
        if (!served) {
          let bytes: Buffer;
          try {
            bytes = readFileSync(onDisk);
          } catch {
            return pageProblem(file, `image "${src}" not found: no file ${path.relative(file.cwd, onDisk)}${pathPart.startsWith('/') ? ' (a path starting with / is looked for in public/)' : ''}`, node);
          }
          let size: { width?: number; height?: number } = {};
          try {
            size = imageSize(bytes);
          } catch {
            return pageProblem(file, `image "${src}" is not an image this build can read the size of (${path.relative(file.cwd, onDisk)})`, node);
          }
          const ext = path.extname(onDisk);
          const url = development ? `/@fs${onDisk}` : `/assets/img/${path.basename(onDisk, ext)}.${sha256(bytes).slice(0, 10)}${ext.toLowerCase()}`;
          served = { url, width: size.width, height: size.height };
          sizes.set(onDisk, served);
        }
        images.push({ file: onDisk, url: served.url, src, alt });
        const props: Record<string, string> = {};
        if (served.width && served.height) Object.assign(props, { width: String(served.width), height: String(served.height) });
        if (!onFirstScreen) props.loading = 'lazy';
        props.decoding = 'async';
        if (node.type === 'image') {
          (node as Image).url = served.url;
          node.data = { ...node.data, hProperties: { ...(node.data as { hProperties?: object } | undefined)?.hProperties, ...props } };
        } else {
          const el = node as JsxElement;
          const given = new Set(el.attributes.flatMap((a) => (a.type === 'mdxJsxAttribute' ? [a.name] : [])));
          for (const a of el.attributes) if (a.type === 'mdxJsxAttribute' && a.name === 'src') a.value = served.url;
          // A size the writer gave stays; the other side is not guessed.
          const sized = given.has('width') || given.has('height');
          for (const [name, value] of Object.entries(props)) if (!given.has(name) && !(sized && (name === 'width' || name === 'height'))) el.attributes.push({ type: 'mdxJsxAttribute', name, value });
          el.name = 'Img'; // the component that adds the base URL (MDX gives a page's components only to the tags Markdown makes)
        }
      });
    });
  };
}

/** A JSX element's attribute given as a plain string, or undefined. */
function attribute(node: JsxElement, name: string): string | undefined {
  const a = node.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return a && typeof a.value === 'string' ? a.value : undefined;
}
