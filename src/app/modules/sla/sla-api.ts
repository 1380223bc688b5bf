/** HTTP of the SLA editor: GET/PUT /api/v1/sla/{resource}. */
import type { SlaDecl } from '../../../../schemas/sla-types';
import { bearerHeaders } from '../../access/load-ability';

export interface SlaConfig {
  resource: string;
  label: string;
  version: number;
  sla: SlaDecl;
  declared: SlaDecl;
  canEdit: boolean;
  states: { value: string; label: string; final: boolean }[];
  initial: string | null;
  fields: { name: string; label: string; kind: string; options?: string[] }[];
  roles: { value: string; label: string }[];
}

/** A refusal of the API: pt-BR message and errors per key. */
export class SlaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function call(apiUrl: string, method: 'GET' | 'PUT', resource: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${apiUrl}/sla/${encodeURIComponent(resource)}`, {
      method,
      headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(await bearerHeaders()) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new SlaError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  if (!res.ok)
    throw new SlaError(typeof json?.message === 'string' ? json.message : 'Alteração recusada.', res.status, (json?.errors as Record<string, string[]>) ?? {});
  return json;
}

export const fetchSla = (apiUrl: string, resource: string) => call(apiUrl, 'GET', resource) as Promise<SlaConfig>;

export const saveSla = (apiUrl: string, resource: string, version: number, sla: SlaDecl) =>
  call(apiUrl, 'PUT', resource, { version, sla }) as Promise<{ version: number; sla: SlaDecl }>;
