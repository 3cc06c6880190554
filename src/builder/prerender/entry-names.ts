/**
 * The render-cache entry each page had in the last build, kept in one file (.cache/render-names.json). A doc page's
 * entry is named by a hash of its page data, which is made from the whole manifest: at ten thousand pages, making and
 * hashing every page's data took about a second of every build. Its data is a function of the manifest and of the
 * name of its own body module alone (page-data.ts), so while the manifest and what every entry depends on are as they
 * were, a page whose body module is the same keeps its entry's name. An edit to a page's text changes its module and
 * nothing else; an edit to a title or a heading changes the manifest, and every page is named again.
 */
import { keptMap, readKeptMap } from '../common/stat-snapshot.ts';

export interface NamedEntry {
  /** The file name of the page's body module ('' for a page without one). */
  module: string;
  /** The entry's name in the render cache. */
  name: string;
  /** The search tag of the page's version, for a doc page. */
  tag?: string;
}

/** The last build's names by page path, kept under `key` (none when the key differs or the file is missing or damaged). */
export const entryNames = (file: string, key: string) => keptMap<NamedEntry>(file, key);

/** Where the names are kept, under the project's root. */
export const ENTRY_NAMES_FILE = '.cache/render-names.json';

/** The last build's entry names, whatever code and manifest they were kept under: a hint of what it will look up. */
export const lastEntryNames = (file: string) => [...readKeptMap<NamedEntry>(file).values()].map((e) => e.name);
