/** The audit trail's export: the file the API builds (`GET /api/v1/auditoria?formato=…`), handed to the browser. */
import { ApiCallError, downloadFile } from '../../providers/api-client';

export interface AuditQuery {
  pessoa?: string;
  modulo?: string;
  registro?: string;
  /** Kinds, comma-separated. */
  tipo?: string;
  de?: string;
  ate?: string;
}

/** Downloads the export of the filters; the file's name, or an Error with the API's message and the request's code. */
export async function downloadAudit(apiUrl: string, query: Record<string, string>): Promise<string> {
  try {
    return await downloadFile(`/auditoria?${new URLSearchParams(query)}`, `auditoria.${query.formato ?? 'xlsx'}`, {
      apiUrl,
      fallback: 'Não foi possível exportar.',
    });
  } catch (e) {
    if (!(e instanceof ApiCallError)) throw e;
    throw new Error(`${e.message}${e.requestId ? ` (código do erro: ${e.requestId})` : ''}`);
  }
}
