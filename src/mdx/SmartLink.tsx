import type { ComponentProps } from 'react';
import { BASE } from '../theme/app-link-clicks.ts';

/**
 * Internal links are plain anchors under the base URL, which the page's body gives to the router (they
 * navigate client-side; MarkdownBody.tsx); external ones open in a new tab.
 */
export function SmartLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  const internal = href.startsWith('/') && !href.startsWith('//');
  const external = /^[a-z]+:/i.test(href) || href.startsWith('//');
  return (
    <a href={internal ? BASE + href : href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
