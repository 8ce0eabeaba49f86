import { useRef, useState, type KeyboardEvent } from 'react';
import { type Tab, ActionIcon, RowsView } from '../../src/plugin-kit';

/** An untitled tab is called 'Tab-N', counting from 1. */
export function tabTitle(tab: Tab, index: number): string {
  return tab.tabtitle || `Tab-${index + 1}`;
}

/** The tab a key moves to from `index` among `count` tabs (WAI-ARIA tabs pattern), or null. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Bootstrap tabs with the WAI-ARIA tabs pattern: one tab stop for the whole tab list (roving
 * tabindex), arrows and Home/End move and select at once. Every panel stays mounted, hidden when
 * not selected, so what a user typed or loaded in one tab survives a visit to another.
 * Shared by the Tabs column and a Card whose content is tabs.
 */
export function TabsView({ tabs, id, path }: { tabs: Tab[] | undefined; id: string; path: string }) {
  const list = tabs ?? [];
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (!list.length) return null;
  // A definition edited to fewer tabs must not leave the selection pointing past the end.
  const selected = Math.min(active, list.length - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(e.key, index, list.length);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tessera-tabs">
      <ul className="nav nav-tabs" role="tablist">
        {list.map((tab, i) => {
          const isSelected = i === selected;
          const hint = tab.tabshowhintchecked && tab.tabhint ? tab.tabhint : undefined;
          return (
            <li key={i} className="nav-item" role="presentation">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab${i}`}
                className={isSelected ? 'nav-link active' : 'nav-link'}
                aria-selected={isSelected}
                aria-controls={`${id}-panel${i}`}
                tabIndex={isSelected ? 0 : -1}
                title={hint}
                onClick={() => setActive(i)}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                {tab.tabiconchecked ? <ActionIcon name={tab.tabicon} /> : null} {tabTitle(tab, i)}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="tab-content">
        {list.map((tab, i) => {
          const isSelected = i === selected;
          const hint = tab.tabshowhintchecked && tab.tabhint ? tab.tabhint : undefined;
          return (
            <div
              key={i}
              role="tabpanel"
              id={`${id}-panel${i}`}
              aria-labelledby={`${id}-tab${i}`}
              className={isSelected ? 'tab-pane active show pt-3' : 'tab-pane pt-3'}
              // The panel is a tab stop so keyboard users reach panels without focusable content.
              tabIndex={0}
              hidden={!isSelected}
            >
              {hint ? <p className="form-text mt-0">{hint}</p> : null}
              {tab.tabcontenttype === 'Tabs' ? (
                <TabsView tabs={tab.tabs} id={`${id}-t${i}`} path={`${path}t${i}`} />
              ) : (
                <RowsView rows={tab.rows} path={`${path}t${i}r`} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
