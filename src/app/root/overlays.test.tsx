import { act, fireEvent, render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ActionOverlayProvider,
  isScrollLocked,
  LoadingOverlay,
  ScrollLockContext,
  ScrollLockProvider,
  useExecutandoAcao,
  useScrollLock,
  type ExecutandoAcaoApi,
} from './overlays';

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.style.overflow = '';
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('LoadingOverlay', () => {
  it('shows the product name and a spinner in the primary colour', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveTextContent('Portal');
    expect(overlay).toHaveAttribute('role', 'status');
    expect(overlay.querySelector('.anticon-loading')).toHaveStyle({ color: '#6305c6' });
  });

  it('stays at least ~4 s, then fades out over 500 ms and unmounts', () => {
    const onHidden = vi.fn();
    render(<LoadingOverlay onHidden={onHidden} />);
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveAttribute('data-phase', 'visible');
    expect(overlay).toHaveStyle({ opacity: '1' });
    advance(3999);
    expect(overlay).toHaveAttribute('data-phase', 'visible');
    advance(1);
    expect(overlay).toHaveAttribute('data-phase', 'fading');
    expect(overlay).toHaveStyle({ opacity: '0', transition: 'opacity 500ms ease' });
    advance(499);
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(onHidden).not.toHaveBeenCalled();
    advance(1);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(onHidden).toHaveBeenCalledTimes(1);
  });

  it('waits for ready when the app takes longer than the minimum', () => {
    const { rerender } = render(<LoadingOverlay ready={false} />);
    advance(10_000);
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'visible');
    rerender(<LoadingOverlay ready />);
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'fading');
    advance(500);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('keeps the minimum when the app is ready at once', () => {
    render(<LoadingOverlay ready />);
    advance(2000);
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'visible');
  });

  it('shows the minimum once per session: a later load is shown as soon as it is ready', () => {
    const first = render(<LoadingOverlay ready />);
    advance(4000);
    advance(500);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    first.unmount();

    // A reload in the same tab, the app ready at once: no overlay at all.
    const again = render(<LoadingOverlay ready />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    again.unmount();

    // A reload whose app still loads: the overlay until ready, then gone without the fade.
    const { rerender } = render(<LoadingOverlay ready={false} />);
    advance(10_000);
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'visible');
    rerender(<LoadingOverlay ready />);
    advance(0);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('a load cut before the overlay left is still a first load', () => {
    const cut = render(<LoadingOverlay ready />);
    advance(2000);
    cut.unmount();
    render(<LoadingOverlay ready />);
    advance(2000);
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-phase', 'visible');
  });
});

function ActionProbe({ onApi }: { onApi: (api: ExecutandoAcaoApi) => void }) {
  const api = useExecutandoAcao();
  onApi(api);
  return <span data-testid="executando">{String(api.executandoAcao)}</span>;
}

