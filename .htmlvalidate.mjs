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
    // useId gives ids like "P0-0": valid HTML5 ids (no whitespace), which "relaxed" checks.
    'valid-id': ['error', { relaxed: true }],
    // Preact writes boolean attributes bare (hidden, open, selected), as the page shell does.
    'attribute-boolean-style': ['error', { style: 'omit' }],
    // Vite writes a bare `crossorigin` and our shell writes some attributes as attr=""; both mean the empty value.
    'attribute-empty-style': 'off',
    // React writes some attribute names in camelCase (maxLength); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // Preact's server renderer writes ">" in text as it is (React wrote &gt;), which HTML allows: only "<" and an
    // ambiguous "&" must be escaped there, and the rule cannot be told to accept ">" alone. Preact escapes "<" and
    // "&" in all text and attributes; the markup we pass through as it is (highlighted code, diagrams) comes from
    // hast-util-to-html, which escapes them too.
    'no-raw-characters': 'off',
  },
};
