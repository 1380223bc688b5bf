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

/**
 * A document of record's signature and verification calls (the RDO's and the RIT's suites): `sign`
 * by login confirmation (201 expected, the verification code returned), the public `verify`, the
 * site's distribution list with the signing client (who hear of a voided PDF), and the messages
 * queued about a record.
 */
export function documentOfRecord(t: { api: TestApi }, resource: 'diarios' | 'rits', client: string) {
  return {
    async sign(id: number, as: string) {
      const res = await t.api.request(`/api/v1/${resource}/${id}/assinaturas`, { method: 'POST', as, json: { metodo: 'login', confirmo: true } });
      const body = (await res.json()) as { codigo: string };
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body.codigo;
    },
    async verify(code: string) {
      const res = await t.api.request(`/api/v1/verificar/${encodeURIComponent(code)}`, { as: null });
      return { status: res.status, body: await res.json() };
    },
    /** The distribution list of obra 101 (demo) and the client's representative who signs. */
    async toldOfVoid() {
      const r = await sql<{ distribuicao: string[] }>`select distribuicao from "configuracaoRdo" where obra = '101'`.execute(t.api.db);
      expect(r.rows[0].distribuicao.length).toBeGreaterThan(0);
      return [...r.rows[0].distribuicao.map((m) => m.toLowerCase()), client].sort();
    },
    async mailsAbout(id: number) {
      return (
        await sql<{ para: string[]; assunto: string; texto: string }>`
          select para, assunto, texto from mensagem where referencia = ${`${resource}/${id}`} order by id`.execute(t.api.db)
      ).rows;
    },
  };
}
