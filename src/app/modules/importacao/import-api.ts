/** HTTP of the spreadsheet import (`/api/v1/importacoes`, src/server/import): JSON calls, the upload, the downloads. */
import type { ImportDetail, ImportPhase, ImportRowAction, ImportRowOutcome, ImportSummary } from '../../../../resources/importacao';
import { apiCall, downloadFile } from '../../providers/api-client';

const API = '/api/v1';

const json = <T>(path: string, method = 'GET', body?: unknown): Promise<T> => apiCall<T>(path, { apiUrl: API, method, body });

export const getImport = (id: number) => json<ImportDetail>(`/importacoes/${id}`);

export function listImports(opts: { start: number; end: number; todas?: boolean }): Promise<{ itens: ImportSummary[]; total: number }> {
  return json(`/importacoes?_start=${opts.start}&_end=${opts.end}${opts.todas ? '&todas=true' : ''}`);
}

/** `schedule`: the EAP's site and area an MS Project schedule (.xml) goes to. */
export async function uploadSheet(resource: string, file: File, schedule?: { obra?: string; area?: string }): Promise<ImportDetail> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ recurso: resource });
  if (schedule?.obra) query.set('obra', schedule.obra);
  if (schedule?.area) query.set('area', schedule.area);
  return apiCall<ImportDetail>(`/importacoes?${query.toString()}`, { apiUrl: API, method: 'POST', body: form });
}

export const simulate = (id: number, mapeamento: Record<string, string | null>) => json<ImportDetail>(`/importacoes/${id}/simular`, 'POST', { mapeamento });
export const runImport = (id: number, modo: 'tudo' | 'validas') => json<ImportDetail>(`/importacoes/${id}/importar`, 'POST', { modo });
export const cancelImport = (id: number) => json<ImportDetail>(`/importacoes/${id}/cancelar`, 'POST', {});

export function importRows(id: number, etapa: ImportPhase, opts: { start: number; end: number; acao?: ImportRowAction }) {
  const acao = opts.acao ? `&acao=${opts.acao}` : '';
  return json<{ linhas: ImportRowOutcome[]; total: number }>(`/importacoes/${id}/linhas?etapa=${etapa}&_start=${opts.start}&_end=${opts.end}${acao}`);
}

/** Downloads a file the API gives (the template, the result) under the name it suggests. */
const download = async (path: string, fallback: string): Promise<void> => void (await downloadFile(path, fallback, { apiUrl: API }));

export const downloadTemplate = (resource: string) => download(`/importacoes/modelo?recurso=${encodeURIComponent(resource)}`, `modelo-${resource}.xlsx`);
export const downloadResult = (id: number) => download(`/importacoes/${id}/resultado`, `importacao-${id}-resultado.xlsx`);

/** "12 s", "3 min", "1 h 5 min". */
export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
