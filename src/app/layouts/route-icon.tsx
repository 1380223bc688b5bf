/**
 * A route's icon by name (menu, home page). The icon set (`./icons`, some 70 antd icons) is a chunk of
 * its own, loaded on first use rather than with every page; until it arrives an empty box of the
 * icon's size holds the place, so the menu does not shift.
 */
import { useSyncExternalStore, type ComponentType } from 'react';

type IconSet = Record<string, ComponentType>;

let icons: IconSet | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('./icons').then(
    (m) => {
      icons = m.ICONS;
      for (const l of listeners) l();
    },
    () => {
      loading = null; // offline before the chunk was cached: the next render tries again
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

const snapshot = () => icons;

export function RouteIcon({ name }: { name?: string }) {
  const set = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!set) return <span className="anticon" aria-hidden="true" style={{ width: '1em', height: '1em' }} />;
  const Icon = (name && set[name]) || set.FileOutlined;
  return <Icon />;
}
