import type { ComponentProps } from 'react';
import type { MDXComponents } from 'mdx/types';
import { Admonition } from './Admonition.tsx';
import { Tabs, TabItem } from './Tabs.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { Mermaid } from './Mermaid.tsx';
import { Diagram, DiagramError } from './Diagram.tsx';
import { Cards, Card } from './Cards.tsx';
import { SmartLink } from './SmartLink.tsx';
import { DocCardList } from './DocCardList.tsx';
import { Img } from './Img.tsx';
import { withPartBoundary } from '../theme/ErrorBoundary.tsx';

/** Everything a page may use without importing it. */
/** Wide tables scroll sideways inside a box the keyboard can reach. */
function ScrollTable(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export const mdxComponents: MDXComponents = {
  a: SmartLink,
  img: Img,
  table: ScrollTable,
  Admonition,
  Tabs: withPartBoundary(Tabs),
  TabItem,
  CodeBlock: withPartBoundary(CodeBlock),
  Diagram,
  DiagramError,
  Mermaid: withPartBoundary(Mermaid),
  Cards,
  Card,
  DocCardList,
  Img,
};
