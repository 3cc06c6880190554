import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

/** One panel; rendered by <Tabs>. Its label shows as a heading when JavaScript is off. */
export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/**
 * Tabs with the ARIA tabs pattern, drawn with the default tab shown. What they do is MarkdownBody.tsx's
 * (markdown-behaviour.ts): tab groups sharing a `groupId` switch together, on every page, and the choice is kept
 * with the reader's settings. Every panel is in the HTML; hidden ones are shown stacked when JavaScript is off.
 */
export function Tabs({ groupId, children }: { groupId?: string; children?: ReactNode }) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  const shown = (items.find((i) => i.props.default) ?? items[0])?.props.value;
  const id = useId();
  return (
    <div className="tabs" data-group-id={groupId} data-default-value={shown}>
      <div role="tablist" className="tabs__list" aria-orientation="horizontal">
        {items.map((item, i) => {
          const active = item.props.value === shown;
          return (
            <button
              key={item.props.value}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              data-value={item.props.value}
              aria-selected={active}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab ${active ? 'tabs__tab--active' : ''}`}
            >
              {item.props.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <div key={item.props.value} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={item.props.value !== shown} className="tabs__panel" tabIndex={0}>
          <p className="tabs__noscript-label">{item.props.label ?? item.props.value}</p>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
