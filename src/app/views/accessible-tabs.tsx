/**
 * antd's Tabs with a valid tab list (WCAG 4.1.2). rc-tabs puts role="tablist" on the whole tab bar,
 * which also holds the "more" button shown when the tabs do not fit (a phone): a button inside a tab
 * list is not a tab, and screen readers announce the list wrongly (axe: aria-required-children). The
 * role (and its orientation) moves to the element that holds only the tabs; the "more" button stays a
 * plain button beside the list. rc-tabs never sets the attribute again (it is constant), so moving
 * it after each render is enough.
 */
import React, { useLayoutEffect, useRef } from 'react';
import { Tabs, type TabsProps } from 'antd';
import type { TabsRef } from 'antd/es/tabs';

/** Moves role="tablist" from each tab bar under `root` (its own, not nested tabs') to its list of tabs. */
export function moveTablistRole(root: HTMLElement | null): void {
  if (!root) return;
  for (const nav of root.querySelectorAll<HTMLElement>(':scope > .ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    const label = root.getAttribute('aria-label');
    if (label) list.setAttribute('aria-label', label);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

/** Drop-in for antd's `<Tabs>`. */
export function AccessibleTabs(props: TabsProps): React.ReactElement {
  const ref = useRef<TabsRef>(null);
  useLayoutEffect(() => moveTablistRole(ref.current?.nativeElement ?? null));
  return <Tabs ref={ref} {...props} />;
}
