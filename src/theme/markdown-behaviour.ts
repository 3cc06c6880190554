/**
 * What a page body's parts do, on the DOM they rendered: tab groups, copy buttons and code wrapping. One
 * implementation serves a body rendered by the app and a prerendered body kept as HTML (MarkdownBody.tsx), so the
 * components in src/mdx only draw their markup.
 */

/** The tab buttons and panels of one group (not those of a group nested in a panel). */
function partsOf(tabs: HTMLElement) {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>(':scope > .tabs__list > [role="tab"]')];
  const panels = [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')];
  return { buttons, panels };
}

/** Shows the tab with this value; a value the group does not have shows its default tab. */
export function showTab(tabs: HTMLElement, value: string | undefined): void {
  const { buttons, panels } = partsOf(tabs);
  const values = buttons.map((b) => b.dataset.value);
  const shown = value !== undefined && values.includes(value) ? value : tabs.dataset.defaultValue;
  buttons.forEach((button, i) => {
    const active = values[i] === shown;
    button.setAttribute('aria-selected', String(active));
    button.tabIndex = active ? 0 : -1;
    button.classList.toggle('tabs__tab--active', active);
    if (panels[i]) panels[i].hidden = !active;
  });
}

/**
 * Shows in every tab group of `root` the tab the address names (`search`, for a group with a query key), else the
 * reader's choice for its group id (tab groups sharing one switch together).
 */
export function showTabChoices(root: HTMLElement, choices: Record<string, string>, search = ''): void {
  const query = new URLSearchParams(search);
  for (const tabs of root.querySelectorAll<HTMLElement>('.tabs[data-group-id], .tabs[data-query-key]')) {
    const asked = tabs.dataset.queryKey ? query.get(tabs.dataset.queryKey) : null;
    const has = asked !== null && partsOf(tabs).buttons.some((b) => b.dataset.value === asked);
    showTab(tabs, has ? asked : tabs.dataset.groupId ? choices[tabs.dataset.groupId] : undefined);
  }
}

/** Writes a tab chosen into the address (`?key=value`), keeping the router's state and the address's other parts. */
function writeTabQuery(key: string, value: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(key, value);
  window.history.replaceState(window.history.state, '', url);
}

/** The keys that move between the tabs of a group (the ARIA tabs pattern), to the index they lead to. */
const TAB_KEYS = new Map<string, (index: number, count: number) => number>([
  ['ArrowRight', (i, n) => (i + 1) % n],
  ['ArrowLeft', (i, n) => (i - 1 + n) % n],
  ['Home', () => 0],
  ['End', (_, n) => n - 1],
]);

/**
 * A click or a key (arrows, Home, End) on a tab: a grouped tab is chosen through `choose` (the reader's settings, which every
 * group of the id follows); a group of its own switches here. Returns false when the event was not for a tab.
 */
export function handleTabEvent(target: Element, key: string | undefined, choose: (groupId: string, value: string) => void): boolean {
  const tab = target.closest<HTMLButtonElement>('[role="tab"]');
  const tabs = tab?.closest<HTMLElement>('.tabs');
  if (!tab || !tabs) return false;
  const { buttons } = partsOf(tabs);
  let index = buttons.indexOf(tab);
  if (index < 0) return false;
  if (key !== undefined) {
    const next = TAB_KEYS.get(key)?.(index, buttons.length);
    if (next === undefined) return false;
    index = next;
  }
  const value = buttons[index].dataset.value!;
  // Before the choice, which shows the tabs again from the address.
  if (tabs.dataset.queryKey) writeTabQuery(tabs.dataset.queryKey, value);
  if (tabs.dataset.groupId) choose(tabs.dataset.groupId, value);
  else showTab(tabs, value);
  if (key !== undefined) buttons[index].focus();
  return true;
}

/** The copy button's name, as the server renders it. */
export const COPY_BUTTON = { name: 'Copy code to clipboard' };
const COPIED = { name: 'Copied' };
/** How long a copy button says "Copied". */
const COPIED_MS = 1500;

/** The wrap button's name; whether it is pressed follows the reader's setting (showCodeWrap). */
export const WRAP_BUTTON = { name: 'Wrap long lines' };

/** A copy button says what it did with its name and its icon (a tick, theme.css), which is as wide as the first. */
function labelCopyButton(button: HTMLElement, copied: boolean): void {
  const name = (copied ? COPIED : COPY_BUTTON).name;
  button.setAttribute('aria-label', name);
  button.title = name;
  button.toggleAttribute('data-copied', copied);
}

/** The copy button of a code block: its code goes to the clipboard, and the button says so for a moment. */
export async function copyCodeOf(button: HTMLElement): Promise<void> {
  const pre = button.closest('.code-block__body')?.querySelector('pre');
  // innerText is the code as shown; textContent where there is no layout (jsdom).
  const code = pre?.innerText ?? pre?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(code.replace(/\n$/, ''));
    labelCopyButton(button, true);
    setTimeout(() => labelCopyButton(button, false), COPIED_MS);
  } catch (e) {
    console.warn('[copy] clipboard unavailable', e);
  }
}

/**
 * Where code wraps by default, as theme.css says too: on a narrow screen a reader would otherwise scroll every command
 * sideways, past the buttons beside it; a wide column shows most lines whole, and keeps their layout.
 */
export const CODE_WRAP_NARROW = '(max-width: 600px)';

/** Whether code blocks show wrapped: the reader's choice, or else the screen's default. */
export function codeWrapShown(wrap: boolean | null): boolean {
  return wrap ?? (typeof window !== 'undefined' && !!window.matchMedia?.(CODE_WRAP_NARROW).matches);
}

/**
 * Shows the reader's code wrapping: on the page (`<html data-code-wrap>` "on", "off", or "auto" without a choice,
 * which the head script also sets before first paint, from the stored settings) and on each wrap button of `root`.
 */
export function showCodeWrap(root: HTMLElement, wrap: boolean | null): void {
  document.documentElement.setAttribute('data-code-wrap', wrap === null ? 'auto' : wrap ? 'on' : 'off');
  const pressed = String(codeWrapShown(wrap));
  for (const button of root.querySelectorAll('.code-block__wrap')) button.setAttribute('aria-pressed', pressed);
}
