/**
 * The daily report as a document of record (issue 26), its edges: any step that takes a signed
 * report out of its concluded states voids the signatures (the administrators' "Alterar situação"
 * included, with its reason), the administrators' custom fields are part of the signed content,
 * and the distribution list's PDF is queued once the step or the signature is committed.
 */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { schemaByName } from '../../schemas';
import { selectOne } from '../../src/server/crud/repository';
import { contentHash } from '../../src/server/signatures/content-hash';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const DIST = 'obra101@cliente-demo.com.br'; // the demo distribution list of obra 101
const CUSTOM = 'cxLacreConcreto';

const diario = schemaByName('diario')!;

// The report's renderer, made to fail on demand (the distribution then goes without the document).
const renderer = vi.hoisted(() => ({ fail: false }));
vi.mock('../../src/server/rdo/report-pdf', async (original) => {
  const real = await original<typeof import('../../src/server/rdo/report-pdf')>();
  return {
    ...real,
    renderReportPdf: (...args: Parameters<typeof real.renderReportPdf>) => {
      if (renderer.fail) return Promise.reject(new Error('render failed (test)'));
      return real.renderReportPdf(...args);
    },
  };
});

type Signature = { papel: string; valida: boolean; anuladaEm: string | null; anuladaMotivo: string | null; hash: string };

