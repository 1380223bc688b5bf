import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from './toast-stack';
import { createToastStore } from '../providers/toast-store';
import { createNotificationProvider } from '../providers/notification-provider';

describe('ToastStack', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders top right, width 400, z-index 99999, each toast as a live status with a progress bar', () => {
    const store = createToastStore();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'Salvo', text: 'Registro salvo.', type: 'success' });
    });
    const stack = screen.getByTestId('toast-stack');
    expect(stack).toHaveStyle({ position: 'fixed', top: '16px', right: '16px', width: '400px', zIndex: '99999' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveTextContent('Salvo');
    expect(toast).toHaveTextContent('Registro salvo.');
    expect(within(toast).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(toast.querySelector('.ant-progress-line')).not.toBeNull();
  });

  it('shows the progress rising and removes the toast at 100', () => {
    const store = createToastStore();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'A' });
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    const bar = screen.getByRole('status').querySelector('.ant-progress-bg') as HTMLElement;
    expect(bar.style.width).toBe('40%');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses while the pointer is over the stack', () => {
    const store = createToastStore();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'A' });
    });
    fireEvent.mouseEnter(screen.getByTestId('toast-stack'));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('toast-stack'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at most 5', () => {
    const store = createToastStore();
    render(<ToastStack store={store} />);
    act(() => {
      for (let i = 1; i <= 6; i++) store.push({ title: `T${i}` });
    });
    expect(screen.getAllByRole('status')).toHaveLength(5);
    expect(screen.queryByText('T6')).toBeNull();
    fireEvent.click(within(screen.getAllByRole('status')[0]).getByRole('button', { name: 'Fechar' }));
    expect(screen.getAllByRole('status')).toHaveLength(5);
    expect(screen.getByText('T6')).toBeInTheDocument();
  });

  it('shows the newest toast on top (issue 36)', () => {
    const store = createToastStore();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'Salvo no aparelho.' });
      store.push({ title: 'Enviado ao servidor.' });
    });
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual([expect.stringContaining('Enviado'), expect.stringContaining('Salvo')]);
  });

  it('clicking a toast runs its click action and removes it', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'Abrir chamado', onClick, onClose });
    });
    fireEvent.click(screen.getByText('Abrir chamado'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the "Fechar" button runs the close action only and removes the toast', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    const onClose = vi.fn();
    render(<ToastStack store={store} />);
    act(() => {
      store.push({ title: 'A', onClick, onClose });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('undo toasts from Refine show "Desfazer", which cancels the mutation', () => {
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    const cancelMutation = vi.fn();
    render(<ToastStack store={store} />);
    act(() => {
      provider.open({ type: 'progress', key: 'k', message: 'Você tem 5 segundos para desfazer', undoableTimeout: 5, cancelMutation });
    });
    fireEvent.click(screen.getByRole('button', { name: /Desfazer/ }));
    expect(cancelMutation).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
