/**
 * The public ethics channel's API as its pages call it (issue 40): plain `fetch`, no session and no
 * token, whatever the browser holds (src/server/ethics/public-routes.ts).
 */
export const CANAL_API = '/api/v1/canal-etica';

export type { ReporterCase, ThreadMessage } from '../../../../resources/canal-etica';

export interface Evidence {
  key: string;
  name: string;
  size: number;
  type: string;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

const OFFLINE = 'Não foi possível falar com o portal. Verifique sua conexão e tente novamente.';

async function answer<T>(res: Response): Promise<Answer<T>> {
  try {
    const body = (await res.json()) as T & { message?: string; errors?: Record<string, string[]> };
    if (res.ok) return { ok: true, data: body };
    return { ok: false, status: res.status, message: body.message ?? OFFLINE, errors: body.errors };
  } catch {
    return { ok: false, status: res.status, message: OFFLINE };
  }
}

const url = (path: string) => `${window.location.origin}${CANAL_API}${path}`;

/** POST JSON to a public route (credentials omitted: no cookie or session goes with it). */
export async function postCanal<T>(path: string, body: unknown): Promise<Answer<T>> {
  try {
    const res = await fetch(url(path), { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return await answer<T>(res);
  } catch {
    return { ok: false, status: 0, message: OFFLINE };
  }
}

/** One evidence file; the server strips its metadata and name. */
export async function uploadEvidence(file: Blob, name: string): Promise<Answer<Evidence>> {
  const form = new FormData();
  form.append('file', file, name);
  try {
    return await answer<Evidence>(await fetch(url('/anexos'), { method: 'POST', credentials: 'omit', body: form }));
  } catch {
    return { ok: false, status: 0, message: OFFLINE };
  }
}

/** The page's address printed on the poster's QR code. */
export const channelUrl = () => `${window.location.origin}/canal-etica`;
