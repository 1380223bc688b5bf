/**
 * Session rules of docs/specification.md §4 (and the empty-input checks of section 5).
 *
 * Local storage keys (section 3): `user` (JSON: email, name, tipo, expiraEm), `expiry` (ms),
 * `ultimaRota` (last route), `railMenu`, `redirect`, `versao` (cached app version).
 * The session store mirrors `user` and `expiraEm` in memory.
 */
import { CHALLENGE_EMPTY, CODE_EMPTY, isInvalidSessionError, PASSWORD_EMPTY, PortugueseAuthError, toPortuguese, USERNAME_EMPTY } from './messages';

export const STORAGE_KEYS = {
  user: 'user',
  expiry: 'expiry',
  lastRoute: 'ultimaRota',
  railMenu: 'railMenu',
  redirect: 'redirect',
  version: 'versao',
  /** The public runtime configuration of the last visit (GET /api/v1/config), for an offline start. */
  authConfig: 'configAutenticacao',
} as const;

/** How long a sign-in is considered fresh before the start-up check refreshes it (not given by the spec). */
export const SESSION_DURATION_MS = 8 * 60 * 60 * 1000;

export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** The browser's local storage, or undefined where there is none (or it is refused). */
export function defaultStorage(): KeyValue | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined;
  }
}

export interface SessionUser {
  email: string;
  name?: string;
  tipo?: string;
}

export interface SessionState {
  user: SessionUser | null;
  /** Expiry timestamp in milliseconds. */
  expiraEm: number | null;
}

/** The session store: user (with email) and expiraEm. */
export const sessionStore: SessionState = { user: null, expiraEm: null };

/** Reads the stored session (malformed data is treated as empty). */
export function readSession(storage: KeyValue | undefined = defaultStorage()): SessionState {
  if (!storage) return { user: null, expiraEm: null };
  let user: SessionUser | null = null;
  let expiraEm: number | null = null;
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null');
    if (raw && typeof raw === 'object' && typeof raw.email === 'string' && raw.email) {
      user = { email: raw.email, name: typeof raw.name === 'string' ? raw.name : undefined, tipo: typeof raw.tipo === 'string' ? raw.tipo : undefined };
      if (typeof raw.expiraEm === 'number') expiraEm = raw.expiraEm;
    }
  } catch {
    user = null;
  }
  const exp = Number(storage.getItem(STORAGE_KEYS.expiry) ?? NaN);
  if (Number.isFinite(exp)) expiraEm = exp;
  sessionStore.user = user;
  sessionStore.expiraEm = user ? expiraEm : null;
  return { ...sessionStore };
}

/** Stores the signed-in user and the expiry (both in local storage and in the session store). */
export function saveSession(user: SessionUser, expiraEm: number = Date.now() + SESSION_DURATION_MS, storage: KeyValue | undefined = defaultStorage()): void {
  sessionStore.user = { ...user };
  sessionStore.expiraEm = expiraEm;
  storage?.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, expiraEm }));
  storage?.setItem(STORAGE_KEYS.expiry, String(expiraEm));
}

/** Forgets the session (user and expiry). */
export function clearSession(storage: KeyValue | undefined = defaultStorage()): void {
  sessionStore.user = null;
  sessionStore.expiraEm = null;
  storage?.removeItem(STORAGE_KEYS.user);
  storage?.removeItem(STORAGE_KEYS.expiry);
}

/** "Clear the cache" after an invalid session: all local storage except the cached version. */
export function clearCache(storage: KeyValue | undefined = defaultStorage()): void {
  if (!storage) return;
  const version = storage.getItem(STORAGE_KEYS.version);
  storage.clear();
  if (version !== null) storage.setItem(STORAGE_KEYS.version, version);
  sessionStore.user = null;
  sessionStore.expiraEm = null;
}

export interface RefreshDeps {
  /** Signs out (local). */
  signOut: () => Promise<unknown>;
  /** Goes to the named route Login. */
  goToLogin: () => void;
  /** Starts the federated sign-in with the corporate provider. */
  federatedSignIn: () => Promise<unknown>;
}

const OWN_LOGIN_TIPOS = ['cliente', 'fornecedor', 'escritorio'];

/** Clients, suppliers and law firms sign in with the portal's own login; the staff through the corporate provider. */
export const hasOwnLogin = (tipo: string | undefined): boolean => OWN_LOGIN_TIPOS.includes(tipo ?? '');

/** Session refresh: a cliente is signed out and sent to Login; anyone else starts federated sign-in. */
export async function refreshSession(user: SessionUser | null, deps: RefreshDeps): Promise<'login' | 'federated'> {
  // External users (clients, suppliers, law firms) have the product's own login.
  if (!user || hasOwnLogin(user.tipo)) {
    try {
      await deps.signOut();
    } finally {
      clearSession();
      deps.goToLogin();
    }
    return 'login';
  }
  await deps.federatedSignIn();
  return 'federated';
}

