/**
 * Three screens of the spec that DocSearch 5.1 does not draw, added beside its own DOM:
 * - the empty start screen says "No recent searches" (DocSearch shows no dropdown at all);
 * - the no-results screen offers "Try searching for" up to 3 queries (its own list never fills),
 *   and, when other docs versions have hits, "Found in 1.0:" with links to them;
 * - the error screen, when the index or provider cannot be reached (DocSearch sets its error
 *   status, but autocomplete-core resets it to idle at once, so its own screen never shows);
 * - a loading line while a query has no answer yet (DocSearch draws "No results for" as soon as
 *   a query has no results on screen, even while the index is still loading).
 * Our nodes are removed as soon as DocSearch draws something in their place.
 */
import type { OtherVersionHits } from './other-versions.ts';

const START_CLASS = 'zrok-start-screen';
const SUGGEST_CLASS = 'zrok-suggestions';
const ELSEWHERE_CLASS = 'zrok-elsewhere';
const ERROR_CLASS = 'zrok-error-screen';
/** How long a query must stay unanswered on screen before the other versions are asked. */
const ELSEWHERE_AFTER_MS = 300;
const SEARCHING_CLASS = 'zrok-searching';
/** Fired when a search is answered or fails: DocSearch may already show (and keep) its no-results screen. */
export const SEARCH_SETTLED_EVENT = 'zrok:search-settled';

export interface ScreenOptions {
  suggest: (query: string) => Promise<string[]>;
  /** The other docs versions where the query finds something. */
  elsewhere: (query: string) => Promise<OtherVersionHits[]>;
  /** The link of one of those hits: its href, and what a plain click does (navigate, close). */
  hitLink: (url: string) => { href: string; open: () => void };
  /** Whether the last search for this query failed to reach the index or provider. */
  failed: (query: string) => boolean;
  /** Whether a search for this query has come back (with hits or none, or failed). */
  answered: (query: string) => boolean;
  /** The query cap, set on DocSearch's input. */
  maxLength: number;
}

function setQuery(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.focus();
}

function screenElement(name: typeof ERROR_CLASS | typeof SEARCHING_CLASS): HTMLElement {
  const el = document.createElement('div');
  if (name === ERROR_CLASS) {
    el.className = `DocSearch-ErrorScreen ${ERROR_CLASS}`;
    el.setAttribute('role', 'alert');
    el.innerHTML = '<p class="DocSearch-Title">Unable to fetch results</p><p class="DocSearch-Help">You might want to check your network connection.</p>';
  } else {
    el.className = `DocSearch-StartScreen ${SEARCHING_CLASS}`;
    el.setAttribute('role', 'status');
    el.innerHTML = '<p class="DocSearch-Help">Searching…</p>';
  }
  return el;
}

/** "Try searching for:" with a button per query that searches it. */
function suggestionsBox(input: HTMLInputElement, list: string[]): HTMLElement {
  const box = document.createElement('div');
  box.className = `DocSearch-NoResults-Prefill-List ${SUGGEST_CLASS}`;
  const help = document.createElement('p');
  help.className = 'DocSearch-Help';
  help.textContent = 'Try searching for:';
  const ul = document.createElement('ul');
  for (const s of list.slice(0, 3)) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'DocSearch-Prefill';
    button.textContent = s;
    button.addEventListener('click', () => setQuery(input, s));
    li.append(button);
    ul.append(li);
  }
  box.append(help, ul);
  return box;
}

/** "Found in 1.0:" and links to that version's hits, for each version that has some. */
function elsewhereBox(found: OtherVersionHits[], hitLink: ScreenOptions['hitLink']): HTMLElement {
  const box = document.createElement('div');
  box.className = `DocSearch-NoResults-Prefill-List ${ELSEWHERE_CLASS}`;
  for (const version of found) {
    const help = document.createElement('p');
    help.className = 'DocSearch-Help';
    help.textContent = `Found in ${version.label}:`;
    const ul = document.createElement('ul');
    for (const hit of version.hits) {
      const { href, open } = hitLink(hit.url);
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = href;
      a.className = 'DocSearch-Prefill'; // the look of the suggestions below
      a.textContent = hit.title;
      a.addEventListener('click', (e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        open();
      });
      li.append(a);
      ul.append(li);
    }
    box.append(help, ul);
  }
  return box;
}

