/**
 * Framework-free store of notification toasts (spec sections 3, 4 and 9).
 *
 * - Each toast has a progress from 0 to 100 that rises once per second by 1000/timeout of
 *   the full range (100 * 1000 / timeout points: 20 per second for the 5000 ms default);
 *   at 100 or more the toast is removed.
 * - Progress pauses while the pointer is over the stack (`setHovered(true)`).
 * - With sequential closing on, only the first toast that counts down does so.
 * - At most `max` toasts are shown; the others wait in a queue, in order, and are shown
 *   (and start counting) as shown ones leave.
 * - `click` runs the toast's click action and removes it; `close` runs its close action and
 *   removes it. Removal by timeout runs neither.
 * - One toast per event (issue 36: stale toasts stayed over new ones): a push with the key of a
 *   toast still there (`options.key`, e.g. `aparelho-<record>` for a record saved on the device
 *   and then sent), or with the same type, title and text as one without a key, replaces that
 *   toast in place and restarts its countdown instead of stacking a second one.
 */
import { PRIMARY_COLOR } from '../theme';

/** Notification toasts. */
export const TOAST = {
  position: 'top-right',
  timeout: 5000,
  max: 5,
  width: 400,
  sequentialClosing: false,
  zIndex: 99999,
  /** Text of the small close button of each toast. */
  closeText: 'Fechar',
} as const;

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'progress';

export interface ToastOptions {
  /** Countdown length in ms; defaults to the store timeout (5000 ms). */
  timeout?: number;
  /** No countdown: the toast stays until clicked, closed or removed. */
  persistent?: boolean;
  /** Caller identity (Refine notification key), used to update or close the toast. */
  key?: string;
  /** Undoable toasts: seconds left to undo, and the undo action (Refine's cancelMutation). */
  undoableTimeout?: number;
  cancelMutation?: () => void;
  /** Label of the undo button; default 'Desfazer'. */
  undoText?: string;
  /** An API error's request id, shown as "Código do erro" (issue 35). */
  requestId?: string;
}

export interface ToastInput {
  title: string;
  text?: string;
  /** CSS colour; defaults by type. */
  color?: string;
  /** Any icon the view knows how to draw (the React stack accepts a ReactNode); defaults by type. */
  icon?: unknown;
  type?: ToastType;
  options?: ToastOptions;
  onClick?: () => void;
  onClose?: () => void;
  /** Initial progress (0..100); mostly for persistent toasts that show their own countdown. */
  progress?: number;
}

export interface ToastItem {
  /** Creation timestamp (ms), unique within the store. */
  notifierId: number;
  title: string;
  text: string;
  color: string;
  icon?: unknown;
  type: ToastType;
  options: ToastOptions;
  onClick?: () => void;
  onClose?: () => void;
  /** 0..100 */
  progress: number;
}

export interface ToastState {
  /** Shown toasts, oldest first (at most `max`). */
  visible: readonly ToastItem[];
  /** Toasts waiting for a free place, oldest first. */
  queued: readonly ToastItem[];
  /** Pointer over the stack: progress paused. */
  hovered: boolean;
}

export interface ToastStoreConfig {
  timeout?: number;
  max?: number;
  sequentialClosing?: boolean;
  /** Clock for notifierId; default Date.now. */
  now?: () => number;
}

export interface ToastStore {
  readonly config: Readonly<Required<Omit<ToastStoreConfig, 'now'>>>;
  /** Adds a toast; returns its notifierId. */
  push(input: ToastInput): number;
  /** Changes a toast in place (keeps its position). `resetProgress` restarts its countdown. */
  update(notifierId: number, patch: Partial<ToastInput>, opts?: { resetProgress?: boolean }): boolean;
  findByKey(key: string): ToastItem | undefined;
  get(notifierId: number): ToastItem | undefined;
  /** Removes without running any action. */
  remove(notifierId: number): void;
  /** Runs the click action, then removes. */
  click(notifierId: number): void;
  /** Runs the close action, then removes. */
  close(notifierId: number): void;
  setHovered(hovered: boolean): void;
  getState(): ToastState;
  subscribe(listener: () => void): () => void;
  /** Removes every toast and stops all timers. */
  clear(): void;
}

export const TOAST_COLORS: Record<ToastType, string> = {
  success: '#389e0d',
  error: '#cf1322',
  warning: '#d46b08',
  info: PRIMARY_COLOR,
  progress: PRIMARY_COLOR,
};

const TICK_MS = 1000;

interface Entry {
  item: ToastItem;
  ticks: number;
}

