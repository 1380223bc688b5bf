import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';
import { createNotificationProvider, notificationProvider } from './notification-provider';

describe('Refine notification provider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('implements open and close', () => {
    expect(typeof notificationProvider.open).toBe('function');
    expect(typeof notificationProvider.close).toBe('function');
  });

  it('open pushes a toast: description as title, message as text', () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    provider.open({ type: 'success', message: 'Obra atualizada com sucesso', description: 'Sucesso', key: 'a' });
    expect(store.getState().visible).toEqual([
      expect.objectContaining({ title: 'Sucesso', text: 'Obra atualizada com sucesso', type: 'success', options: expect.objectContaining({ key: 'a' }) }),
    ]);
    provider.open({ type: 'error', message: 'Erro ao salvar' });
    expect(store.getState().visible[1]).toMatchObject({ title: 'Erro ao salvar', text: '', type: 'error' });
  });

  it('open with an existing key updates that toast in place and restarts its countdown', () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    provider.open({ type: 'success', message: 'Um', key: 'k' });
    provider.open({ type: 'success', message: 'Dois' });
    vi.advanceTimersByTime(3000);
    provider.open({ type: 'error', message: 'Um (erro)', key: 'k' });
    const { visible } = store.getState();
    expect(visible.map((t) => t.title)).toEqual(['Um (erro)', 'Dois']);
    expect(visible[0]).toMatchObject({ type: 'error', progress: 0 });
  });

  it('close removes the toast with that key', () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    provider.open({ type: 'success', message: 'Um', key: 'k' });
    provider.close('k');
    provider.close('desconhecida');
    expect(store.getState().visible).toHaveLength(0);
  });

  it("'progress' shows a persistent undo toast following Refine's countdown", () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    const cancelMutation = vi.fn();
    provider.open({ type: 'progress', key: '1-obras-notification', message: 'Você tem 5 segundos para desfazer', cancelMutation, undoableTimeout: 5 });
    let [toast] = store.getState().visible;
    expect(toast).toMatchObject({ type: 'progress', progress: 0, options: { persistent: true, undoableTimeout: 5, cancelMutation } });

    vi.advanceTimersByTime(10_000); // no self countdown
    expect(store.getState().visible).toHaveLength(1);

    provider.open({ type: 'progress', key: '1-obras-notification', message: 'Você tem 4 segundos para desfazer', cancelMutation, undoableTimeout: 4 });
    [toast] = store.getState().visible;
    expect(toast).toMatchObject({ title: 'Você tem 4 segundos para desfazer', progress: 20, options: { undoableTimeout: 4 } });

    // at 0 the toast leaves; Refine then opens the result toast with the same key
    provider.open({ type: 'progress', key: '1-obras-notification', message: '0', cancelMutation, undoableTimeout: 0 });
    expect(store.getState().visible).toHaveLength(0);
    provider.open({ type: 'success', key: '1-obras-notification', message: 'Obra atualizada', description: 'Sucesso' });
    expect(store.getState().visible[0]).toMatchObject({ type: 'success', title: 'Sucesso', options: { persistent: false } });
  });

  it('an undo toast dismissed by the user does not come back with the next countdown step', () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    const key = '2-obras-notification';
    provider.open({ type: 'progress', key, message: '5', undoableTimeout: 5 });
    store.close(store.getState().visible[0].notifierId);
    provider.open({ type: 'progress', key, message: '4', undoableTimeout: 4 });
    expect(store.getState().visible).toHaveLength(0);
    provider.open({ type: 'progress', key, message: '0', undoableTimeout: 0 });
    // a later undoable mutation on the same record shows again
    provider.open({ type: 'progress', key, message: '5', undoableTimeout: 5 });
    expect(store.getState().visible).toHaveLength(1);
  });
});
