import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: string;
}

/**
 * ARIA tabs (WAI-ARIA APG "tabs with automatic activation"): one tab stop for the tab list, arrow keys,
 * Home and End move between tabs and select them; the panel follows the selected tab.
 */
export function Tabs(props: { idPrefix: string; label: string; tabs: readonly TabSpec[]; selected: string; onSelect(id: string): void; children: ReactNode }) {
  const { idPrefix, tabs, selected } = props;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, tabs.findIndex((tab) => tab.id === selected));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // Kept from the pane, which would scroll on arrow keys.
    event.stopPropagation();
    props.onSelect(tabs[next].id);
    buttons.current[next]?.focus();
  };

  const tabId = (id: string) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;
  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={index === current}
            aria-controls={panelId}
            tabIndex={index === current ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabs[current] ? tabId(tabs[current].id) : undefined} tabIndex={0}>
        {props.children}
      </div>
    </div>
  );
}
