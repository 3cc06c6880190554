// html-validate configuration for the built site (test/e2e/html.test.ts). Every rule that is not
// in its recommended setting says why.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // Build-time highlighting (shiki) colours each token with inline CSS variables for both themes,
    // and the base-URL banner must render without the stylesheet. The CSP allows inline style
    // attributes on purpose (scripts stay hash-only).
    'no-inline-style': 'off',
    // The renderer writes void elements self-closed and our head tags follow it; both forms are valid HTML.
    'void-style': 'off',
    // useId gives ids like "_R_4mp_": valid HTML5 ids (no whitespace), which "relaxed" checks.
    'valid-id': ['error', { relaxed: true }],
    // React writes boolean attributes with an empty value (hidden=""), the page shell writes them bare: both mean true.
    'attribute-boolean-style': 'off',
    // Vite writes a bare `crossorigin` and our shell writes some attributes as attr=""; both mean the empty value.
    'attribute-empty-style': 'off',
    // React writes some attribute names in camelCase (maxLength); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // A table that reflows on a phone carries table, row, columnheader and cell roles on purpose: Safari, the phone
    // screen reader's browser, drops a table's semantics once CSS changes its cells' display (remark-table-labels.ts).
    'no-redundant-role': 'off',
  },
};
