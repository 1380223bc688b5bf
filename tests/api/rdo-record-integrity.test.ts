/**
 * A daily report stays a trustworthy document of record (issue 36): once concluded it is never
 * deleted (not even by an administrator), only voided with a reason, which keeps it readable and
 * makes its verification say so; reopening or voiding tells whoever received the PDF or signed it;
 * and one site never has two reports of the same date, whatever the date and however they arrive.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client, documentOfRecord } from './workflow-helpers';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)

describe.each(ENGINE_BACKENDS)('RDO as a document of record (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const newReport = async (data: string, obra = '101') => {
    const r = await c.post('/api/v1/diarios', { obra, data, ocorrencias: `Relato de ${data}.` }, SM);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; numero: number };
  };
  const concluded = async (data: string) => {
    const r = await newReport(data);
    expect((await c.step('diarios', r.id, 'enviar', SM)).status).toBe(200);
    return r;
  };
  const { sign, verify, toldOfVoid, mailsAbout } = documentOfRecord(t, 'diarios', CLIENTE);

  it('never deletes a concluded or signed report, not even an administrator; a draft still can be', async () => {
    const draft = await newReport('2026-09-01');
    const inReview = await concluded('2026-09-02');
    const returned = await concluded('2026-09-03');
    await sign(returned.id, SM);
    expect((await c.step('diarios', returned.id, 'devolver', ADMIN, { comment: 'Faltou o efetivo.' })).status).toBe(200);

    for (const r of [inReview, returned]) {
      const del = await c.del(`/api/v1/diarios/${r.id}`, ADMIN);
      expect(del.status, JSON.stringify(del.body)).toBe(409);
      expect(del.body.message).toMatch(/documento de registro e não pode ser excluído.*anulá-lo informando o motivo/);
      expect((await c.get(`/api/v1/diarios/${r.id}`, ADMIN)).status).toBe(200);
    }
    expect((await c.del(`/api/v1/diarios/${draft.id}`, ADMIN)).status).toBe(200);
    expect((await c.get(`/api/v1/diarios/${draft.id}`, ADMIN)).status).toBe(404);

    // A report that once had a verification code is kept whatever its state (belt and braces).
    await sql`update diario set status = 'Rascunho' where id = ${returned.id}`.execute(t.api.db);
    const signedDraft = await c.del(`/api/v1/diarios/${returned.id}`, ADMIN);
    expect(signedDraft.status).toBe(409);
    expect(signedDraft.body.message).toMatch(/foi assinado e não pode ser excluído/);
    await sql`update diario set status = 'Reprovado' where id = ${returned.id}`.execute(t.api.db);
  });

  it("never takes a concluded report back to draft, nor a voided one out of 'Anulado', not even by the administrators' override", async () => {
    const r = await concluded('2026-09-05');
    const offered = await c.get(`/api/v1/diarios/${r.id}/transitions`, ADMIN);
    const override = (offered.body as { name: string; choices?: { value: string }[] }[]).find((x) => x.name === 'alterar-situacao');
    expect(override?.choices?.map((x) => x.value)).toEqual(['Em revisão', 'Aprovado', 'Reprovado']);
    const voidedByOverride = await c.step('diarios', r.id, 'alterar-situacao', ADMIN, { to: 'Anulado', comment: 'Sem motivo registrado.' });
    expect(voidedByOverride.status, JSON.stringify(voidedByOverride.body)).toBe(409);
    expect(voidedByOverride.body.message).toBe('Para anular, use a ação "Anular diário", que registra o motivo.');
    const back = await c.step('diarios', r.id, 'alterar-situacao', ADMIN, { to: 'Rascunho', comment: 'Para poder excluir.' });
    expect(back.status, JSON.stringify(back.body)).toBe(409);
    expect(back.body.message).toMatch(/documento de registro: ele não volta para rascunho/);
    expect((await c.get(`/api/v1/diarios/${r.id}`, ADMIN)).body.status).toBe('Em revisão');

    expect((await c.step('diarios', r.id, 'anular', ADMIN, { comment: 'Lançado na obra errada.' })).status).toBe(200);
    expect(await c.names('diarios', r.id, ADMIN)).not.toContain('alterar-situacao');
    const revived = await c.step('diarios', r.id, 'alterar-situacao', ADMIN, { to: 'Em revisão', comment: 'Desfazer a anulação.' });
    expect(revived.status, JSON.stringify(revived.body)).toBe(409);
    expect((await c.get(`/api/v1/diarios/${r.id}`, ADMIN)).body.status).toBe('Anulado');
  });

  it('voids a signed report with a reason: readable, verified as voided, and everyone who had it told', async () => {
    const r = await concluded('2026-09-10');
    await sign(r.id, SM);
    const code = await sign(r.id, CLIENTE);
    expect((await verify(code)).body).toMatchObject({ valido: true, situacao: 'valido' });

    // Only the administrators of RDO void, and only with the reason.
    expect(await c.names('diarios', r.id, SM)).not.toContain('anular');
    expect((await c.step('diarios', r.id, 'anular', SM, { comment: 'x' })).status).toBe(403);
    const noReason = await c.step('diarios', r.id, 'anular', ADMIN);
    expect(noReason.status).toBe(400);
    expect((await c.get(`/api/v1/diarios/${r.id}`, ADMIN)).body.status).toBe('Em revisão');

    const before = (await mailsAbout(r.id)).length;
    const voided = await c.step('diarios', r.id, 'anular', ADMIN, { comment: 'Diário lançado na obra errada.' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'Anulado', motivoAnulacao: 'Diário lançado na obra errada.' });
    expect(voided.body.anuladoPor).toMatchObject({ mail: ADMIN });
    expect(typeof voided.body.anuladoEm).toBe('string');

    // Kept, read-only, and still read by the client's representative who signed it.
    const read = await c.get(`/api/v1/diarios/${r.id}`, CLIENTE);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('Anulado');
    // Final: no step of the workflow leaves it (only the administrators' generic "Alterar situação").
    expect((await c.names('diarios', r.id, ADMIN)).filter((n) => n !== 'alterar-situacao')).toEqual([]);
    const edit = await c.patch(`/api/v1/diarios/${r.id}`, { version: read.body.version, ocorrencias: 'Outro texto.' }, ADMIN);
    expect(edit.status).toBe(403);
    expect((await c.del(`/api/v1/diarios/${r.id}`, ADMIN)).status).toBe(409);

    // The verification names the voiding; every signature is void.
    const v = await verify(code);
    expect(v.status).toBe(200);
    expect(v.body.valido).toBe(false);
    expect(v.body.situacao).toBe('anulado');
    expect(v.body.mensagem).toMatch(/^Documento anulado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por .+\. Motivo: Diário lançado na obra errada\.$/);
    expect(v.body.assinaturas.map((s: { valida: boolean }) => s.valida)).toEqual([false, false]);

    // One notice to the distribution list and one to the client who signed; none to the administrator
    // who voided it; the site manager hears it once, from the step's own message.
    const news = (await mailsAbout(r.id)).slice(before);
    const notice = news.filter((m) => m.assunto.endsWith(': diário anulado'));
    expect(notice.map((m) => m.para[0]).sort()).toEqual(await toldOfVoid());
    expect(notice.every((m) => m.para.length === 1)).toBe(true);
    for (const m of notice) {
      expect(m.texto).toContain('Diário lançado na obra errada.');
      expect(m.texto).toContain(code);
    }
    expect(news.filter((m) => m.para.includes(SM))).toHaveLength(1);
    expect(news.some((m) => m.para.includes(ADMIN))).toBe(false);
  });

  it('tells the distribution list and the signers when a signed report is reopened, and mails no one-click conclusion', async () => {
    const r = await concluded('2026-09-11');
    await sign(r.id, SM);
    await sign(r.id, CLIENTE);
    expect((await c.step('diarios', r.id, 'aprovar', ADMIN)).status).toBe(200);
    const before = (await mailsAbout(r.id)).length;
    expect((await c.step('diarios', r.id, 'reabrir', ADMIN, { comment: 'Quantidade de concreto errada.' })).status).toBe(200);
    const news = (await mailsAbout(r.id)).slice(before);
    const notice = news.filter((m) => m.assunto.endsWith(': diário reaberto para correção'));
    expect(notice.map((m) => m.para[0]).sort()).toEqual(await toldOfVoid());
    expect(notice.every((m) => m.para.length === 1)).toBe(true);
    for (const m of notice) expect(m.texto).toContain('Quantidade de concreto errada.');
    const toManager = news.filter((m) => m.para.includes(SM));
    expect(toManager).toHaveLength(1);
    expect(toManager[0].texto).not.toContain('Concluir diário');
    expect(toManager[0].texto).not.toContain('Os botões valem');

    // A reopened report that was never voided can be voided too (its date then becomes free).
    expect((await c.step('diarios', r.id, 'anular', ADMIN, { comment: 'Substituído por outro diário.' })).status).toBe(200);
    const again = await newReport('2026-09-11');
    expect(again.id).not.toBe(r.id);
  });

  it('makes each signature pending work of its signer: the site manager first, then the client, told by e-mail', async () => {
    const r = await concluded('2026-09-15');
    type Item = { resource: string; id: number; actions: { name: string; label: string; kind: string }[] };
    const pending = async (as: string) => {
      const res = await c.get('/api/v1/pendencias?resource=diarios&_end=200', as);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as Item[]).find((i) => i.id === r.id);
    };
    const count = async (as: string) => (await c.get('/api/v1/pendencias/contagem', as)).body.total as number;

    const forManager = await pending(SM);
    expect(forManager?.actions).toContainEqual({ name: 'assinar', label: 'Assinar diário', kind: 'page', needsInput: true });
    expect(await pending(CLIENTE)).toBeUndefined();
    const clientBefore = await count(CLIENTE);

    await sign(r.id, SM);
    expect((await pending(SM))?.actions.some((a) => a.name === 'assinar') ?? false).toBe(false);
    const forClient = await pending(CLIENTE);
    expect(forClient?.actions).toEqual([{ name: 'assinar', label: 'Assinar diário', kind: 'page', needsInput: true }]);
    expect(await count(CLIENTE)).toBe(clientBefore + 1);
    const asked = (await c.mails(CLIENTE, `diarios/${r.id}`)).filter((m) => m.assunto.endsWith('aguardando a sua assinatura'));
    expect(asked).toHaveLength(1);
    expect(asked[0].texto).toContain(`/diarios/${r.id}?acao=assinar`);

    await sign(r.id, CLIENTE);
    expect(await pending(CLIENTE)).toBeUndefined();
    expect(await count(CLIENTE)).toBe(clientBefore);
  });

  it('keeps one report per site and date, for any date, on create and on a change of date', async () => {
    const first = await newReport('2026-09-20');
    const twice = await c.post('/api/v1/diarios', { obra: '101', data: '2026-09-20', ocorrencias: 'De novo.' }, SM);
    expect(twice.status).toBe(400);
    expect(twice.body.errors.data[0]).toMatch(
      new RegExp(`^Já existe o diário nº ${first.numero} desta obra com a data 20/09/2026: abra-o em .*/diarios/${first.id} ou escolha outra data\\.$`),
    );
    // Another site may have that date.
    expect((await c.post('/api/v1/diarios', { obra: '102', data: '2026-09-20', ocorrencias: 'Outra obra.' }, ADMIN)).status).toBe(201);

    const second = await newReport('2026-09-21');
    const now = await c.get(`/api/v1/diarios/${second.id}`, SM);
    const moved = await c.patch(`/api/v1/diarios/${second.id}`, { version: now.body.version, data: '2026-09-20' }, SM);
    expect(moved.status).toBe(400);
    expect(moved.body.errors.data[0]).toMatch(/^Já existe o diário nº \d+ desta obra com a data 20\/09\/2026/);
    // Saving a report without changing its date is not a repetition.
    expect((await c.patch(`/api/v1/diarios/${second.id}`, { version: now.body.version, ocorrencias: 'Revisto.' }, SM)).status).toBe(200);
  });

  it('lets only one of two simultaneous sends of the same site and date through', async () => {
    const send = () => c.post('/api/v1/diarios', { obra: '101', data: '2026-09-25', ocorrencias: 'Enviado de dois aparelhos.' }, SM);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const stored = await sql<{ n: number }>`select count(*)::int as n from diario where obra = '101' and data = '2026-09-25'`.execute(t.api.db);
    expect(stored.rows[0].n).toBe(1);
  });
});
