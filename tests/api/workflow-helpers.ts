import { sql } from 'kysely';
import type { TestApi } from '../../mocks/test-app';
import { expect } from 'vitest';
import { CNPJ } from '../../src/server/seed/demo-empresas';

/** Small client for the workflow suites: JSON in, `{ status, body }` out. */
export function client(t: { api: TestApi }) {
  const call = async (method: string, path: string, as: string, json?: unknown) => {
    const res = await t.api.request(path, { method, as, json });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    get: (path: string, as = 'admin@portal.local') => call('GET', path, as),
    post: (path: string, json: unknown, as = 'admin@portal.local') => call('POST', path, as, json),
    patch: (path: string, json: unknown, as = 'admin@portal.local') => call('PATCH', path, as, json),
    del: (path: string, as = 'admin@portal.local') => call('DELETE', path, as),
    /** Takes a transition with the record's current version. */
    async step(resource: string, id: number, name: string, as: string, extra: Record<string, unknown> = {}) {
      const now = await call('GET', `/api/v1/${resource}/${id}`, 'admin@portal.local');
      return call('POST', `/api/v1/${resource}/${id}/transitions/${name}`, as, { version: now.body.version, ...extra });
    },
    /** Names of the transitions `as` may take now. */
    async names(resource: string, id: number, as: string): Promise<string[]> {
      const r = await call('GET', `/api/v1/${resource}/${id}/transitions`, as);
      if (r.status !== 200) throw new Error(`transitions ${r.status}: ${JSON.stringify(r.body)}`);
      return (r.body as { name: string }[]).map((x) => x.name);
    },
    /** Messages queued for a recipient about a record. */
    async mails(to: string, ref: string): Promise<{ assunto: string; texto: string }[]> {
      const r = await sql<{
        assunto: string;
        texto: string;
      }>`select assunto, texto from mensagem where para ? ${to} and referencia = ${ref} order by id`.execute(t.api.db);
      return r.rows;
    },
  };
}

export const person = (mail: string, nome?: string) => (nome ? { mail, nome } : { mail });
export const pdf = (name = 'contrato.pdf') => [{ key: `demo/testes/${name}`, name, size: 1000, type: 'application/pdf' }];

/**
 * A supply contract of site 101 that its responsible person sends to the legal team: the manager
 * (contratos.gestor) gets a pending item and the history one `contratos.transicao.emitir-juridico`.
 */
export async function contractSentToLegal(c: ReturnType<typeof client>, numero: string): Promise<number> {
  const resp = 'contratos.responsavel@portal.local';
  const r = await c.post(
    '/api/v1/contratos',
    {
      numero,
      tipo: 'Fornecimento',
      contraparte: CNPJ.trafoSul,
      objeto: 'Fornecimento de cabos',
      obra: '101',
      valor: 1000,
      responsavel: person(resp, 'Rafael Responsável'),
      gestor: person('contratos.gestor@portal.local', 'Gabriela Gestora'),
      validador: person('contratos.validador@portal.local', 'Vítor Validador'),
      arquivos: pdf(),
    },
    resp,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await c.step('contratos', r.body.id, 'emitir-juridico', resp)).status).toBe(200);
  return r.body.id as number;
}