export function createToastStore(config: ToastStoreConfig = {}): ToastStore {
  const cfg = {
    timeout: config.timeout ?? TOAST.timeout,
    max: config.max ?? TOAST.max,
    sequentialClosing: config.sequentialClosing ?? TOAST.sequentialClosing,
  };
  const now = config.now ?? Date.now;

  let entries: Entry[] = [];
  let hovered = false;
  let lastId = 0;
  const timers = new Map<number, ReturnType<typeof setInterval>>();
  const listeners = new Set<() => void>();
  let snapshot: ToastState = { visible: [], queued: [], hovered: false };

  const timeoutOf = (item: ToastItem) => {
    const t = item.options.timeout ?? cfg.timeout;
    return t > 0 ? t : cfg.timeout;
  };
  const countsDown = (item: ToastItem) => !item.options.persistent;

  function emit() {
    snapshot = {
      visible: entries.slice(0, cfg.max).map((e) => e.item),
      queued: entries.slice(cfg.max).map((e) => e.item),
      hovered,
    };
    for (const l of [...listeners]) l();
  }

  /**
   * Starts the timers of the shown countdown toasts (only the first one with sequential
   * closing), stops the others. A toast's timer starts when it begins to count, so its first
   * step comes one full second later.
   */
  function syncTimers() {
    const counting = entries.slice(0, cfg.max).filter((e) => countsDown(e.item));
    const shouldRun = new Set((cfg.sequentialClosing ? counting.slice(0, 1) : counting).map((e) => e.item.notifierId));
    for (const [id, timer] of timers) {
      if (!shouldRun.has(id)) {
        clearInterval(timer);
        timers.delete(id);
      }
    }
    for (const id of shouldRun) {
      if (!timers.has(id))
        timers.set(
          id,
          setInterval(() => tick(id), TICK_MS),
        );
    }
  }

  function changed() {
    syncTimers();
    emit();
  }

  function tick(id: number) {
    if (hovered) return;
    const entry = entries.find((e) => e.item.notifierId === id);
    if (!entry) return;
    if (cfg.sequentialClosing) {
      const first = entries.slice(0, cfg.max).find((e) => countsDown(e.item));
      if (first !== entry) return;
    }
    entry.ticks += 1;
    const progress = Math.min(100, (entry.ticks * 100 * TICK_MS) / timeoutOf(entry.item));
    if (progress >= 100 - 1e-9) {
      removeEntry(id);
      return;
    }
    entry.item = { ...entry.item, progress };
    emit();
  }

  function removeEntry(id: number) {
    const before = entries.length;
    entries = entries.filter((e) => e.item.notifierId !== id);
    if (entries.length !== before) changed();
  }

  function build(input: ToastInput, notifierId: number): ToastItem {
    const type = input.type ?? 'info';
    return {
      notifierId,
      title: input.title,
      text: input.text ?? '',
      color: input.color ?? TOAST_COLORS[type],
      icon: input.icon,
      type,
      options: { ...(input.options ?? {}) },
      onClick: input.onClick,
      onClose: input.onClose,
      progress: clampProgress(input.progress ?? 0),
    };
  }

  /** The toast already telling this event: the same key, or (without keys) the same type, title and text. */
  function sameEvent(input: ToastInput): Entry | undefined {
    const key = input.options?.key;
    if (key) return entries.find((e) => e.item.options.key === key);
    const type = input.type ?? 'info';
    return entries.find((e) => !e.item.options.key && e.item.type === type && e.item.title === input.title && e.item.text === (input.text ?? ''));
  }

  const store: ToastStore = {
    config: cfg,
    push(input) {
      const same = sameEvent(input);
      if (same) {
        store.update(same.item.notifierId, { ...input, progress: input.progress ?? 0 }, { resetProgress: true });
        return same.item.notifierId;
      }
      const id = Math.max(now(), lastId + 1);
      lastId = id;
      entries = [...entries, { item: build(input, id), ticks: 0 }];
      changed();
      return id;
    },
    update(notifierId, patch, opts = {}) {
      const entry = entries.find((e) => e.item.notifierId === notifierId);
      if (!entry) return false;
      const prev = entry.item;
      const type = patch.type ?? prev.type;
      const merged: ToastInput = {
        title: patch.title ?? prev.title,
        text: 'text' in patch ? patch.text : prev.text,
        color: patch.color ?? (patch.type && patch.type !== prev.type ? undefined : prev.color),
        icon: 'icon' in patch ? patch.icon : prev.icon,
        type,
        options: patch.options ? { ...prev.options, ...patch.options } : prev.options,
        onClick: 'onClick' in patch ? patch.onClick : prev.onClick,
        onClose: 'onClose' in patch ? patch.onClose : prev.onClose,
        progress: patch.progress ?? (opts.resetProgress ? 0 : prev.progress),
      };
      entry.item = build(merged, notifierId);
      if (opts.resetProgress) {
        entry.ticks = 0;
        const timer = timers.get(notifierId);
        if (timer) clearInterval(timer);
        timers.delete(notifierId);
      }
      changed();
      return true;
    },
    findByKey(key) {
      return entries.find((e) => e.item.options.key === key)?.item;
    },
    get(notifierId) {
      return entries.find((e) => e.item.notifierId === notifierId)?.item;
    },
    remove(notifierId) {
      removeEntry(notifierId);
    },
    click(notifierId) {
      const item = store.get(notifierId);
      if (!item) return;
      try {
        item.onClick?.();
      } finally {
        removeEntry(notifierId);
      }
    },
    close(notifierId) {
      const item = store.get(notifierId);
      if (!item) return;
      try {
        item.onClose?.();
      } finally {
        removeEntry(notifierId);
      }
    },
    setHovered(value) {
      if (hovered === value) return;
      hovered = value;
      emit();
    },
    getState: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear() {
      entries = [];
      hovered = false;
      changed();
    },
  };
  return store;
}

function clampProgress(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.max(0, Math.min(100, p));
}

/** The app-wide store used by the ToastStack and the Refine notification provider. */
export const toastStore: ToastStore = createToastStore();

/** Shortcut to show a toast on the app-wide store. */
export function notify(input: ToastInput): number {
  return toastStore.push(input);
}
