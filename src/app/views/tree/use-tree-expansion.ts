/**
 * Which nodes of a tree are open: every node with children, except the ones the person closed (so
 * a new child shows under its parent); while a search is typed, every node of the filtered tree.
 */
import { useMemo, useState } from 'react';
import { flatten, type TreeNode, type TreeRecord } from './build';

export function useTreeExpansion<T extends TreeRecord>(shown: TreeNode<T>[], searching: boolean) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = useMemo(
    () =>
      flatten(shown)
        .filter((n) => n.children.length && (searching || !collapsed.has(n.key)))
        .map((n) => n.key),
    [shown, collapsed, searching],
  );
  const toggle = (key: string, expanded: boolean) => {
    if (searching) return;
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (expanded) next.delete(key);
      else next.add(key);
      return next;
    });
  };
  return { expandedKeys, toggle };
}
