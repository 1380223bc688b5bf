/** HTTP of the spreadsheet import (`/api/v1/importacoes`, src/server/import): JSON calls, the upload, the downloads. */
import type { ImportDetail, ImportPhase, ImportRowAction, ImportRowOutcome, ImportSummary } from '../../../../resources/importacao';
import { bearerHeaders } from '../../access/load-ability';

const API = '/api/v1';

/** A refusal of the API: its pt-BR message and messages per key. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, { ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}), ...(await bearerHeaders()) } });
  } catch {
    throw new ImportError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => undefined)) as { message?: unknown; errors?: Record<string, string[]> } | undefined;
    throw new ImportError(typeof json?.message === 'string' ? json.message : `Erro ${res.status}.`, res.status, json?.errors ?? {});
  }
  return res;
}

const json = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await (
    await send(path, { method, ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}) })
  ).json()) as T;

export const getImport = (id: number) => json<ImportDetail>(`/importacoes/${id}`);

export function listImports(opts: { start: number; end: number; todas?: boolean }): Promise<{ itens: ImportSummary[]; total: number }> {
  return json(`/importacoes?_start=${opts.start}&_end=${opts.end}${opts.todas ? '&todas=true' : ''}`);
}

export async function uploadSheet(resource: string, file: File): Promise<ImportDetail> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await (await send(`/importacoes?recurso=${encodeURIComponent(resource)}`, { method: 'POST', body: form })).json()) as ImportDetail;
}

export const simulate = (id: number, mapeamento: Record<string, string | null>) => json<ImportDetail>(`/importacoes/${id}/simular`, 'POST', { mapeamento });
export const runImport = (id: number, modo: 'tudo' | 'validas') => json<ImportDetail>(`/importacoes/${id}/importar`, 'POST', { modo });
export const cancelImport = (id: number) => json<ImportDetail>(`/importacoes/${id}/cancelar`, 'POST', {});

export function importRows(id: number, etapa: ImportPhase, opts: { start: number; end: number; acao?: ImportRowAction }) {
  const acao = opts.acao ? `&acao=${opts.acao}` : '';
  return json<{ linhas: ImportRowOutcome[]; total: number }>(`/importacoes/${id}/linhas?etapa=${etapa}&_start=${opts.start}&_end=${opts.end}${acao}`);
}

/** Downloads a file the API gives (the template, the result) under the name it suggests. */
async function download(path: string, fallback: string): Promise<void> {
  const res = await send(path);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallback;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadTemplate = (resource: string) => download(`/importacoes/modelo?recurso=${encodeURIComponent(resource)}`, `modelo-${resource}.xlsx`);
export const downloadResult = (id: number) => download(`/importacoes/${id}/resultado`, `importacao-${id}-resultado.xlsx`);

/** "12 s", "3 min", "1 h 5 min". */
export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
