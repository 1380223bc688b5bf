/**
 * State of the installable app, shared by the entry (registration, install prompt) and the UI:
 * a waiting new version, the browser's install offer, whether the app runs installed.
 * Kept free of React components and antd: the entry imports it.
 */

/** Chrome's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new version waits ("Atualizar" activates it), or was activated by another tab. */
  updateWaiting: boolean;
  /** The browser offers installation (held until the person asks). */
  installOffer: InstallPromptEvent | null;
  /** Running as the installed app, or installed during this visit. */
  installed: boolean;
}

type Listener = () => void;

let state: PwaState = { updateWaiting: false, installOffer: null, installed: false };
const listeners = new Set<Listener>();
let activateUpdate: (() => Promise<void>) | null = null;
let reloadRequested = false;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const pwaStore = {
  getState: (): PwaState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The registration found a waiting version; `activate` tells it to take over. */
  updateFound(activate: () => Promise<void>): void {
    activateUpdate = activate;
    set({ updateWaiting: true });
  },
  /**
   * The new version took control. Reload only when this tab asked for it ("Atualizar"); when another
   * tab did, keep the notice: its button then just reloads (never a reload on its own, a form may be open).
   */
  controlled(reload: () => void = () => window.location.reload()): void {
    if (reloadRequested) reload();
    else {
      activateUpdate = null;
      set({ updateWaiting: true });
    }
  },
  offerInstall(event: InstallPromptEvent | null): void {
    set({ installOffer: event });
  },
  markInstalled(): void {
    set({ installOffer: null, installed: true });
  },
  /** Test hook. */
  reset(): void {
    state = { updateWaiting: false, installOffer: null, installed: false };
    activateUpdate = null;
    reloadRequested = false;
    listeners.clear();
  },
};

/** "Atualizar": activates the waiting version, which reloads this tab once it controls it. */
export async function applyUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  reloadRequested = true;
  if (activateUpdate) await activateUpdate();
  else reload();
}

/** "Instalar o portal": shows the browser's install dialog (an offer can be used once). */
export async function promptInstall(): Promise<boolean> {
  const offer = state.installOffer;
  if (!offer) return false;
  set({ installOffer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome === 'accepted';
}

function runsInstalled(): boolean {
  try {
    return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  } catch {
    return false;
  }
}

/** Keeps the browser's install offer (it can come before the first paint) and notices an installation. */
export function watchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  if (runsInstalled()) set({ installed: true });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // no mini-infobar: the user menu offers "Instalar o portal"
    if (!state.installed) pwaStore.offerInstall(e as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => pwaStore.markInstalled());
}