describe('action overlay (executandoAcao)', () => {
  it('shows for at least 1000 ms, then fades over 500 ms', async () => {
    let api!: ExecutandoAcaoApi;
    render(
      <ActionOverlayProvider>
        <ActionProbe onApi={(a) => (api = a)} />
      </ActionOverlayProvider>,
    );
    expect(screen.queryByTestId('action-overlay')).toBeNull();

    let result: Promise<string> | undefined;
    await act(async () => {
      result = api.run(async () => 'feito');
    });
    await expect(result).resolves.toBe('feito');
    // the action ended at once, but the overlay holds its 1000 ms
    expect(screen.getByTestId('executando')).toHaveTextContent('false');
    expect(screen.getByTestId('action-overlay')).toHaveAttribute('data-phase', 'visible');
    advance(999);
    expect(screen.getByTestId('action-overlay')).toHaveAttribute('data-phase', 'visible');
    advance(1);
    expect(screen.getByTestId('action-overlay')).toHaveAttribute('data-phase', 'fading');
    advance(499);
    expect(screen.getByTestId('action-overlay')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByTestId('action-overlay')).toBeNull();
  });

  it('stays while a long action runs, and executandoAcao is true meanwhile', async () => {
    let api!: ExecutandoAcaoApi;
    render(
      <ActionOverlayProvider>
        <ActionProbe onApi={(a) => (api = a)} />
      </ActionOverlayProvider>,
    );
    let finish!: () => void;
    let done: Promise<void> | undefined;
    act(() => {
      done = api.run(() => new Promise<void>((r) => (finish = r)));
    });
    expect(screen.getByTestId('executando')).toHaveTextContent('true');
    advance(5000);
    expect(screen.getByTestId('action-overlay')).toHaveAttribute('data-phase', 'visible');
    await act(async () => {
      finish();
      await done;
    });
    expect(screen.getByTestId('executando')).toHaveTextContent('false');
    // past its minimum: fades right away
    advance(0);
    expect(screen.getByTestId('action-overlay')).toHaveAttribute('data-phase', 'fading');
    advance(500);
    expect(screen.queryByTestId('action-overlay')).toBeNull();
  });

  it('passes errors through and still hides', async () => {
    let api!: ExecutandoAcaoApi;
    render(
      <ActionOverlayProvider>
        <ActionProbe onApi={(a) => (api = a)} />
      </ActionOverlayProvider>,
    );
    let result: Promise<unknown> | undefined;
    await act(async () => {
      result = api.run(async () => {
        throw new Error('falhou');
      });
      await result?.catch(() => {});
    });
    await expect(result).rejects.toThrow('falhou');
    advance(1500);
    expect(screen.queryByTestId('action-overlay')).toBeNull();
  });

  it('outside the provider runs the action without overlay', async () => {
    let api!: ExecutandoAcaoApi;
    render(<ActionProbe onApi={(a) => (api = a)} />);
    await expect(api.run(() => 7)).resolves.toBe(7);
  });
});

function Lock({ active }: { active: boolean }) {
  useScrollLock(active);
  return null;
}

describe('scroll lock', () => {
  it('useScrollLock hides body overflow while active and restores it', () => {
    document.body.style.overflow = 'auto';
    const { rerender, unmount } = render(<Lock active={false} />);
    expect(document.body.style.overflow).toBe('auto');
    rerender(<Lock active />);
    expect(document.body.style.overflow).toBe('hidden');
    expect(isScrollLocked()).toBe(true);
    rerender(<Lock active={false} />);
    expect(document.body.style.overflow).toBe('auto');
    rerender(<Lock active />);
    unmount();
    expect(document.body.style.overflow).toBe('auto');
    expect(isScrollLocked()).toBe(false);
  });

  it('nested locks release only when the last one ends', () => {
    const { rerender } = render(
      <>
        <Lock active />
        <Lock active />
      </>,
    );
    rerender(
      <>
        <Lock active />
        <Lock active={false} />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Lock active={false} />
        <Lock active={false} />
      </>,
    );
    expect(document.body.style.overflow).toBe('');
  });

  function SidebarToggle() {
    const { sidebarOpen, setSidebarOpen, locked } = useContext(ScrollLockContext);
    return (
      <button type="button" data-locked={String(locked)} onClick={() => setSidebarOpen(!sidebarOpen)}>
        Menu
      </button>
    );
  }

  it('blocks page scrolling while the sidebar is open', () => {
    render(
      <ActionOverlayProvider>
        <ScrollLockProvider>
          <SidebarToggle />
        </ScrollLockProvider>
      </ActionOverlayProvider>,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(button);
    expect(document.body.style.overflow).toBe('hidden');
    expect(button).toHaveAttribute('data-locked', 'true');
    fireEvent.click(button);
    expect(document.body.style.overflow).toBe('');
  });

  it('blocks page scrolling while an action runs', async () => {
    let api!: ExecutandoAcaoApi;
    render(
      <ActionOverlayProvider>
        <ScrollLockProvider>
          <ActionProbe onApi={(a) => (api = a)} />
        </ScrollLockProvider>
      </ActionOverlayProvider>,
    );
    let finish!: () => void;
    let done: Promise<void> | undefined;
    act(() => {
      done = api.run(() => new Promise<void>((r) => (finish = r)));
    });
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => {
      finish();
      await done;
    });
    expect(document.body.style.overflow).toBe('');
  });
});
