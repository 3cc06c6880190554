import type { ComponentProps } from 'react';
import { BASE } from '../theme/app-link-clicks.ts';

/** A page's image: a path from the site's root (the build's assets/img/, or public/) is served under the base URL. */
export function Img({ src, alt, ...rest }: ComponentProps<'img'>) {
  const local = typeof src === 'string' && src.startsWith('/') && !src.startsWith('//');
  return <img src={local ? BASE + src : src} alt={alt} {...rest} />;
}
