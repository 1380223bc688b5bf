import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpBanner, useHelpUrl } from './help-banner';
import { HELP_BANNER_COLLAPSED_KEY, HELP_BANNER_SEEN_KEY, HELP_BANNER_STORAGE_KEY } from './constants';
import { RootFrame } from './root-frame';
import { ScrollLockProvider } from './overlays';
import { toastStore } from '../providers/toast-store';

const URL_SD = 'https://suporte.exemplo.com.br/servicedesk/customer/portal/3';

describe('HelpBanner', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Precisa de ajuda?' with the service-desk links", () => {
    render(<HelpBanner helpUrl={URL_SD} />);
    const banner = screen.getByRole('complementary', { name: 'Precisa de ajuda?' });
    expect(banner).toHaveTextContent('Precisa de ajuda?');
    const bug = screen.getByRole('link', { name: /Reportar um erro/ });
    const melhoria = screen.getByRole('link', { name: /Sugerir uma melhoria/ });
    expect(bug).toHaveAttribute('href', URL_SD);
    expect(melhoria).toHaveAttribute('href', URL_SD);
    expect(bug).toHaveAttribute('target', '_blank');
    expect(bug).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('uses specific bug and improvement pages when given', () => {
    render(<HelpBanner helpUrl={URL_SD} bugUrl={`${URL_SD}/create/1`} improvementUrl={`${URL_SD}/create/2`} />);
    expect(screen.getByRole('link', { name: /Reportar um erro/ })).toHaveAttribute('href', `${URL_SD}/create/1`);
    expect(screen.getByRole('link', { name: /Sugerir uma melhoria/ })).toHaveAttribute('href', `${URL_SD}/create/2`);
  });

  it('is not shown without a service-desk URL', () => {
    render(<HelpBanner helpUrl={undefined} />);
    expect(screen.queryByTestId('help-banner')).toBeNull();
  });

  it('on close slides out and is hidden after 500 ms', () => {
    const onClosed = vi.fn();
    render(<HelpBanner helpUrl={URL_SD} onClosed={onClosed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar ajuda' }));
    const banner = screen.getByTestId('help-banner');
    expect(banner).toHaveAttribute('data-phase', 'closing');
    expect(banner.style.transform).toContain('translateY(100%)');
    expect(banner.style.transition).toContain('500ms');
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('help-banner')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stays closed for the session', () => {
    const { unmount } = render(<HelpBanner helpUrl={URL_SD} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar ajuda' }));
    expect(sessionStorage.getItem(HELP_BANNER_STORAGE_KEY)).toBe('1');
    unmount();
    render(<HelpBanner helpUrl={URL_SD} />);
    expect(screen.queryByTestId('help-banner')).toBeNull();
  });

  it('shows again in a new session', () => {
    sessionStorage.setItem(HELP_BANNER_STORAGE_KEY, '1');
    sessionStorage.clear();
    render(<HelpBanner helpUrl={URL_SD} />);
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
  });
});

function UrlProbe({ given }: { given?: string | null }) {
  const url = useHelpUrl(given);
  return <span data-testid="url">{url ?? ''}</span>;
}

describe('useHelpUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads helpUrl from /api/v1/config', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ helpUrl: URL_SD }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<UrlProbe />);
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(URL_SD));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/config', expect.anything());
  });

  it('does not fetch when the URL is given', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<UrlProbe given="https://x.example" />);
    expect(screen.getByTestId('url')).toHaveTextContent('https://x.example');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stays empty when the configuration is unavailable', async () => {
    const fetchMock = vi.fn(async () => new Response('no', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<UrlProbe />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('url')).toHaveTextContent('');
  });
});

describe('HelpBanner on a phone', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows in full the first time, then starts as an icon that opens it', () => {
    const first = render(<HelpBanner helpUrl={URL_SD} phone />);
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('help-banner-icon')).toBeNull();
    expect(localStorage.getItem(HELP_BANNER_SEEN_KEY)).toBe('1');
    first.unmount();

    render(<HelpBanner helpUrl={URL_SD} phone />);
    expect(screen.queryByTestId('help-banner')).toBeNull();
    const icon = screen.getByRole('button', { name: 'Precisa de ajuda?' });
    expect(icon).toHaveStyle({ position: 'fixed' });
    fireEvent.click(icon);
    expect(screen.getByRole('complementary', { name: 'Precisa de ajuda?' })).toHaveTextContent('Reportar um erro');
  });

  it('stays a full bar on a wider screen, seen or not', () => {
    localStorage.setItem(HELP_BANNER_SEEN_KEY, '1');
    render(<HelpBanner helpUrl={URL_SD} phone={false} />);
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('help-banner-icon')).toBeNull();
  });

  it('collapses to the round "?" button and remembers it on the device', () => {
    const first = render(<HelpBanner helpUrl={URL_SD} phone />);
    // Shown in full the first time, with a real button that folds it away.
    fireEvent.click(screen.getByRole('button', { name: 'Recolher ajuda' }));
    expect(screen.queryByTestId('help-banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Precisa de ajuda?' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(HELP_BANNER_COLLAPSED_KEY)).toBe('1');
    // Nothing is closed for the session: the help stays one tap away.
    expect(sessionStorage.getItem(HELP_BANNER_STORAGE_KEY)).toBeNull();
    first.unmount();

    const second = render(<HelpBanner helpUrl={URL_SD} phone />);
    expect(screen.queryByTestId('help-banner')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Precisa de ajuda?' }));
    expect(screen.getByRole('complementary', { name: 'Precisa de ajuda?' })).toBeInTheDocument();
    expect(localStorage.getItem(HELP_BANNER_COLLAPSED_KEY)).toBe('0');
    second.unmount();

    // Expanded by choice: it stays expanded next time.
    render(<HelpBanner helpUrl={URL_SD} phone />);
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recolher ajuda' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a desktop ignores the phone choice and offers no collapse', () => {
    localStorage.setItem(HELP_BANNER_COLLAPSED_KEY, '1');
    render(<HelpBanner helpUrl={URL_SD} phone={false} />);
    expect(screen.getByTestId('help-banner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recolher ajuda' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Fechar ajuda' })).toBeInTheDocument();
  });

  it('follows the phone media query (390 px wide)', () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      localStorage.setItem(HELP_BANNER_SEEN_KEY, '1');
      render(<HelpBanner helpUrl={URL_SD} />);
      expect(screen.getByTestId('help-banner-icon')).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});

describe('the help banner is for staff pages only', () => {
  const frame = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <ScrollLockProvider>
          <RootFrame ready helpUrl={URL_SD} toastStore={toastStore} loadFonts={false} renderToasts={() => null}>
            <p>página</p>
          </RootFrame>
        </ScrollLockProvider>
      </MemoryRouter>,
    );

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('no banner on the public survey page nor on the sign-in page', () => {
    frame('/pesquisa/demonstracao-pesquisa-de-satisfacao-0000016');
    expect(screen.getByText('página')).toBeInTheDocument();
    expect(screen.queryByText('Precisa de ajuda?')).toBeNull();
    cleanup();
    frame('/login');
    expect(screen.queryByText('Precisa de ajuda?')).toBeNull();
  });

  it('the banner on a signed-in page', () => {
    frame('/101/diarios');
    expect(screen.getByRole('complementary', { name: 'Precisa de ajuda?' })).toBeInTheDocument();
  });
});
