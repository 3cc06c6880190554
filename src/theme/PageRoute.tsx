import { useEffect, type ReactNode } from 'react';
import { reloadOnceIf, siteAnswers } from './chunk-errors.ts';
import { usePageState } from './use-page-data.ts';
import { DocLayout } from './DocLayout.tsx';
import { DocPage } from './DocPage.tsx';
import { MarkdownBody } from './MarkdownBody.tsx';
import { CategoryIndexPage } from './CategoryIndexPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { LoadErrorPage } from './LoadErrorPage.tsx';
import type { PageBody as PageBodyComponent } from '../page-loader.ts';
import type { MDXComponents } from 'mdx/types';

/**
 * A page's body, its module's component called as a function (a compiled body uses no hooks): under the dev server each
 * edit of the page is a new module, so a new component, and React would remove every element of the body and make it
 * again; here the new body's elements are compared with the old ones and only what changed is touched. Another page is
 * another key, so nothing of one page's body is kept for the next.
 */
function PageBody({ Body, components }: { Body: PageBodyComponent; components?: MDXComponents }): ReactNode {
  return (Body as (props: { components?: MDXComponents }) => ReactNode)({ components });
}

/** Every docs route: a doc, a generated category index, the load-error view or the not-found page. */
export function PageRoute() {
  const state = usePageState()!;
  useEffect(() => {
    // The body is gone because the site was deployed again: the reload gets the new one.
    if (state.kind === 'load-error' && state.stale) void reloadOnceIf(siteAnswers);
  }, [state]);
  if (state.kind === 'not-found') return <NotFoundPage />;
  if (state.kind === 'load-error') {
    // Keep the chrome: with the page's data, the sidebar stays; without it, the plain view.
    return state.data ? (
      <DocLayout data={state.data}>
        <LoadErrorPage error={state.error} />
      </DocLayout>
    ) : (
      <LoadErrorPage error={state.error} />
    );
  }
  const { data, Body, components, staticBody, bodyHtml } = state;
  return (
    <DocLayout data={data}>
      {data.kind === 'doc' && (Body || bodyHtml !== undefined) ? (
        <DocPage data={data}>
          <MarkdownBody staticBody={staticBody} html={bodyHtml}>
            {Body && <PageBody key={data.route} Body={Body} components={components} />}
          </MarkdownBody>
        </DocPage>
      ) : (
        <CategoryIndexPage data={data} />
      )}
    </DocLayout>
  );
}
