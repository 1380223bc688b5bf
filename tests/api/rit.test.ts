/**
 * The technical inspection report (RIT) as a document of record (issue 40): its declared workflow
 * (Rascunho → Emitido → Assinado; returned from Emitido to "Devolvido para correção", corrected and
 * issued again), its number per site, its PDF, its signatures through the signature engine (the
 * inspector, then the client's representative; hash verified at /verificar, voided when returned),
 * the distribution when fully signed, and a finding opening an SGI record linked back to it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { schemaByName } from '../../schemas';
import { selectOne } from '../../src/server/crud/repository';
import { contentHash } from '../../src/server/signatures/content-hash';
import { CODE_ALPHABET } from '../../src/server/signatures/code';

const ADMIN = 'admin@portal.local';
const FIELD = 'field@portal.local'; // `field`, sites 101 and 103 (demo)
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const REP_102 = 'representante.102@cliente.com.br';
const DIST = 'obra101@cliente-demo.com.br'; // the demo distribution list of obra 101

const rit = schemaByName('rit')!;
const CODE = new RegExp(`^[${CODE_ALPHABET}]{10}$`);

const body = (over: Record<string, unknown> = {}) => ({
  obra: '101',
  data: '2026-10-15',
  titulo: 'Recebimento das vigas do mezanino',
  tipoInspecao: 'Recebimento',
  inspetor: person(FIELD),
  conclusao: 'Aprovado com ressalvas',
  itens: [{ item: 'Dimensional', resultado: 'Conforme' }],
  constatacoes: [
    { descricao: 'Solda com porosidade na viga V-3.', severidade: 'Alta' },
    { descricao: 'Etiqueta de rastreabilidade ausente na V-7.', severidade: 'Baixa' },
  ],
  ...over,
});

describe.each(BACKENDS)('RIT (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const sign = async (id: number, as: string, json: unknown = { metodo: 'login', confirmo: true }) => {
    const res = await t.api.request(`/api/v1/rits/${id}/assinaturas`, { method: 'POST', as, json });
    return { status: res.status, body: await res.json() };
  };
  const verify = async (code: string) => {
    const res = await t.api.request(`/api/v1/verificar/${code}`, { as: null });
    return { status: res.status, body: await res.json() };
  };
  const storedHash = async (id: number) => contentHash(rit, (await selectOne(t.api.db, rit, id))!);
  const distributed = async (id: number) =>
    (
      await sql<{ assunto: string; anexos: { nome: string; tipo: string }[] | null }>`
      select assunto, anexos from mensagem where referencia = ${`rits/${id}`} and para ? ${DIST} order by id`.execute(t.api.db)
    ).rows;
  const create = async (over: Record<string, unknown> = {}) => {
    const r = await c.post('/api/v1/rits', body(over), FIELD);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; numero: string; status: string; version: number };
  };

  it('numbers the reports per site, server-set', async () => {
    const a = await create({ numero: 'RIT-QUALQUER' });
    const b = await create();
    const other = await create({ obra: '103' });
    const seq = (n: string) => Number(/^RIT-\d+-(\d{3,})$/.exec(n)?.[1]);
    expect(a.numero).toMatch(/^RIT-101-\d{3}$/);
    expect(seq(b.numero)).toBe(seq(a.numero) + 1);
    expect(other.numero).toMatch(/^RIT-103-\d{3}$/);
    expect(a.status).toBe('Rascunho');
    // The number and the state are not the client's to write.
    const patched = await c.patch(`/api/v1/rits/${a.id}`, { version: a.version, numero: 'RIT-X', status: 'Assinado' }, FIELD);
    expect(patched.status).toBe(400);
    const now = (await c.get(`/api/v1/rits/${a.id}`)).body;
    expect([now.numero, now.status]).toEqual([a.numero, 'Rascunho']);
  });

  it('walks Rascunho → Emitido → Assinado, refuses illegal steps, signs in order, verifies, distributes and voids on return', async () => {
    t.api.addUser({ email: REP_102, name: 'Representante 102', roles: ['cliente', 'representante_cliente'], obra: ['102'], tipo: 'cliente' });
    const r = await create();
    const id = r.id;

    // A draft: not signed, not seen by the client; the concluding step is not open.
    expect((await sign(id, FIELD)).status).toBe(409);
    expect((await c.get(`/api/v1/rits/${id}`, CLIENTE)).status).toBe(403);
    expect((await c.get(`/api/v1/rits/${id}/assinaturas`, CLIENTE)).status).toBe(404);
    expect((await c.step('rits', id, 'concluir-assinaturas', ADMIN)).status).toBe(400);
    expect((await c.step('rits', id, 'devolver', FIELD, { comment: 'x' })).status).toBe(400);
    // Only the inspector (or an administrator of FIELD) issues it.
    expect((await c.step('rits', id, 'emitir', SM)).status).toBe(403);
    const stale = await t.api.request(`/api/v1/rits/${id}/transitions/emitir`, { method: 'POST', as: FIELD, json: { version: r.version - 1 } });
    expect(stale.status).toBe(409);
    const issued = await c.step('rits', id, 'emitir', FIELD);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.status).toBe('Emitido');
    expect((await c.step('rits', id, 'emitir', FIELD)).status).toBe(400);
    // Issued: locked for everyone, administrators included.
    for (const as of [FIELD, ADMIN]) {
      const patch = await c.patch(`/api/v1/rits/${id}`, { version: issued.body.version, recomendacoes: 'Alterado depois' }, as);
      expect(patch.status, as).toBe(403);
    }
    // "Concluir assinaturas" by hand is refused until both have signed.
    const early = await c.step('rits', id, 'concluir-assinaturas', ADMIN);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Faltam assinaturas/);

    // Who signs: the inspector first, then the client's representative of the site; nobody else.
    const first = await sign(id, CLIENTE);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe('O inspetor assina primeiro; depois, o representante do cliente.');
    for (const as of [SM, ADMIN]) {
      const wrong = await sign(id, as);
      expect(wrong.status, as).toBe(403);
      expect(wrong.body.message).toBe('Só o inspetor do relatório e o representante do cliente da obra assinam este RIT.');
    }
    const other = await sign(id, REP_102);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/representante do cliente da obra/);
    const noConfirm = await sign(id, FIELD, { metodo: 'login' });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body.errors.confirmo[0]).toBe('Confirme que assina este relatório com o seu acesso ao portal.');
    const untouched = await c.get(`/api/v1/rits/${id}/assinaturas`, ADMIN);
    expect(untouched.body).toMatchObject({ codigo: null, assinaturas: [], proxima: 'responsavel' });

    const byInspector = await sign(id, FIELD);
    expect(byInspector.status, JSON.stringify(byInspector.body)).toBe(201);
    const hash = await storedHash(id);
    expect(byInspector.body).toMatchObject({ hashAtual: hash, proxima: 'cliente', podeAssinar: false });
    expect(byInspector.body.codigo).toMatch(CODE);
    const code = byInspector.body.codigo as string;
    expect((await c.get(`/api/v1/rits/${id}`)).body.status).toBe('Emitido');
    expect(await distributed(id)).toEqual([]); // sent when fully signed only
    const partial = await verify(code);
    expect(partial.body).toMatchObject({ valido: true, situacao: 'valido' });
    expect(partial.body.documento).toMatch(/^Relatório de inspeção técnica nº RIT-101-\d{3} — .+ — 15\/10\/2026$/);
    expect(partial.body.mensagem).toMatch(/falta a assinatura do representante do cliente/);

    // The client's representative reads it now and signs: the report is "Assinado" and distributed.
    expect((await c.get(`/api/v1/rits/${id}`, CLIENTE)).status).toBe(200);
    const byClient = await sign(id, CLIENTE);
    expect(byClient.status, JSON.stringify(byClient.body)).toBe(201);
    expect(byClient.body).toMatchObject({ codigo: code, proxima: null });
    expect(byClient.body.assinaturas.map((s: { papel: string; valida: boolean; hash: string }) => [s.papel, s.valida, s.hash])).toEqual([
      ['responsavel', true, hash],
      ['cliente', true, hash],
    ]);
    const signed = (await c.get(`/api/v1/rits/${id}`)).body;
    expect(signed.status).toBe('Assinado');
    const history = (await c.get(`/api/v1/rits/${id}/historico`)).body as unknown[];
    expect(JSON.stringify(history)).toContain('Assinado pelo inspetor e pelo representante do cliente.');
    const sent = await distributed(id);
    expect(sent).toHaveLength(1);
    expect(sent[0].assunto).toMatch(/^Relatório de inspeção técnica nº RIT-101-\d{3} — .+: assinado \(Representante do cliente\)$/);
    expect(sent[0].anexos?.[0]).toMatchObject({ tipo: 'application/pdf', nome: `${signed.numero}.pdf` });
    const ok = await verify(code);
    expect(ok.body).toMatchObject({ valido: true, situacao: 'valido' });
    expect(ok.body.mensagem).toMatch(/^Documento válido: o conteúdo é o mesmo que foi assinado \(inspetor e representante do cliente\)\.$/);
    expect(ok.body.assinaturas.every((s: { valida: boolean }) => s.valida)).toBe(true);

    // Signed is final: no return, no deletion, no more signatures.
    expect((await c.step('rits', id, 'devolver', FIELD, { comment: 'Corrigir' })).status).toBe(400);
    expect((await sign(id, CLIENTE)).status).toBe(409);
    expect((await c.del(`/api/v1/rits/${id}`, ADMIN)).status).toBe(409);
  });

  it('returns an issued report for correction: "Devolvido", signatures voided, corrected by its inspector and issued again', async () => {
    const FIELD_2 = 'field.2@portal.local';
    t.api.addUser({ email: FIELD_2, name: 'Outro Inspetor', roles: ['field'], obra: ['101'] });
    const r = await create({ titulo: 'Montagem das escadas' });
    await c.step('rits', r.id, 'emitir', FIELD);
    expect((await sign(r.id, FIELD)).status).toBe(201);
    const code = (await c.get(`/api/v1/rits/${r.id}/assinaturas`, FIELD)).body.codigo as string;
    const noReason = await c.step('rits', r.id, 'devolver', FIELD);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Escreva um comentário para "Devolver para correção".');
    expect(noReason.body.errors.comment[0]).toBe('O comentário é obrigatório nesta ação.');
    expect((await c.step('rits', r.id, 'devolver', CLIENTE, { comment: 'x' })).status).toBe(403);
    const back = await c.step('rits', r.id, 'devolver', ADMIN, { comment: 'Faltou a foto da solda.' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe('Devolvido');
    const after = (await c.get(`/api/v1/rits/${r.id}/assinaturas`, FIELD)).body;
    expect(after.assinaturas).toHaveLength(1);
    expect(after.assinaturas[0]).toMatchObject({ valida: false, anuladaMotivo: 'Relatório devolvido: Faltou a foto da solda.' });
    const v = await verify(code);
    expect(v.body).toMatchObject({ valido: false, situacao: 'assinaturas-anuladas' });
    expect(v.body.mensagem).toMatch(/relatório foi devolvido para correção/);
    // The inspector is told by the step's own message (notify), not by the void notice twice.
    const told = await c.mails(FIELD, `rits/${r.id}`);
    expect(told.filter((m) => /devolvido para correção/.test(m.assunto))).toHaveLength(0);
    expect(told.length).toBeGreaterThan(0);

    // Returned, it is still a document of record: not the client's to read nor sign, never a draft again, never deleted.
    expect((await c.get(`/api/v1/rits/${r.id}`, CLIENTE)).status).toBe(403);
    expect((await sign(r.id, FIELD)).body.message).toBe('Só um RIT emitido pode ser assinado: emita o relatório antes de assinar.');
    const del = await c.del(`/api/v1/rits/${r.id}`, ADMIN);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/^Um RIT emitido é um documento de registro e não pode ser excluído\. Se ele precisa de correção, devolva-o/);
    const toDraft = await c.step('rits', r.id, 'alterar-situacao', ADMIN, { to: 'Rascunho', comment: 'Voltar a rascunho.' });
    expect(toDraft.status).toBe(409);
    expect(toDraft.body.message).toBe('Um RIT emitido é um documento de registro: ele não volta para rascunho, e um RIT anulado continua anulado.');
    const twice = await c.step('rits', r.id, 'devolver', FIELD, { comment: 'De novo.' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('A ação "Devolver para correção" não está disponível com o relatório de inspeção técnica em "Devolvido para correção".');
    expect(await c.names('rits', r.id, FIELD)).toEqual(expect.arrayContaining(['emitir', 'abrir-sgi']));
    expect(await c.names('rits', r.id, FIELD)).not.toContain('devolver');
    // Back in its inspector's "Minhas pendências", to be issued again.
    const inbox = (await c.get('/api/v1/pendencias?resource=rits&_end=200', FIELD)).body as { id: number; actions: { name: string }[] }[];
    expect(inbox.find((i) => i.id === r.id)?.actions.map((a) => a.name)).toContain('emitir');

    // Only its inspector corrects it and issues it again; the new content needs new signatures.
    const returned = (await c.get(`/api/v1/rits/${r.id}`, FIELD)).body;
    expect((await c.patch(`/api/v1/rits/${r.id}`, { version: returned.version, recomendacoes: 'Outro texto.' }, FIELD_2)).status).toBe(403);
    const notMine = await c.step('rits', r.id, 'emitir', FIELD_2);
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('Você não tem permissão para "Emitir relatório" neste relatório de inspeção técnica.');
    expect((await c.patch(`/api/v1/rits/${r.id}`, { version: returned.version, recomendacoes: 'Refazer a solda da V-3.' }, FIELD)).status).toBe(200);
    const again = await c.step('rits', r.id, 'emitir', FIELD);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'Emitido', recomendacoes: 'Refazer a solda da V-3.' });
    expect((await c.get(`/api/v1/rits/${r.id}/assinaturas`, FIELD)).body).toMatchObject({ codigo: code, proxima: 'responsavel', podeAssinar: true });
    expect((await sign(r.id, FIELD)).status).toBe(201);
    expect((await verify(code)).body).toMatchObject({ valido: true, situacao: 'valido' });
    expect((await sign(r.id, CLIENTE)).status).toBe(201);
    expect((await c.get(`/api/v1/rits/${r.id}`)).body.status).toBe('Assinado');
    const history = JSON.stringify((await c.get(`/api/v1/rits/${r.id}/historico`)).body);
    expect(history).toContain('Faltou a foto da solda.');
  });

  it('the PDF is a valid document with the number and the verification code', async () => {
    const r = await create({ titulo: 'Comissionamento do painel' });
    await c.step('rits', r.id, 'emitir', FIELD);
    const code = (await sign(r.id, FIELD)).body.codigo as string;
    const res = await t.api.request(`/api/v1/rits/${r.id}/pdf`, { as: FIELD });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${r.numero}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(`(${r.numero}; verificacao ${code})`);
    expect((await t.api.request(`/api/v1/rits/${r.id}/pdf`, { as: CLIENTE })).status).toBe(200); // issued: the client reads it
    expect((await t.api.request(`/api/v1/rits/987654321/pdf`, { as: FIELD })).status).toBe(404);
    const draft = await create();
    expect((await t.api.request(`/api/v1/rits/${draft.id}/pdf`, { as: CLIENTE })).status).toBe(403); // a draft is not the client's
  });

  it('a finding opens an SGI record linked back to the report, once', async () => {
    const r = await create({ titulo: 'Inspeção das vigas' });
    const open = (n: unknown, as = FIELD) => c.step('rits', r.id, 'abrir-sgi', as, { values: { constatacaoSgi: n } });
    expect((await c.names('rits', r.id, FIELD)).includes('abrir-sgi')).toBe(true);
    const missing = await open(5);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.constatacaoSgi[0]).toBe('A constatação 5 não existe: este relatório tem 2 constatações.');
    expect((await open(1, SM)).status).toBe(403);
    const opened = await open(1);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.status).toBe('Rascunho'); // the report keeps its state
    const [sgi] = (await c.get(`/api/v1/tickets-sgi?rit=${r.id}`, ADMIN)).body as Record<string, unknown>[];
    expect(sgi).toMatchObject({ rit: r.id, ritConstatacao: 1, status: 'TRIAGEM', area: 'Qualidade', severidade: 'Alta', obra: '101' });
    expect(String(sgi.titulo)).toBe(`Constatação 1 do ${r.numero}: Solda com porosidade na viga V-3.`);
    const again = await open(1);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^A constatação 1 já abriu o registro SGI/);
    // Issued and signed, a finding still opens its record without touching the signed content.
    await c.step('rits', r.id, 'emitir', FIELD);
    expect((await sign(r.id, FIELD)).status).toBe(201);
    const hash = await storedHash(r.id);
    expect((await open(2)).status).toBe(200);
    expect(await storedHash(r.id)).toBe(hash);
    expect((await c.get(`/api/v1/rits/${r.id}/assinaturas`, FIELD)).body.assinaturas[0].valida).toBe(true);
    expect(((await c.get(`/api/v1/tickets-sgi?rit=${r.id}`, ADMIN)).body as unknown[]).length).toBe(2);
  });

  it('demo: reports in every state, the signed one verified, the returned one with its signature voided', async () => {
    const all = (await c.get('/api/v1/rits?_end=50', ADMIN)).body as { numero: string; status: string; id: number }[];
    const demo = (n: string) => all.find((x) => x.numero === n)!;
    const numbers = ['RIT-101-001', 'RIT-101-002', 'RIT-103-001', 'RIT-101-003', 'RIT-101-004', 'RIT-103-002'];
    expect(numbers.map((n) => demo(n)?.status)).toEqual(['Assinado', 'Emitido', 'Emitido', 'Rascunho', 'Devolvido', 'Anulado']);
    expect(new Set(numbers.map((n) => demo(n).status))).toEqual(new Set(rit.workflow!.states.map((s) => s.value)));
    const returned = (await c.get(`/api/v1/rits/${demo('RIT-101-004').id}/assinaturas`, FIELD)).body;
    expect(returned.assinaturas).toEqual([
      expect.objectContaining({ papel: 'responsavel', valida: false, anuladaMotivo: expect.stringMatching(/^Relatório devolvido: /) }),
    ]);
    expect((await verify(returned.codigo)).body).toMatchObject({ valido: false, situacao: 'assinaturas-anuladas' });
    const signed = (await c.get(`/api/v1/rits/${demo('RIT-101-001').id}/assinaturas`, CLIENTE)).body;
    expect(signed.assinaturas.map((s: { valida: boolean }) => s.valida)).toEqual([true, true]);
    expect((await verify(signed.codigo)).body.valido).toBe(true);
    const waiting = (await c.get(`/api/v1/rits/${demo('RIT-101-002').id}/assinaturas`, CLIENTE)).body;
    expect(waiting).toMatchObject({ proxima: 'cliente', podeAssinar: true });
  });
});