describe.each(BACKENDS)('RDO signatures: voiding and signed content (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const sign = async (id: number, as: string) => {
    const res = await t.api.request(`/api/v1/diarios/${id}/assinaturas`, { method: 'POST', as, json: { metodo: 'login', confirmo: true } });
    return { status: res.status, body: await res.json() };
  };
  const signatures = async (id: number) => (await c.get(`/api/v1/diarios/${id}/assinaturas`, ADMIN)).body as { codigo: string; assinaturas: Signature[] };
  const verify = async (code: string) => (await t.api.request(`/api/v1/verificar/${code}`, { as: null })).json();
  const distributed = async (id: number) =>
    (
      await sql<{ assunto: string; anexos: { tipo: string }[] | null }>`
      select assunto, anexos from mensagem where referencia = ${`diarios/${id}`} and para ? ${DIST} order by id`.execute(t.api.db)
    ).rows;
  /** A report of obra 101 concluded and signed by both signers; its verification code. */
  const signedReport = async (data: string, extra: Record<string, unknown> = {}) => {
    const created = await c.post('/api/v1/diarios', { obra: '101', data, ocorrencias: 'Montagem da estrutura.', ...extra }, SM);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect((await c.step('diarios', id, 'enviar', SM)).body.status).toBe('Em revisão');
    expect((await sign(id, SM)).status).toBe(201);
    const second = await sign(id, CLIENTE);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    return { id, code: second.body.codigo as string };
  };

  it('the administrators\' "Alterar situação" out of the concluded states voids the signatures, with the reason', async () => {
    const { id, code } = await signedReport('2026-09-01');
    // Between concluded states the document stays signed.
    const approved = await c.step('diarios', id, 'alterar-situacao', ADMIN, { to: 'Aprovado', comment: 'Aprovado na reunião.' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await signatures(id)).assinaturas.map((s) => s.valida)).toEqual([true, true]);
    expect((await verify(code)).valido).toBe(true);

    // Back for correction (never to a draft: a document of record, issue 36): editable again, so every
    // signature in force is voided in the same step.
    const draft = await c.step('diarios', id, 'alterar-situacao', ADMIN, { to: 'Reprovado', comment: 'Data errada.' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.status).toBe('Reprovado');
    const voided = (await signatures(id)).assinaturas;
    expect(voided).toHaveLength(2);
    for (const s of voided) {
      expect(s.valida).toBe(false);
      expect(s.anuladaEm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(s.anuladaMotivo).toBe('Situação alterada por administrador: Data errada.');
    }
    const invalid = await verify(code);
    expect(invalid.valido).toBe(false);
    expect(invalid.mensagem).toMatch(/anuladas/);

    // Concluded again (without the signing steps): the old signatures stay void; new ones are asked for.
    expect((await c.step('diarios', id, 'alterar-situacao', ADMIN, { to: 'Em revisão', comment: 'Corrigido.' })).status).toBe(200);
    expect((await verify(code)).valido).toBe(false);
    expect((await c.get(`/api/v1/diarios/${id}/assinaturas`, SM)).body).toMatchObject({ proxima: 'responsavel', podeAssinar: true });
  });

  it('a failed "Alterar situação" voids nothing (same transaction)', async () => {
    const { id, code } = await signedReport('2026-09-02');
    const noReason = await c.step('diarios', id, 'alterar-situacao', ADMIN, { to: 'Reprovado' });
    expect(noReason.status).toBe(400);
    const stale = await c.post(`/api/v1/diarios/${id}/transitions/alterar-situacao`, { version: 1, to: 'Reprovado', comment: 'x' }, ADMIN);
    expect(stale.status).toBe(409);
    expect((await signatures(id)).assinaturas.every((s) => s.valida)).toBe(true);
    expect((await verify(code)).valido).toBe(true);
    // Returning it with the declared step still voids them with its own reason.
    expect((await c.step('diarios', id, 'devolver', ADMIN, { comment: 'Faltou o efetivo.' })).status).toBe(200);
    expect((await signatures(id)).assinaturas.map((s) => s.anuladaMotivo)).toEqual([
      'Diário reaberto: Faltou o efetivo.',
      'Diário reaberto: Faltou o efetivo.',
    ]);
  });

  it('the custom fields are signed content: a custom value changed after signing makes the document invalid; earlier signatures still verify', async () => {
    const before = await signedReport('2026-09-03');
    const hashBefore = (await signatures(before.id)).assinaturas[0].hash;

    const added = await t.api.request('/api/v1/schemas/diarios/fields', {
      as: ADMIN,
      method: 'POST',
      json: { name: CUSTOM, kind: 'text', label: 'Lacre do caminhão de concreto', maxLength: 40 },
    });
    expect(added.status, await added.clone().text()).toBe(201);

    // A report signed before the field existed: same content, still valid.
    expect((await verify(before.code)).valido).toBe(true);
    expect((await c.get(`/api/v1/diarios/${before.id}/assinaturas`, ADMIN)).body.hashAtual).toBe(hashBefore);

    const withValue = await signedReport('2026-09-04', { [CUSTOM]: 'L-1234' });
    const signed = await signatures(withValue.id);
    expect(signed.assinaturas.every((s) => s.valida)).toBe(true);
    expect((await verify(withValue.code)).valido).toBe(true);
    // The hash covers the custom value (the code schema alone would give another one).
    const stored = (await selectOne(t.api.db, diario, withValue.id))!;
    expect(stored[CUSTOM]).toBe('L-1234');
    expect(signed.assinaturas[0].hash).not.toBe(contentHash(diario, stored));

    // Locked for everyone: the custom field does not change through the API either.
    const locked = await c.patch(`/api/v1/diarios/${withValue.id}`, { version: stored.version, [CUSTOM]: 'L-9999' }, ADMIN);
    expect(locked.status).toBe(403);
    // Changed behind the lock (in the database): the verification says the content changed.
    await sql`update diario set ${sql.ref(CUSTOM)} = 'L-9999' where id = ${withValue.id}`.execute(t.api.db);
    const changed = await verify(withValue.code);
    expect(changed.valido).toBe(false);
    expect(changed.mensagem).toMatch(/conteúdo do diário mudou/);
    expect((await signatures(withValue.id)).assinaturas.every((s) => !s.valida)).toBe(true);
    // The same value again: the signed content is back.
    await sql`update diario set ${sql.ref(CUSTOM)} = 'L-1234' where id = ${withValue.id}`.execute(t.api.db);
    expect((await verify(withValue.code)).valido).toBe(true);
  });

  it('the conclusion and each signature queue the PDF, after the commit', async () => {
    const { id } = await signedReport('2026-09-05');
    const mails = await distributed(id);
    expect(mails.map((m) => m.assunto.replace(/^.*: /, ''))).toEqual([
      'diário concluído',
      'assinado (Responsável da obra)',
      'assinado (Representante do cliente)',
    ]);
    for (const m of mails) expect(m.anexos?.[0]?.tipo).toBe('application/pdf');
  });

  it('a PDF that fails to render does not undo the conclusion: the list is told without the document', async () => {
    const created = await c.post('/api/v1/diarios', { obra: '101', data: '2026-09-06', ocorrencias: 'Chuva.' }, SM);
    const id = created.body.id as number;
    renderer.fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const concluded = await c.step('diarios', id, 'enviar', SM);
      expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
      expect(concluded.body.status).toBe('Em revisão');
      expect((await sign(id, SM)).status).toBe(201);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/falha ao gerar o PDF/), expect.any(Error));
    } finally {
      renderer.fail = false;
      logged.mockRestore();
    }
    const mails = await distributed(id);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.anexos).toBeNull();
    const texts = await c.mails(DIST, `diarios/${id}`);
    for (const m of texts) expect(m.texto).toMatch(/Não foi possível gerar o PDF agora/);
    expect((await signatures(id)).assinaturas.map((s) => s.valida)).toEqual([true]);
  });
});
