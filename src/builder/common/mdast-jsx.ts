import type { RootContent } from 'mdast';

/** Builds an MDX JSX flow element node (string attributes only). */
export function jsxElement(
  name: string,
  attributes: Record<string, string | undefined>,
  children: RootContent[],
): RootContent {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => ({ type: 'mdxJsxAttribute', name: k, value: v as string })),
    children,
  } as unknown as RootContent;
}
