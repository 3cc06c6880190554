import { Children, isValidElement, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useSettings } from '../store/settings.ts';

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
 * Tabs with the ARIA tabs pattern. Tab groups sharing a `groupId` switch together, on every page, and
 * the choice is kept with the reader's settings (read after hydration, so the server's default tab
 * hydrates first and the stored one follows). Every panel is in the HTML; hidden ones are shown
 * stacked when JavaScript is off.
 */
export function Tabs({ groupId, children }: { groupId?: string; children?: ReactNode }) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  const fallback = (items.find((i) => i.props.default) ?? items[0])?.props.value;
  const id = useId();
  const [local, setLocal] = useState<string | undefined>(undefined);
  const remembered = useSettings((s) => (groupId ? s.tabChoices[groupId] : undefined));
  const chooseTab = useSettings((s) => s.chooseTab);
  const stored = groupId ? remembered : local;
  const values = items.map((i) => i.props.value);
  const current = stored !== undefined && values.includes(stored) ? stored : fallback;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (value: string) => (groupId ? chooseTab(groupId, value) : setLocal(value));
  const onKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + items.length) % items.length;
    choose(values[next]);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" className="tabs__list" aria-orientation="horizontal">
        {items.map((item, i) => {
          const active = item.props.value === current;
          return (
            <button
              key={item.props.value}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab ${active ? 'tabs__tab--active' : ''}`}
              onClick={() => choose(item.props.value)}
              onKeyDown={(e) => onKey(e, i)}
            >
              {item.props.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <div key={item.props.value} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={item.props.value !== current} className="tabs__panel" tabIndex={0}>
          <p className="tabs__noscript-label">{item.props.label ?? item.props.value}</p>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
