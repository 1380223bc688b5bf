/** HTTP of the "Configurar entidade" screen: history and stored changes (GET/POST/PATCH/DELETE /api/v1/schemas/…). */
import type { OverlayChange } from '../../../../schemas/overlay';
import { apiCall } from '../../providers/api-client';
import { requestFor, type HistoryEntry } from './schema-changes';

const call = (apiUrl: string, method: string, path: string, body?: unknown) => apiCall<unknown>(path, { apiUrl, method, body });

export async function fetchHistory(apiUrl: string, resource: string): Promise<HistoryEntry[]> {
  return (await call(apiUrl, 'GET', `/schemas/${encodeURIComponent(resource)}/history`)) as HistoryEntry[];
}

/** How many records hold a value in a field (told before purging its data). */
export async function fetchUsage(apiUrl: string, resource: string, field: string): Promise<number> {
  const out = (await call(apiUrl, 'GET', `/schemas/${encodeURIComponent(resource)}/fields/${encodeURIComponent(field)}/usage`)) as { records: number };
  return out.records;
}

/** Store a change; resolves with the new overlay version. */
export async function sendChange(apiUrl: string, resource: string, change: OverlayChange, version: number): Promise<number> {
  const r = requestFor(resource, change, version);
  const out = (await call(apiUrl, r.method, r.path, r.body)) as { version: number };
  return out.version;
}
