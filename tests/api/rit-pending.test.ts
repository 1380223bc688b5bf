/**
 * The technical inspection report's signatures as pending work (issue 40), through the signature
 * engine's per-document registry (src/server/signatures/documents.ts, pending.ts): an issued RIT is
 * in its inspector's "Minhas pendências" ("Assinar RIT"), then, once the inspector signed, in the
 * client's representative's, who is mailed the "aguardando a sua assinatura" message with a button to
 * it; the roles are named as the RIT names them ("Inspetor"). And the client's representative reads
 * it through the RIT's own subject (docs/access.md decision 37): no FIELD list opens to it.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

const FIELD = 'field@portal.local'; // `field`, sites 101 and 103 (demo)
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)

type Item = { resource: string; id: number; actions: { name: string; label: string; kind: string }[] };

describe.each(BACKENDS)('RIT signatures as pending work (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const pending = async (as: string, id: number) => {
    const res = await c.get('/api/v1/pendencias?resource=rits&_end=200', as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as Item[]).find((i) => i.id === id);
  };
  const count = async (as: string) => (await c.get('/api/v1/pendencias/contagem', as)).body.total as number;
  const sign = async (id: number, as: string) => {
    const r = await c.post(`/api/v1/rits/${id}/assinaturas`, { metodo: 'login', confirmo: true }, as);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { codigo: string; papeis: Record<string, string> };
  };
  const asked = async (to: string, id: number) => (await c.mails(to, `rits/${id}`)).filter((m) => m.assunto.endsWith('aguardando a sua assinatura'));

  it('the inspector, then the client, each when it is their turn, with the e-mail to the client', async () => {
    const created = await c.post(
      '/api/v1/rits',
      {
        obra: '101',
        data: '2026-11-03',
        titulo: 'Inspeção de montagem da cobertura',
        tipoInspecao: 'Montagem',
        inspetor: person(FIELD),
        conclusao: 'Aprovado',
        itens: [{ item: 'Fixação das telhas', resultado: 'Conforme' }],
      },
      FIELD,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    // A draft waits for its issue ("Emitir relatório"), not for a signature.
    expect((await pending(FIELD, id))?.actions.some((a) => a.name === 'assinar')).toBe(false);
    const clientBefore = await count(CLIENTE);

    expect((await c.step('rits', id, 'emitir', FIELD)).status).toBe(200);
    const forInspector = await pending(FIELD, id);
    expect(forInspector?.actions).toContainEqual({ name: 'assinar', label: 'Assinar RIT', kind: 'page', needsInput: true });
    expect(await pending(CLIENTE, id)).toBeUndefined();
    expect(await count(CLIENTE)).toBe(clientBefore);
    expect(await asked(CLIENTE, id)).toEqual([]);

    const first = await sign(id, FIELD);
    expect(first.papeis).toEqual({ responsavel: 'Inspetor', cliente: 'Representante do cliente' });
    expect(await pending(FIELD, id)).toBeUndefined();
    expect((await pending(CLIENTE, id))?.actions).toEqual([{ name: 'assinar', label: 'Assinar RIT', kind: 'page', needsInput: true }]);
    expect(await count(CLIENTE)).toBe(clientBefore + 1);
    const mail = await asked(CLIENTE, id);
    expect(mail).toHaveLength(1);
    expect(mail[0].assunto).toMatch(/^\[Portal\] Relatório de inspeção técnica nº RIT-101-\d{3} — .+ — 03\/11\/2026: aguardando a sua assinatura$/);
    expect(mail[0].texto).toContain('assinou o relatório de inspeção técnica como inspetor. Falta a sua assinatura como representante do cliente.');
    expect(mail[0].texto).toContain('Abra o relatório, confira o conteúdo e assine');
    expect(mail[0].texto).toContain('Assinar RIT');
    expect(mail[0].texto).toContain(`/rits/${id}?acao=assinar`);
    // The inspector is not asked by e-mail for their own turn's successor, nor twice.
    expect(await asked(FIELD, id)).toEqual([]);

    await sign(id, CLIENTE);
    expect(await pending(CLIENTE, id)).toBeUndefined();
    expect(await count(CLIENTE)).toBe(clientBefore);
    expect(await asked(CLIENTE, id)).toHaveLength(1);
    // The public verification names the inspector's role as the RIT does.
    const v = await t.api.request(`/api/v1/verificar/${first.codigo}`, { as: null });
    const verification = (await v.json()) as { papeis: Record<string, string>; assinaturas: { papel: string }[] };
    expect(verification.papeis.responsavel).toBe('Inspetor');
    expect(verification.assinaturas.map((s) => s.papel)).toEqual(['responsavel', 'cliente']);
  });

  it("the daily report keeps its own words: 'Responsável da obra'", async () => {
    const diarios = await c.get('/api/v1/diarios?status=Aprovado&_end=1', 'admin@portal.local');
    const id = (diarios.body as { id: number }[])[0]?.id;
    expect(id).toBeTruthy();
    const r = await c.get(`/api/v1/diarios/${id}/assinaturas`, 'admin@portal.local');
    expect(r.body.papeis).toEqual({ responsavel: 'Responsável da obra', cliente: 'Representante do cliente' });
  });

  it("the client's representative reads issued RITs of its sites, and no FIELD list", async () => {
    const rits = await c.get('/api/v1/rits?_end=200', CLIENTE);
    expect(rits.status).toBe(200);
    const rows = rits.body as { obra: string; status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.obra).toBe('101');
      expect(['Emitido', 'Assinado']).toContain(r.status);
    }
    for (const resource of ['checklists-field', 'checklist-templates-field', 'os-field']) {
      expect((await c.get(`/api/v1/${resource}?_end=5`, CLIENTE)).status, resource).toBe(403);
    }
  });
});
