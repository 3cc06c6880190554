import { useRef, useState, type ReactNode } from 'react';

/** Frame around a highlighted fence: optional title bar and a copy button. */
export function CodeBlock({ title, lang, children }: { title?: string; lang?: string; children?: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = body.current?.querySelector('pre')?.innerText ?? '';
    try {
      await navigator.clipboard.writeText(text.replace(/\n$/, ''));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      console.warn('[copy] clipboard unavailable', e);
    }
  };
  return (
    <div className="code-block" data-lang={lang}>
      {title && <div className="code-block__title">{title}</div>}
      <div className="code-block__body" ref={body}>
        {children}
        <button type="button" className="code-block__copy" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code to clipboard'}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
