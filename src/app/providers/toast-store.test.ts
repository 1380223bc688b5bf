import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST, TOAST_COLORS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-08-18T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec defaults', () => {
    const store = createToastStore();
    expect(store.config).toEqual({ timeout: 5000, max: 5, sequentialClosing: false });
    expect(TOAST).toMatchObject({ position: 'top-right', width: 400, zIndex: 99999 });
  });

  it('carries the section 3 fields, with a timestamp notifierId', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    const id = store.push({ title: 'Salvo', text: 'Registro salvo.', type: 'success', icon: 'check', onClick, onClose, options: { key: 'k' } });
    expect(id).toBe(Date.now());
    const [item] = store.getState().visible;
    expect(item).toMatchObject({
      notifierId: id,
      title: 'Salvo',
      text: 'Registro salvo.',
      color: TOAST_COLORS.success,
      icon: 'check',
      type: 'success',
      options: { key: 'k' },
      onClick,
      onClose,
      progress: 0,
    });
    // same millisecond: still unique
    expect(store.push({ title: 'Outro' })).toBe(id + 1);
  });

  it('raises progress once per second by 1000/timeout of the range and removes the toast at 100', () => {
    const store = createToastStore();
    const id = store.push({ title: 'A' });
    vi.advanceTimersByTime(999);
    expect(store.get(id)?.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.get(id)?.progress).toBe(20);
    vi.advanceTimersByTime(3000);
    expect(store.get(id)?.progress).toBe(80);
    vi.advanceTimersByTime(1000);
    expect(store.get(id)).toBeUndefined();
    expect(store.getState().visible).toHaveLength(0);
  });

  it('honours a per-toast timeout', () => {
    const store = createToastStore();
    const id = store.push({ title: 'A', options: { timeout: 2000 } });
    vi.advanceTimersByTime(1000);
    expect(store.get(id)?.progress).toBe(50);
    vi.advanceTimersByTime(1000);
    expect(store.get(id)).toBeUndefined();
  });

  it('does not run the actions when it times out', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    store.push({ title: 'A', onClick, onClose });
    vi.advanceTimersByTime(5000);
    expect(onClick).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('pauses while the pointer is over the stack', () => {
    const store = createToastStore();
    const id = store.push({ title: 'A' });
    vi.advanceTimersByTime(2000);
    expect(store.get(id)?.progress).toBe(40);
    store.setHovered(true);
    expect(store.getState().hovered).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(store.get(id)?.progress).toBe(40);
    store.setHovered(false);
    vi.advanceTimersByTime(2000);
    expect(store.get(id)?.progress).toBe(80);
    vi.advanceTimersByTime(1000);
    expect(store.get(id)).toBeUndefined();
  });

  it('counts all toasts down together when sequential closing is off (default)', () => {
    const store = createToastStore();
    const a = store.push({ title: 'A' });
    const b = store.push({ title: 'B' });
    vi.advanceTimersByTime(1000);
    expect(store.get(a)?.progress).toBe(20);
    expect(store.get(b)?.progress).toBe(20);
  });

  it('with sequential closing only the first toast counts down', () => {
    const store = createToastStore({ sequentialClosing: true });
    const a = store.push({ title: 'A' });
    const b = store.push({ title: 'B' });
    vi.advanceTimersByTime(3000);
    expect(store.get(a)?.progress).toBe(60);
    expect(store.get(b)?.progress).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(store.get(a)).toBeUndefined();
    expect(store.get(b)?.progress).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(store.get(b)?.progress).toBe(20);
    vi.advanceTimersByTime(4000);
    expect(store.get(b)).toBeUndefined();
  });

  it('shows at most 5 toasts; the others queue and show as shown ones leave', () => {
    const store = createToastStore();
    const ids = Array.from({ length: 7 }, (_, i) => store.push({ title: `T${i + 1}` }));
    let state = store.getState();
    expect(state.visible.map((t) => t.title)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    expect(state.queued.map((t) => t.title)).toEqual(['T6', 'T7']);

    vi.advanceTimersByTime(2000);
    // queued toasts do not count down
    expect(store.get(ids[5])?.progress).toBe(0);

    store.close(ids[0]);
    state = store.getState();
    expect(state.visible.map((t) => t.title)).toEqual(['T2', 'T3', 'T4', 'T5', 'T6']);
    expect(state.queued.map((t) => t.title)).toEqual(['T7']);

    // T2..T5 leave 3 s later; T6 then has 3 s of progress and T7 starts from 0
    vi.advanceTimersByTime(3000);
    state = store.getState();
    expect(state.visible.map((t) => t.title)).toEqual(['T6', 'T7']);
    expect(store.get(ids[5])?.progress).toBe(60);
    expect(store.get(ids[6])?.progress).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(store.getState().visible).toHaveLength(0);
  });

  it('one toast per event: the same key, or the same unkeyed text, replaces the toast and restarts it (issue 36)', () => {
    const store = createToastStore();
    const saved = store.push({ title: 'Salvo no aparelho.', type: 'success', options: { key: 'aparelho-r1' } });
    vi.advanceTimersByTime(3000);
    expect(store.get(saved)?.progress).toBe(60);
    expect(store.push({ title: 'Enviado ao servidor.', type: 'success', options: { key: 'aparelho-r1' } })).toBe(saved);
    expect(store.getState().visible.map((t) => t.title)).toEqual(['Enviado ao servidor.']);
    expect(store.get(saved)?.progress).toBe(0);
    const copied = store.push({ title: 'Copiado.', type: 'success' });
    expect(store.push({ title: 'Copiado.', type: 'success' })).toBe(copied);
    expect(store.push({ title: 'Copiado.', type: 'error' })).not.toBe(copied);
    expect(store.getState().visible).toHaveLength(3);
  });

  it('click runs the click action and removes the toast', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    const id = store.push({ title: 'A', onClick, onClose });
    store.click(id);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(store.get(id)).toBeUndefined();
  });

  it('close runs the close action and removes the toast', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    const id = store.push({ title: 'A', onClick, onClose });
    store.close(id);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
    expect(store.get(id)).toBeUndefined();
  });

  it('removes the toast even when its action throws', () => {
    const store = createToastStore();
    const id = store.push({
      title: 'A',
      onClick: () => {
        throw new Error('x');
      },
    });
    expect(() => store.click(id)).toThrow('x');
    expect(store.get(id)).toBeUndefined();
  });

  it('persistent toasts do not count down', () => {
    const store = createToastStore();
    const id = store.push({ title: 'A', options: { persistent: true } });
    vi.advanceTimersByTime(60_000);
    expect(store.get(id)?.progress).toBe(0);
  });

  it('updates in place and can restart the countdown', () => {
    const store = createToastStore();
    const a = store.push({ title: 'A', options: { key: 'k' } });
    store.push({ title: 'B' });
    vi.advanceTimersByTime(3000);
    expect(store.findByKey('k')?.notifierId).toBe(a);
    store.update(a, { title: 'A2', type: 'error' }, { resetProgress: true });
    const state = store.getState();
    expect(state.visible.map((t) => t.title)).toEqual(['A2', 'B']);
    expect(store.get(a)).toMatchObject({ progress: 0, color: TOAST_COLORS.error, type: 'error' });
    vi.advanceTimersByTime(2000);
    expect(store.get(a)?.progress).toBe(40);
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getState();
    store.push({ title: 'A' });
    expect(listener).toHaveBeenCalled();
    expect(store.getState()).not.toBe(before);
    unsubscribe();
    listener.mockClear();
    store.clear();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().visible).toHaveLength(0);
  });
});
