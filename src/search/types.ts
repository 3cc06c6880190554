/** One searchable section of a page: the same shape the hosted provider's crawler produces. */
export interface SearchRecord {
  objectID: string;
  /** Site path with #anchor, without the base URL. */
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  hierarchy: Hierarchy;
  content: string | null;
  /**
   * The page's front-matter description, on the page's first record only. The local index
   * searches it; the published record parts leave it out (no hit shows it).
   */
  description?: string;
  /**
   * The page's front-matter keywords (words readers use that the page does not), on its first
   * record only. Searched like the description, and like it left out of the published record parts.
   */
  keywords?: string[];
  language: string;
  docusaurus_tag: string;
}

export interface Hierarchy {
  lvl0: string | null;
  lvl1: string | null;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** The file the local index of one version tag is published as (relative to the base URL). */
export const searchIndexPath = (tag: string) => `search-index/${tag}.json`;
