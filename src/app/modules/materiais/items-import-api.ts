/** HTTP of a materials list's items from a spreadsheet (`/api/v1/materiais/{id}/itens/…`, src/server/import/material-items-routes.ts). */
import type { MaterialItemsMode, MaterialItemsReport } from '../../../../resources/material-itens-importacao';
import { apiCall, downloadFile } from '../../providers/api-client';

const API = '/api/v1';

function send(id: string | number, step: 'simulacao' | 'importacao', file: File, modo: MaterialItemsMode, version?: number): Promise<MaterialItemsReport> {
  const form = new FormData();
  form.append('modo', modo);
  if (version !== undefined) form.append('version', String(version));
  form.append('file', file, file.name);
  return apiCall<MaterialItemsReport>(`/materiais/${encodeURIComponent(String(id))}/itens/${step}`, { apiUrl: API, method: 'POST', body: form });
}

/** The dry run: nothing is written. */
export const simulateItems = (id: string | number, file: File, modo: MaterialItemsMode) => send(id, 'simulacao', file, modo);

/** The import, with the list's version the dry run showed (409 if it changed meanwhile). */
export const importItems = (id: string | number, file: File, modo: MaterialItemsMode, version: number) => send(id, 'importacao', file, modo, version);

export const downloadItemsTemplate = (id: string | number) =>
  downloadFile(`/materiais/${encodeURIComponent(String(id))}/itens/modelo`, 'modelo-itens-materiais.xlsx', { apiUrl: API });
