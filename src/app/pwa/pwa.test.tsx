import { act, fireEvent, render, screen } from '@testing-library/react';
import { API_CACHE, clearOfflineCaches } from './caches';
import { isOnline } from './online';
import { applyUpdate, promptInstall, pwaStore, type InstallPromptEvent } from './pwa-store';
import { INSTALL_LABEL, OFFLINE_HINT, OFFLINE_LABEL, OfflineTag, UPDATE_BUTTON, UpdateNotice, useInstallOffer } from './pwa-ui';
import { canRegister, registerServiceWorker } from './register';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

afterEach(() => {
  pwaStore.reset();
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('connection indicator', () => {
  it('shows "Sem conexão" only while offline, following the online/offline events', async () => {
    render(<OfflineTag />);
    expect(screen.queryByText(OFFLINE_LABEL)).toBeNull();
    act(() => setOnline(false));
    expect(isOnline()).toBe(false);
    const tag = screen.getByText(OFFLINE_LABEL);
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(OFFLINE_HINT)).toBeInTheDocument();
    act(() => setOnline(true));
    expect(screen.queryByText(OFFLINE_LABEL)).toBeNull();
  });
});

describe('offline caches', () => {
  it('deletes the API cache, and does nothing where the Cache API is missing', async () => {
    await expect(clearOfflineCaches()).resolves.toBeUndefined(); // jsdom: no `caches`
    const del = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: del });
    await clearOfflineCaches();
    expect(del).toHaveBeenCalledWith(API_CACHE);
    vi.stubGlobal('caches', { delete: vi.fn(async () => Promise.reject(new Error('SecurityError'))) });
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    await expect(clearOfflineCaches()).resolves.toBeUndefined();
  });
});

describe('new version', () => {
  it('"Atualizar" activates the waiting version; the tab reloads once it controls', async () => {
    const activate = vi.fn(async () => undefined);
    pwaStore.updateFound(activate);
    render(<UpdateNotice />);
    expect(screen.getByText(/Nova versão disponível/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: UPDATE_BUTTON }));
    expect(activate).toHaveBeenCalled();
    const reload = vi.fn();
    pwaStore.controlled(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads on its own: another tab activating the version leaves the notice up', async () => {
    pwaStore.updateFound(vi.fn(async () => undefined));
    const reload = vi.fn();
    pwaStore.controlled(reload);
    expect(reload).not.toHaveBeenCalled();
    expect(pwaStore.getState().updateWaiting).toBe(true);
    await applyUpdate(reload); // nothing left to activate: the button just reloads
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('install offer', () => {
  function Offer() {
    const install = useInstallOffer();
    return install ? <button onClick={install}>{INSTALL_LABEL}</button> : null;
  }

  it('is offered while the browser offers it, once, and not when installed', async () => {
    render(<Offer />);
    expect(screen.queryByText(INSTALL_LABEL)).toBeNull();
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    }) as InstallPromptEvent;
    act(() => pwaStore.offerInstall(event));
    expect(screen.getByText(INSTALL_LABEL)).toBeInTheDocument();
    await act(async () => {
      expect(await promptInstall()).toBe(true);
    });
    expect(event.prompt).toHaveBeenCalled();
    expect(screen.queryByText(INSTALL_LABEL)).toBeNull();
    expect(pwaStore.getState().installed).toBe(true);
    act(() => pwaStore.offerInstall(event));
    expect(screen.queryByText(INSTALL_LABEL)).toBeNull();
  });
});

describe('registration', () => {
  it('only in a production build, in a secure context, with service workers', async () => {
    const load = vi.fn();
    expect(canRegister(false)).toBe(false);
    expect(await registerServiceWorker({ production: false, load })).toBe(false);
    expect(load).not.toHaveBeenCalled();
    // jsdom has no navigator.serviceWorker
    expect(canRegister(true)).toBe(false);
  });

  it('wires a waiting version to the notice', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    try {
      let options: Parameters<typeof import('virtual:pwa-register').registerSW>[0] = {};
      const update = vi.fn(async () => undefined);
      const registerSW = vi.fn((o: typeof options) => {
        options = o;
        return update;
      });
      expect(await registerServiceWorker({ production: true, load: async () => ({ registerSW }) })).toBe(true);
      expect(registerSW).toHaveBeenCalledWith(expect.objectContaining({ immediate: true }));
      act(() => options?.onNeedRefresh?.());
      expect(pwaStore.getState().updateWaiting).toBe(true);
      await applyUpdate(vi.fn());
      expect(update).toHaveBeenCalledWith(true);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      delete (window as { isSecureContext?: unknown }).isSecureContext;
    }
  });
});

describe('connection indicator on a phone', () => {
  it('keeps the name and the explanation with the icon alone', async () => {
    render(<OfflineTag compact />);
    act(() => setOnline(false));
    const tag = screen.getByRole('status', { name: OFFLINE_LABEL });
    expect(tag).not.toHaveTextContent(OFFLINE_LABEL);
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(OFFLINE_HINT)).toBeInTheDocument();
  });
});
