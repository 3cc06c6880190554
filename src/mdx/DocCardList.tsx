import { usePageData } from '../theme/use-page-data.ts';
import { CategoryCards } from '../theme/CategoryCards.tsx';

/** Docusaurus's <DocCardList />: the cards of the page's category, which its data carries (page-data.ts). */
export function DocCardList() {
  const cards = usePageData()?.category?.cards;
  return cards ? <CategoryCards cards={cards} /> : null;
}
