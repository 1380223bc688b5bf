/**
 * A signed technical inspection report (RIT) is voided, never deleted (issue 36, like the daily
 * report: tests/api/rdo-record-integrity.test.ts): an administrator's "Anular RIT" with the reason
 * keeps it readable (by the client's representative who signed it too), makes /verificar say
 * "anulado em … por …, motivo …", voids its signatures, tells the distribution list and every
 * signer, and a voided report stays voided. A report returned for correction ("Devolvido") was
 * issued: it is voided too, never deleted.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person, documentOfRecord } from './workflow-helpers';

const ADMIN = 'admin@portal.local';
const FIELD = 'field@portal.local'; // `field`, sites 101 and 103 (demo): the inspector
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const REASON = 'Inspeção registrada no equipamento errado.';

describe.each(BACKENDS)('RIT voided (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const create = async (titulo: string) => {
    const r = await c.post(
      '/api/v1/rits',
      {
        obra: '101',
        data: '2026-10-20',
        titulo,
        tipoInspecao: 'Montagem',
        inspetor: person(FIELD),
        conclusao: 'Aprovado',
        itens: [{ item: 'Torque dos parafusos', resultado: 'Conforme' }],
      },
      FIELD,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; numero: string };
  };
  const { sign, verify, toldOfVoid, mailsAbout } = documentOfRecord(t, 'rits', CLIENTE);

  it('voids a signed report with a reason: readable, verified as voided, everyone who had it told, never left nor deleted', async () => {
    const r = await create('Montagem da passarela');
    expect((await c.step('rits', r.id, 'emitir', FIELD)).status).toBe(200);
    await sign(r.id, FIELD);
    const code = await sign(r.id, CLIENTE);
    expect((await c.get(`/api/v1/rits/${r.id}`)).body.status).toBe('Assinado');
    expect((await verify(code)).body).toMatchObject({ valido: true, situacao: 'valido' });

    // Only who manages the RIT voids it, and only with the reason.
    expect(await c.names('rits', r.id, FIELD)).not.toContain('anular');
    expect((await c.step('rits', r.id, 'anular', FIELD, { comment: 'x' })).status).toBe(403);
    expect(await c.names('rits', r.id, ADMIN)).toContain('anular');
    const noReason = await c.step('rits', r.id, 'anular', ADMIN);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.comment[0]).toMatch(/obrigatório/);
    expect((await c.get(`/api/v1/rits/${r.id}`)).body.status).toBe('Assinado');

    const before = (await mailsAbout(r.id)).length;
    const voided = await c.step('rits', r.id, 'anular', ADMIN, { comment: REASON });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'Anulado', motivoAnulacao: REASON });
    expect(voided.body.anuladoPor).toMatchObject({ mail: ADMIN });
    expect(typeof voided.body.anuladoEm).toBe('string');

    // Kept, read-only, and still read by the client's representative who signed it.
    for (const as of [ADMIN, FIELD, CLIENTE]) {
      const read = await c.get(`/api/v1/rits/${r.id}`, as);
      expect(read.status, as).toBe(200);
      expect(read.body.status).toBe('Anulado');
    }
    const current = (await c.get(`/api/v1/rits/${r.id}`)).body;
    const edit = await c.patch(`/api/v1/rits/${r.id}`, { version: current.version, recomendacoes: 'Outro texto.' }, ADMIN);
    expect(edit.status).toBe(403);
    const del = await c.del(`/api/v1/rits/${r.id}`, ADMIN);
    expect(del.status, JSON.stringify(del.body)).toBe(409);
    expect((await c.get(`/api/v1/rits/${r.id}`)).status).toBe(200);

    // Voided stays voided: no second voiding, no way out, not even the administrators' override.
    expect((await c.step('rits', r.id, 'anular', ADMIN, { comment: 'De novo.' })).status).toBe(400);
    expect(await c.names('rits', r.id, ADMIN)).not.toContain('alterar-situacao');
    for (const to of ['Assinado', 'Emitido', 'Devolvido', 'Rascunho']) {
      const revived = await c.step('rits', r.id, 'alterar-situacao', ADMIN, { to, comment: 'Desfazer a anulação.' });
      expect(revived.status, `${to}: ${JSON.stringify(revived.body)}`).toBe(409);
      expect(revived.body.message).toBe('Um RIT emitido é um documento de registro: ele não volta para rascunho, e um RIT anulado continua anulado.');
    }
    expect((await c.get(`/api/v1/rits/${r.id}`)).body.status).toBe('Anulado');

    // The verification names the voiding and its reason; every signature is void, with the reason.
    const v = await verify(code);
    expect(v.status).toBe(200);
    expect(v.body.valido).toBe(false);
    expect(v.body.situacao).toBe('anulado');
    expect(v.body.mensagem).toMatch(/^Documento anulado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por .+\. Motivo: Inspeção registrada no equipamento errado\.$/);
    expect(v.body.assinaturas.map((s: { valida: boolean }) => s.valida)).toEqual([false, false]);
    const signatures = (await c.get(`/api/v1/rits/${r.id}/assinaturas`, CLIENTE)).body;
    expect(signatures.assinaturas[0]).toMatchObject({ valida: false, anuladaMotivo: `Relatório anulado: ${REASON}` });
    const late = await t.api.request(`/api/v1/rits/${r.id}/assinaturas`, { method: 'POST', as: CLIENTE, json: { metodo: 'login', confirmo: true } });
    expect(late.status).toBe(409);

    // One notice to each address of the distribution list and to the client who signed; none to the
    // administrator who voided it; the inspector hears it once, from the step's own message.
    const news = (await mailsAbout(r.id)).slice(before);
    const notice = news.filter((m) => m.assunto.endsWith(': relatório anulado'));
    expect(notice.map((m) => m.para[0]).sort()).toEqual(await toldOfVoid());
    expect(notice.every((m) => m.para.length === 1)).toBe(true);
    for (const m of notice) {
      expect(m.texto).toContain(REASON);
      expect(m.texto).toContain(code);
      expect(m.texto).toContain('anulou o relatório de inspeção técnica');
    }
    expect(news.filter((m) => m.para.includes(FIELD))).toHaveLength(1);
    expect(news.some((m) => m.para.includes(ADMIN))).toBe(false);
  });

  it('voids an issued report still waiting for signatures; a draft is deleted, not voided', async () => {
    const r = await create('Montagem do guarda-corpo');
    expect(await c.names('rits', r.id, ADMIN)).not.toContain('anular');
    expect((await c.step('rits', r.id, 'emitir', FIELD)).status).toBe(200);
    const code = await sign(r.id, FIELD);
    const voided = await c.step('rits', r.id, 'anular', ADMIN, { comment: REASON });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('Anulado');
    expect((await verify(code)).body).toMatchObject({ valido: false, situacao: 'anulado' });
    expect((await c.get(`/api/v1/rits/${r.id}`, CLIENTE)).status).toBe(200);

    const draft = await create('Rascunho descartável');
    expect((await c.step('rits', draft.id, 'anular', ADMIN, { comment: 'x' })).status).toBe(400);
    expect((await c.del(`/api/v1/rits/${draft.id}`, ADMIN)).status).toBe(200);
  });

  it('voids a report returned for correction: it was issued, so it is voided, never deleted', async () => {
    const r = await create('Montagem da escada marinheiro');
    expect((await c.step('rits', r.id, 'emitir', FIELD)).status).toBe(200);
    const code = await sign(r.id, FIELD);
    expect((await c.step('rits', r.id, 'devolver', FIELD, { comment: 'Falta a medição da gaiola.' })).body.status).toBe('Devolvido');
    expect((await c.del(`/api/v1/rits/${r.id}`, ADMIN)).status).toBe(409);
    expect(await c.names('rits', r.id, ADMIN)).toContain('anular');
    const voided = await c.step('rits', r.id, 'anular', ADMIN, { comment: REASON });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'Anulado', motivoAnulacao: REASON });
    expect((await verify(code)).body).toMatchObject({ valido: false, situacao: 'anulado' });
  });
});
