import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { CODE_LANGUAGES } from '../src/build/remark-code-blocks.ts';
const code = 'zrok share public localhost:8080 --backend-mode proxy\nexport FOO=bar\nif [ -f x ]; then echo "hi $FOO"; fi\n';
const yaml = 'v: 4\nshare:\n  endpoint: https://example.com:8000\n  limit: 3\n';
for (const engine of ['wasm', 'js']) {
  const h = await createHighlighter({ themes: ['github-light-default', 'github-dark-default'], langs: [...CODE_LANGUAGES], ...(engine === 'js' ? { engine: createJavaScriptRegexEngine() } : {}) });
  for (let w = 0; w < 50; w++) h.codeToHast(code, { lang: 'bash', themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false });
  const t = performance.now();
  for (let i = 0; i < 500; i++) {
    h.codeToHast(code + i, { lang: 'bash', themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false });
    h.codeToHast(yaml + i, { lang: 'yaml', themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false });
    h.codeToHast(code + i, { lang: 'powershell', themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false });
  }
  console.log(engine, 'ms per block', ((performance.now() - t) / 1500).toFixed(2));
}
