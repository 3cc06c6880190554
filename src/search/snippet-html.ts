/**
 * Provider highlight values are escaped text with <mark> tags. Anything else that looks like a tag
 * is neutralised, so even a misbehaving provider cannot inject markup.
 */
export function safeHighlightHtml(value: string): string {
  return value.replace(/<(?!\/?mark>)/g, '&lt;');
}
