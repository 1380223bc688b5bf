/**
 * What the layouts need from outside (site search, logout), behind a context so the layouts
 * render in tests without the API or Refine.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface ObraOption {
  Id_Lista: string;
  nome?: string;
}

export interface LayoutServices {
  /** Sites the user may see whose code or name matches `text` (the API applies the rules). */
  searchObras: (text: string) => Promise<ObraOption[]>;
  logout: () => void;
}

/**
 * `authHeaders`: the signed-in session's headers, passed in by the app (`bearerHeaders` of
 * src/app/access/load-ability.ts, in app.tsx), so that the providers import no session code.
 */
export async function fetchObras(
  text: string,
  apiUrl = '/api/v1',
  fetchImpl: typeof fetch = fetch,
  authHeaders: () => Promise<Record<string, string>> = async () => ({}),
): Promise<ObraOption[]> {
  const qs = new URLSearchParams({ _start: '0', _end: '20', _sort: 'Id_Lista', _order: 'asc' });
  if (text.trim()) qs.set('q', text.trim());
  try {
    const response = await fetchImpl(`${apiUrl}/obras?${qs}`, { headers: { Accept: 'application/json', ...(await authHeaders()) } });
    if (!response.ok) return [];
    const rows = (await response.json()) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows
      .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
      .map((r) => ({ Id_Lista: String(r.Id_Lista ?? ''), nome: typeof r.nome === 'string' ? r.nome : undefined }))
      .filter((o) => o.Id_Lista);
  } catch {
    return [];
  }
}

const LayoutServicesContext = createContext<LayoutServices>({ searchObras: fetchObras, logout: () => {} });

export function LayoutServicesProvider({ value, children }: { value: LayoutServices; children: ReactNode }) {
  return <LayoutServicesContext.Provider value={value}>{children}</LayoutServicesContext.Provider>;
}

export function useLayoutServices(): LayoutServices {
  return useContext(LayoutServicesContext);
}

/** localStorage key of the last selected site. */
export const LAST_OBRA_KEY = 'ultimaObra';

export function rememberedObra(): string | undefined {
  try {
    return window.localStorage.getItem(LAST_OBRA_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberObra(obra: string): void {
  try {
    window.localStorage.setItem(LAST_OBRA_KEY, obra);
  } catch {
    /* storage unavailable */
  }
}
