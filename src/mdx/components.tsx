import type { MDXComponents } from 'mdx/types';
import { Admonition } from './Admonition.tsx';
import { Tabs, TabItem } from './Tabs.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { Mermaid } from './Mermaid.tsx';
import { Cards, Card } from './Cards.tsx';
import { SmartLink } from './SmartLink.tsx';
import { withPartBoundary } from '../theme/ErrorBoundary.tsx';

/** Everything a page may use without importing it. */
export const mdxComponents: MDXComponents = {
  a: SmartLink,
  Admonition,
  Tabs: withPartBoundary(Tabs),
  TabItem,
  CodeBlock: withPartBoundary(CodeBlock),
  Mermaid: withPartBoundary(Mermaid),
  Cards,
  Card,
};
