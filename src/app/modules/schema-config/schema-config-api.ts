/** HTTP of the "Configurar entidade" screen: history and stored changes (GET/POST/PATCH/DELETE /api/v1/schemas/…). */
import type { OverlayChange } from '../../../../schemas/overlay';
import { bearerHeaders } from '../../access/load-ability';
import { requestFor, type HistoryEntry } from './schema-changes';

/** A refusal of the API: pt-BR message and errors per key. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function call(apiUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(await bearerHeaders()) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ConfigError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  if (!res.ok) {
    throw new ConfigError(
      typeof json?.message === 'string' ? json.message : 'Alteração recusada.',
      res.status,
      (json?.errors as Record<string, string[]>) ?? {},
    );
  }
  return json;
}

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
