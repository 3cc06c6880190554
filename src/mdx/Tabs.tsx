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

interface TabsProps {
  groupId?: string;
  /** Docusaurus's other way to label tabs: the tabs in this order, each item's label by its value. */
  values?: { value: string; label?: string }[];
  /** The tab shown first, when no item says `default`. */
  defaultValue?: string;
  /** The tab shown follows the address's `?<key>=<value>`, and a tab chosen is written there: the key is this string, or `groupId` for `true`. */
  queryString?: boolean | string;
  children?: ReactNode;
}

/**
 * Tabs with the ARIA tabs pattern, drawn with the default tab shown. What they do is MarkdownBody.tsx's
 * (markdown-behaviour.ts): tab groups sharing a `groupId` switch together, on every page, and the choice is kept
 * with the reader's settings; a group with a `queryString` shows the tab the address names. Every panel is in the
 * HTML; hidden ones are shown stacked when JavaScript is off.
 */
export function Tabs({ groupId, values, defaultValue, queryString, children }: TabsProps) {
  const given = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  // With `values`, their order and labels; an item they do not name comes after.
  const rank = (item: ReactElement<TabItemProps>) => {
    const i = values?.findIndex((v) => v.value === item.props.value) ?? -1;
    return i < 0 ? Infinity : i;
  };
  const items = values ? [...given].sort((a, b) => rank(a) - rank(b)) : given;
  const labelOf = (item: ReactElement<TabItemProps>) => item.props.label ?? values?.find((v) => v.value === item.props.value)?.label ?? item.props.value;
  const shown = (items.find((i) => i.props.default) ?? items.find((i) => i.props.value === defaultValue) ?? items[0])?.props.value;
  const queryKey = typeof queryString === 'string' ? queryString : queryString ? groupId : undefined;
  const id = useId();
  return (
    <div className="tabs" data-group-id={groupId} data-query-key={queryKey} data-default-value={shown}>
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
              {labelOf(item)}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <div key={item.props.value} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={item.props.value !== shown} className="tabs__panel" tabIndex={0}>
          <p className="tabs__noscript-label">{labelOf(item)}</p>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
