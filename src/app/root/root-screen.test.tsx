import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fonts = vi.hoisted(() => ({ load: vi.fn(async () => {}) }));
vi.mock('./fonts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fonts')>();
  return { ...actual, loadRobotoFonts: fonts.load };
});

import { RootScreen } from './root-screen';
import { createToastStore } from '../providers/toast-store';
import { ScrollLockContext, useExecutandoAcao } from './overlays';
import { useDialogs } from './dialogs';

function Routed() {
  const { setSidebarOpen, sidebarOpen } = useContext(ScrollLockContext);
  const dialogs = useDialogs();
  const { run } = useExecutandoAcao();
  return (
    <main>
      <h1>Obras</h1>
      <button type="button" onClick={() => setSidebarOpen(!sidebarOpen)}>
        Menu
      </button>
      <button type="button" onClick={() => void dialogs.alert({ title: 'Aviso', text: 'Olá' })}>
        Avisar
      </button>
      <button type="button" onClick={() => void run(() => new Promise(() => {}))}>
        Executar
      </button>
    </main>
  );
}

describe('RootScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    fonts.load.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.style.overflow = '';
  });

  it('holds the loading overlay, the routed view, the toast stack and the help banner', () => {
    const store = createToastStore();
    render(
      <RootScreen helpUrl="https://suporte.exemplo.com.br" toastStore={store}>
        <Routed />
      </RootScreen>,
    );
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Obras' })).toBeInTheDocument();
    expect(screen.getByTestId('toast-stack')).toBeInTheDocument();
    expect(screen.getByText('Precisa de ajuda?')).toBeInTheDocument();
    const root = screen.getByTestId('root-screen');
    expect(root.style.maxHeight).toBe('99.5vh');
    expect(root.style.fontFamily).toMatch(/^Roboto/);

    act(() => {
      store.push({ title: 'Bem-vindo', type: 'info' });
    });
    expect(screen.getByText('Bem-vindo')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'fading');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('loads the Roboto weights lazily, after the first paint', () => {
    render(
      <RootScreen helpUrl={null}>
        <Routed />
      </RootScreen>,
    );
    expect(fonts.load).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(fonts.load).toHaveBeenCalledTimes(1);
  });

  it('blocks page scrolling while the sidebar is open or an action runs', () => {
    render(
      <RootScreen helpUrl={null}>
        <Routed />
      </RootScreen>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByTestId('root-screen').style.overflowY).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Executar' }));
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByTestId('action-overlay')).toBeInTheDocument();
  });

  it('provides the dialogs to the routed view', async () => {
    vi.useRealTimers();
    render(
      <RootScreen helpUrl={null} loadFonts={false}>
        <Routed />
      </RootScreen>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Avisar' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Olá');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the loading overlay waits for ready', () => {
    const { rerender } = render(
      <RootScreen helpUrl={null} ready={false}>
        <Routed />
      </RootScreen>,
    );
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    rerender(
      <RootScreen helpUrl={null} ready>
        <Routed />
      </RootScreen>,
    );
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