export function attachModalScreens(root: HTMLElement, { suggest, elsewhere, hitLink, failed, answered, maxLength }: ScreenOptions): () => void {
  // The query each no-results box is being worked out for, so a redraw does not ask twice.
  const pending: Record<string, string> = {};
  /** Fills the no-results screen with one box for `query`, once, placed by `place`. */
  const fillOnce = <T>(noResults: HTMLElement, className: string, query: string, answer: () => Promise<T>, box: (value: T) => HTMLElement | undefined, place: (box: HTMLElement) => void) => {
    if (noResults.querySelector(`.${className}[data-query="${CSS.escape(query)}"]`) || pending[className] === query) return;
    noResults.querySelector(`.${className}`)?.remove();
    pending[className] = query;
    const input = root.querySelector<HTMLInputElement>('.DocSearch-Input');
    void answer().then(
      (value) => {
        pending[className] = '';
        const el = input?.value === query && noResults.isConnected ? box(value) : undefined;
        if (!el) return;
        el.dataset.query = query;
        place(el);
      },
      () => (pending[className] = ''),
    );
  };
  const update = () => {
    // DocSearch's backdrop is a role=button around the whole dialog (nested interactive content);
    // a click on it still closes the modal, it just is not announced as a button.
    // The combobox is the input (the ARIA 1.2 combobox pattern): DocSearch gives the input its own
    // aria-controls; its expanded state is worked out here, from the listboxes shown, and not moved
    // over from the backdrop, which DocSearch sets once (a redrawn input would come without it).
    const container = root.querySelector<HTMLElement>('.DocSearch-Container');
    const modal = root.querySelector<HTMLElement>('.DocSearch-Modal');
    const input = root.querySelector<HTMLInputElement>('.DocSearch-Input');
    if (!modal || !input || !container) return;
    for (const name of ['role', 'tabindex', 'aria-labelledby', 'aria-expanded', 'aria-haspopup', 'aria-controls']) {
      if (container.hasAttribute(name)) container.removeAttribute(name);
    }
    const combobox = { role: 'combobox', 'aria-haspopup': 'listbox', 'aria-expanded': String(!!modal.querySelector('[role="listbox"]')) };
    for (const [name, value] of Object.entries(combobox)) if (input.getAttribute(name) !== value) input.setAttribute(name, value);
    // The spec caps queries at 64 characters; DocSearch 5.1 has no prop for the input's maxlength.
    if (input.maxLength !== maxLength) input.maxLength = maxLength;
    // A hit is a link (every browser gesture works), so the option role moves from DocSearch's <li>
    // onto the link: an option may not hold a link (nested interactive content). Its id (the
    // input's aria-activedescendant) and aria-selected move along; the <li> keeps data-selected
    // for the highlight style.
    for (const li of modal.querySelectorAll<HTMLLIElement>('li.DocSearch-Hit')) {
      const link = li.querySelector<HTMLAnchorElement>(':scope > a.zrok-hit');
      if (!link) continue;
      if (li.getAttribute('role') !== 'presentation') li.setAttribute('role', 'presentation');
      if (link.getAttribute('role') !== 'option') link.setAttribute('role', 'option');
      if (li.id) {
        link.id = li.id;
        li.removeAttribute('id');
      }
      const selected = li.getAttribute('aria-selected');
      if (selected !== null) {
        link.setAttribute('aria-selected', selected);
        li.dataset.selected = selected;
        li.removeAttribute('aria-selected');
      } else if (!link.hasAttribute('aria-selected')) link.setAttribute('aria-selected', 'false');
    }
    const header = modal.querySelector('.DocSearch-SearchBar');
    const hasDropdown = !!modal.querySelector('.DocSearch-Dropdown:not(.zrok-start-screen)');
    const start = modal.querySelector(`.${START_CLASS}`);
    if (!hasDropdown && input.value === '' && !start && header) {
      const el = document.createElement('div');
      el.className = `DocSearch-Dropdown ${START_CLASS}`;
      el.innerHTML = '<div class="DocSearch-StartScreen"><p class="DocSearch-Help">No recent searches</p></div>';
      header.after(el);
    } else if ((hasDropdown || input.value !== '') && start) start.remove();

    const noResults = modal.querySelector<HTMLElement>('.DocSearch-NoResults');
    const query = input.value;
    // In place of DocSearch's no-results screen: the error screen, or the loading line, or nothing.
    const screen = !noResults ? undefined : failed(query) ? ERROR_CLASS : answered(query) ? undefined : SEARCHING_CLASS;
    for (const name of [ERROR_CLASS, SEARCHING_CLASS]) if (name !== screen) modal.querySelector(`.${name}`)?.remove();
    if (noResults && screen) {
      noResults.hidden = true;
      if (!modal.querySelector(`.${screen}`)) noResults.after(screenElement(screen));
      return;
    }
    if (noResults?.hidden) noResults.hidden = false;
    if (!noResults) return;
    fillOnce(noResults, SUGGEST_CLASS, query, () => suggest(query), (list) => (list.length ? suggestionsBox(input, list) : undefined), (box) => {
      const report = noResults.querySelector('.DocSearch-Help:last-child');
      if (report && report.parentElement === noResults) noResults.insertBefore(box, report);
      else noResults.append(box);
    });
    // Only once the no-results screen has stayed for this query: a prefix on the way to a query with hits, or a
    // screen DocSearch is about to replace with hits, must not query every version.
    const stillAsked = () =>
      new Promise<void>((r) => setTimeout(r, ELSEWHERE_AFTER_MS)).then(() => input.value === query && noResults.isConnected && !noResults.hidden);
    fillOnce(noResults, ELSEWHERE_CLASS, query, async () => ((await stillAsked()) ? elsewhere(query) : []), (found) => (found.length ? elsewhereBox(found, hitLink) : undefined), (box) => {
      const title = noResults.querySelector(':scope > .DocSearch-Title');
      if (title) title.after(box);
      else noResults.prepend(box);
    });
  };
  // Scoped to the modal's own container (never document.body). DocSearch 5.1 has no prop for what
  // update() does: its start screen is empty, its "Try searching for" list never fills, its error
  // screen is reset to idle by autocomplete-core, its combobox ARIA sits on the backdrop, and its
  // input takes no maxlength; each is redrawn by DocSearch at will, so it is checked on each change.
  const observer = new MutationObserver(update);
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['value', 'role', 'aria-expanded', 'aria-controls', 'aria-selected', 'id'] });
  root.addEventListener('input', update);
  window.addEventListener(SEARCH_SETTLED_EVENT, update);
  update();
  return () => {
    observer.disconnect();
    root.removeEventListener('input', update);
    window.removeEventListener(SEARCH_SETTLED_EVENT, update);
  };
}