export type StartupStatus = 'cleared' | 'refreshed' | 'stored' | 'unchanged' | 'offline';

/**
 * A request that got no answer (no network, server unreachable): the session is kept. An answer that
 * refuses the session (docs/specification.md §8) is not one.
 */
export function isNetworkFailure(err: unknown, online: boolean = typeof navigator === 'undefined' || navigator.onLine !== false): boolean {
  if (isInvalidSessionError(err)) return false;
  if (!online) return true;
  const e = err as { name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return typeof err === 'string' && NETWORK_FAILURE.test(err);
  return e.name === 'NetworkError' || NETWORK_FAILURE.test(String(e.message ?? ''));
}
const NETWORK_FAILURE = /network ?error|failed to fetch|fetch failed|load failed|network request failed|ERR_INTERNET_DISCONNECTED/i;

/**
 * Start-up rule: stored version differs → clear all local storage (then store the current version);
 * otherwise, a stored user e-mail with an expiry earlier than now → refresh the session;
 * no version stored → store the current one.
 * Without a network (issue 26) the expired session is kept, not refreshed ('offline'): the refresh
 * would sign a client out or send staff to the corporate sign-in, neither of which works offline;
 * it runs at the next start with a network. A refresh that fails for lack of network keeps it too.
 */
export async function checkVersionAndSession(opts: {
  version: string;
  refresh: (user: SessionUser) => Promise<unknown>;
  storage?: KeyValue;
  now?: number;
  logger?: Pick<Console, 'info' | 'warn'>;
  /** Default: `navigator.onLine`. */
  online?: boolean;
}): Promise<StartupStatus> {
  const storage = opts.storage ?? defaultStorage();
  const now = opts.now ?? Date.now();
  const log = opts.logger ?? console;
  if (!storage) return 'unchanged';
  const stored = storage.getItem(STORAGE_KEYS.version);
  if (stored !== null && stored !== opts.version) {
    log.info(`[sessão] nova versão ${opts.version} (antes ${stored}): armazenamento local limpo.`);
    storage.clear();
    storage.setItem(STORAGE_KEYS.version, opts.version);
    sessionStore.user = null;
    sessionStore.expiraEm = null;
    return 'cleared';
  }
  let status: StartupStatus = 'unchanged';
  if (stored === null) {
    log.warn(`[sessão] versão não encontrada no cache; registrada ${opts.version}.`);
    storage.setItem(STORAGE_KEYS.version, opts.version);
    status = 'stored';
  }
  const { user, expiraEm } = readSession(storage);
  if (user?.email && expiraEm !== null && expiraEm < now) {
    const online = opts.online ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
    if (!online) {
      log.info(`[sessão] usuário expirado (${user.email}) sem conexão: sessão mantida até a conexão voltar.`);
      return 'offline';
    }
    log.info(`[sessão] usuário expirado (${user.email}): renovando a sessão.`);
    try {
      await opts.refresh(user);
    } catch (err) {
      if (!isNetworkFailure(err, online)) throw err;
      log.info(`[sessão] renovação sem resposta (${user.email}): sessão mantida.`);
      return 'offline';
    }
    return 'refreshed';
  }
  return status;
}

/**
 * Invalid session (docs/specification.md §8 messages): sign out and clear the cache. Returns true when handled.
 */
export async function handleInvalidSession(err: unknown, deps: { signOut: () => Promise<unknown>; storage?: KeyValue }): Promise<boolean> {
  if (!isInvalidSessionError(err)) return false;
  try {
    await deps.signOut();
  } catch {
    // the session is gone anyway
  }
  clearCache(deps.storage ?? defaultStorage());
  return true;
}

/** Rejects empty inputs before the provider is called (docs/specification.md §5), with the spec's messages. */
export function requireNonEmpty(fields: { username?: string | null; password?: string | null; code?: string | null; challengeResponse?: string | null }): void {
  const empty = (v: string | null | undefined) => (v === undefined ? false : !v || !String(v).trim());
  const check: [keyof typeof fields, string][] = [
    ['username', USERNAME_EMPTY],
    ['code', CODE_EMPTY],
    ['password', PASSWORD_EMPTY],
    ['challengeResponse', CHALLENGE_EMPTY],
  ];
  for (const [k, msg] of check) {
    if (k in fields && empty(fields[k] ?? '')) {
      throw new PortugueseAuthError(toPortuguese(msg), msg, 'ValidationError');
    }
  }
}

/** Routes never stored as the last route (docs/specification.md §2, rule 5). */
const NOT_REMEMBERED = ['/404', '/403', '/acessoFederado', '/login', '/primeiroLogin', '/esqueciSenha'];

export function lastRoute(storage: KeyValue | undefined = defaultStorage()): string {
  const r = storage?.getItem(STORAGE_KEYS.lastRoute);
  if (!r || !r.startsWith('/') || r.startsWith('//')) return '/';
  const path = r.split(/[?#]/)[0];
  return NOT_REMEMBERED.includes(path) ? '/' : r;
}
