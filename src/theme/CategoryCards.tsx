import { Link } from 'react-router-dom';
import type { CategoryCard } from '../content/page-data.ts';
import { DocIcon, FolderIcon } from './icons.tsx';

/** A category's items as cards with their descriptions: on its generated index, and where a page shows <DocCardList />. */
export function CategoryCards({ cards }: { cards: CategoryCard[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.key} className="card-grid__item">
          {card.href ? (
            <Link className="card" to={card.href}>
              <span className="card__title">
                {card.kind === 'doc' ? <DocIcon /> : <FolderIcon />}
                {card.label}
              </span>
              <span className="card__body">{card.description}</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
