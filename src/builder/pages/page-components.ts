/**
 * The components every page has without importing them (src/mdx/components.tsx, whose keys a unit test holds equal to
 * this list): a page that names another fails to compile, with its line, instead of failing when it is rendered.
 */
export const PAGE_COMPONENTS = ['Admonition', 'Tabs', 'TabItem', 'CodeBlock', 'Diagram', 'DiagramError', 'Mermaid', 'Cards', 'Card', 'DocCardList', 'Img'];

/** The HTML elements a page's components replace (the lowercase keys of src/mdx/components.tsx, held equal by the same test). */
export const PAGE_ELEMENTS = ['a', 'img', 'table'];
