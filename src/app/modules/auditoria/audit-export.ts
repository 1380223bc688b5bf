/** The audit trail's export: the file the API builds (`GET /api/v1/auditoria?formato=…`), handed to the browser. */
import { authHeaders } from '../../providers/data-provider';

export interface AuditQuery {
  pessoa?: string;
  modulo?: string;
  registro?: string;
  /** Kinds, comma-separated. */
  tipo?: string;
  de?: string;
  ate?: string;
}

/** Downloads the export of the filters; the file's name, or an Error with the API's message. */
export async function downloadAudit(apiUrl: string, query: Record<string, string>): Promise<string> {
  const res = await fetch(`${apiUrl}/auditoria?${new URLSearchParams(query)}`, { headers: await authHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; requestId?: string };
    const code = body.requestId ?? res.headers.get('x-request-id');
    throw new Error(`${body.message ?? 'Não foi possível exportar.'}${code ? ` (código do erro: ${code})` : ''}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `auditoria.${query.formato ?? 'xlsx'}`;
  const blob = await res.blob();
  if (typeof URL.createObjectURL !== 'function') return name; // jsdom
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
