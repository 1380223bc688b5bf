/**
 * What the search box shows before anything is typed (issue 39): the person's last searches and the
 * records they last opened from a search, on this device (localStorage, per person), five of each.
 */
import type { SearchHit } from '../../../../resources/search';

const MAX = 5;
const key = (email: string | undefined) => `portal.busca.recentes:${(email ?? '').toLowerCase()}`;

export type RecentRecord = Pick<SearchHit, 'recurso' | 'modulo' | 'id' | 'codigo' | 'titulo'>;

export interface Recents {
  buscas: string[];
  registros: RecentRecord[];
}

export function readRecents(email: string | undefined): Recents {
  try {
    const raw = JSON.parse(window.localStorage.getItem(key(email)) ?? 'null') as Partial<Recents> | null;
    const buscas = Array.isArray(raw?.buscas) ? raw.buscas.filter((s): s is string => typeof s === 'string').slice(0, MAX) : [];
    const registros = Array.isArray(raw?.registros)
      ? raw.registros
          .filter((r): r is RecentRecord => !!r && typeof r.recurso === 'string' && typeof r.id === 'number' && typeof r.titulo === 'string')
          .slice(0, MAX)
      : [];
    return { buscas, registros };
  } catch {
    return { buscas: [], registros: [] };
  }
}

function write(email: string | undefined, r: Recents): void {
  try {
    window.localStorage.setItem(key(email), JSON.stringify(r));
  } catch {
    /* private mode, quota: the recents are a convenience */
  }
}

export function rememberSearch(email: string | undefined, q: string): void {
  const text = q.trim();
  if (!text) return;
  const r = readRecents(email);
  write(email, { ...r, buscas: [text, ...r.buscas.filter((s) => s.toLowerCase() !== text.toLowerCase())].slice(0, MAX) });
}

export function rememberRecord(email: string | undefined, hit: RecentRecord): void {
  const r = readRecents(email);
  const record: RecentRecord = { recurso: hit.recurso, modulo: hit.modulo, id: hit.id, codigo: hit.codigo, titulo: hit.titulo };
  write(email, { ...r, registros: [record, ...r.registros.filter((x) => x.recurso !== hit.recurso || x.id !== hit.id)].slice(0, MAX) });
}

export function forgetRecents(email: string | undefined): void {
  try {
    window.localStorage.removeItem(key(email));
  } catch {
    /* nothing kept */
  }
}
