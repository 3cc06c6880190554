import type { ReactNode } from 'react';
import { SmartLink } from './SmartLink.tsx';

export function Cards({ children }: { children?: ReactNode }) {
  return <div className="card-grid card-grid--mdx">{children}</div>;
}

/** A link card: title, a sentence or two, and a call to action. */
export function Card({ title, href, cta, children }: { title: string; href: string; cta?: string; children?: ReactNode }) {
  return (
    <div className="card card--mdx">
      <p className="card__title">{title}</p>
      <div className="card__body">{children}</div>
      <SmartLink className="button button--secondary" href={href}>
        {cta ?? title}
      </SmartLink>
    </div>
  );
}
