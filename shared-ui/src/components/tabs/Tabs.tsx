import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { key: string; label: string; count?: number; hidden?: boolean };

/** Props to spread on a custom tab element (e.g. a router Link) given to `renderTab`. */
export type TabRenderProps = {
  role: 'tab';
  id: string;
  className: string;
  'aria-selected': boolean;
  tabIndex: number;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  'data-tab-key': string;
  children: ReactNode;
};

export type TabsProps = {
  tabs: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /**
   * Renders a tab as something other than a button, e.g.
   * `renderTab={(tab, props) => <Link to={'/' + tab.key} {...props} />}`.
   */
  renderTab?: (tab: TabItem, props: TabRenderProps) => ReactNode;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
};

const tabDomId = (key: string) => `pui-tab-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** Tabs with optional count badges; hidden tabs are not rendered. Arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, activeKey, onChange, renderTab, label, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const visible = tabs.filter((tab) => !tab.hidden);
  const focusable = visible.some((tab) => tab.key === activeKey) ? activeKey : visible[0]?.key;

  const move = (event: KeyboardEvent<HTMLElement>, index: number) => {
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % visible.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + visible.length) % visible.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = visible.length - 1;
    else return;
    event.preventDefault();
    const target = visible[next];
    const elements = listRef.current?.querySelectorAll<HTMLElement>('[data-tab-key]') ?? [];
    Array.from(elements)
      .find((el) => el.dataset.tabKey === target.key)
      ?.focus();
    onChange(target.key);
  };

  return (
    <div
      ref={listRef}
      className={['pui-tabs', className].filter(Boolean).join(' ')}
      role="tablist"
      aria-label={label}
    >
      {visible.map((tab, index) => {
        const selected = tab.key === activeKey;
        const props: TabRenderProps = {
          role: 'tab',
          id: tabDomId(tab.key),
          className: 'pui-tabs__tab',
          'aria-selected': selected,
          tabIndex: tab.key === focusable ? 0 : -1,
          onClick: () => onChange(tab.key),
          onKeyDown: (event) => move(event, index),
          'data-tab-key': tab.key,
          children: (
            <>
              <span className="pui-tabs__label">{tab.label}</span>
              {tab.count !== undefined && (
                <span className="pui-tabs__count" data-testid="tab-count">
                  {tab.count}
                </span>
              )}
            </>
          ),
        };
        if (renderTab) return <Fragment key={tab.key}>{renderTab(tab, props)}</Fragment>;
        return <button key={tab.key} type="button" {...props} />;
      })}
    </div>
  );
}
