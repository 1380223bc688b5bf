/**
 * Refine `NotificationProvider` on top of the toast store.
 *
 * - `open` pushes a toast, or updates the one with the same key in place.
 *   A toast whose type changes (e.g. undo countdown → success) restarts its countdown.
 * - `close(key)` removes the toast with that key.
 * - Refine's type 'progress' (undoable mutations) shows a persistent toast with a
 *   "Desfazer" button running `cancelMutation`; its progress bar follows the seconds left
 *   (Refine re-opens it every second with a smaller `undoableTimeout`). At 0 seconds the
 *   toast goes away (Refine then runs the mutation and opens its success/error toast).
 *   If the user dismisses an undo toast ("Fechar" or a click), the following countdown
 *   updates for that key are ignored until the countdown ends, so it does not pop back every
 *   second. The undo button runs `cancelMutation` and removes the toast (Refine then stops
 *   the countdown).
 */
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { toastStore, type ToastInput, type ToastStore } from './toast-store';
import { requestIdFor } from './request-ids';

export const UNDO_TEXT = 'Desfazer';

export function createNotificationProvider(store: ToastStore = toastStore): NotificationProvider {
  /** Keys of undo toasts the user dismissed; cleared by a non-progress open of the key. */
  const dismissed = new Set<string>();
  /** First `undoableTimeout` seen per key, to draw the countdown. */
  const undoTotals = new Map<string, number>();

  function open(params: OpenNotificationParams): void {
    const { key, message, description, type, cancelMutation, undoableTimeout } = params;
    // Refine's default texts: `description` is the short heading ('Successful' / 'Error'),
    // `message` the sentence. Without a description the message is the title.
    const title = description ? description : message;
    const text = description ? message : undefined;

    if (type === 'progress') {
      const left = Math.max(0, undoableTimeout ?? 0);
      const existing = key ? store.findByKey(key) : undefined;
      if (left <= 0) {
        // Countdown over: Refine now runs the mutation and opens its result toast.
        if (existing) store.remove(existing.notifierId);
        if (key) {
          undoTotals.delete(key);
          dismissed.delete(key);
        }
        return;
      }
      if (key && dismissed.has(key)) return;
      let total = left;
      if (key) {
        total = Math.max(undoTotals.get(key) ?? 0, left);
        undoTotals.set(key, total);
      }
      const markDismissed = () => {
        if (key) dismissed.add(key);
      };
      const input: ToastInput = {
        title: message,
        text: undefined,
        type: 'progress',
        options: { key, persistent: true, undoableTimeout: left, cancelMutation, undoText: UNDO_TEXT },
        progress: ((total - left) / total) * 100,
        onClick: markDismissed,
        onClose: markDismissed,
      };
      if (existing) store.update(existing.notifierId, input, { resetProgress: existing.type !== 'progress' });
      else store.push(input);
      return;
    }

    if (key) {
      dismissed.delete(key);
      undoTotals.delete(key);
    }
    // An API error's request id, shown as "Código do erro" (issue 35).
    const requestId = type === 'error' ? requestIdFor([message, description]) : undefined;
    const input: ToastInput = {
      title,
      text,
      type,
      options: { key, persistent: false, undoableTimeout: undefined, cancelMutation: undefined, requestId },
      onClick: undefined,
      onClose: undefined,
    };
    const existing = key ? store.findByKey(key) : undefined;
    if (existing) store.update(existing.notifierId, { ...input, progress: 0 }, { resetProgress: true });
    else store.push(input);
  }

  function close(key: string): void {
    const existing = store.findByKey(key);
    if (existing) store.remove(existing.notifierId);
    undoTotals.delete(key);
  }

  return { open, close };
}

/** The provider to pass to `<Refine notificationProvider={...}>`. */
export const notificationProvider: NotificationProvider = createNotificationProvider(toastStore);
