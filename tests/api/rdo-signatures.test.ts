/**
 * The daily report as a document of record (issue 26): concluding locks it for everyone, the site
 * manager signs first and the client's representative of the site second, each signature keeps
 * the content's hash, the public verification page checks the printed code, reopening voids the
 * signatures, and the site's distribution list receives the PDF at each step.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { schemaByName } from '../../schemas';
import { selectOne } from '../../src/server/crud/repository';
import { contentHash } from '../../src/server/signatures/content-hash';
import { CODE_ALPHABET } from '../../src/server/signatures/code';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const REP_102 = 'representante.102@cliente.com.br';
const CLIENTE_101 = 'projetista.101@cliente.com.br';
const DIST = 'obra101@cliente-demo.com.br'; // the demo distribution list of obra 101

const diario = schemaByName('diario')!;
const CODE = new RegExp(`^[${CODE_ALPHABET}]{10}$`);

async function png(width: number, height: number, noise = false): Promise<string> {
  const buf = noise
    ? await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer()
    : await sharp({ create: { width, height, channels: 4, background: { r: 20, g: 20, b: 120, alpha: 1 } } })
        .png()
        .toBuffer();
  return `data:image/png;base64,${buf.toString('base64')}`;
}

describe.each(BACKENDS)('RDO signatures (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const sign = async (id: number, as: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await t.api.request(`/api/v1/diarios/${id}/assinaturas`, { method: 'POST', as, json: body, headers });
    return { status: res.status, body: await res.json() };
  };
  const signatures = (id: number, as: string) => c.get(`/api/v1/diarios/${id}/assinaturas`, as);
  const verify = async (code: string) => {
    const res = await t.api.request(`/api/v1/verificar/${encodeURIComponent(code)}`, { as: null });
    return { status: res.status, body: await res.json() };
  };
  /** The messages queued to the distribution list about the report, with their attachments. */
  const distributed = async (id: number) =>
    (
      await sql<{ assunto: string; anexos: { nome: string; tipo: string; conteudoBase64: string }[] | null }>`
      select assunto, anexos from mensagem where referencia = ${`diarios/${id}`} and para ? ${DIST} order by id`.execute(t.api.db)
    ).rows;
  const storedHash = async (id: number) => contentHash(diario, (await selectOne(t.api.db, diario, id))!);

  it('locks a concluded report, signs it in order, verifies it, voids the signatures on reopening and asks for new ones', async () => {
    t.api.addUser({ email: REP_102, name: 'Representante 102', roles: ['cliente', 'representante_cliente'], obra: ['102'], tipo: 'cliente' });
    t.api.addUser({ email: CLIENTE_101, name: 'Projetista do cliente', roles: ['cliente', 'projetista'], obra: ['101'], tipo: 'cliente' });

    const created = await c.post('/api/v1/diarios', { obra: '101', data: '2026-10-15', ocorrencias: 'Concretagem do bloco B.' }, SM);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;

    // A draft: nobody signs it, clients do not see it.
    const draft = await signatures(id, SM);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ codigo: null, assinaturas: [], proxima: null, podeAssinar: false });
    expect(draft.body.motivo).toMatch(/conclu/);
    expect(draft.body.hashAtual).toBe(await storedHash(id));
    expect((await sign(id, SM, { metodo: 'login', confirmo: true })).status).toBe(409);
    expect((await signatures(id, CLIENTE)).status).toBe(404);
    expect(await distributed(id)).toEqual([]);

    // "Concluir diário": the report is locked for everyone, administrators included.
    expect((await c.names('diarios', id, SM)).includes('enviar')).toBe(true);
    const concluded = await c.step('diarios', id, 'enviar', SM);
    expect(concluded.status).toBe(200);
    expect(concluded.body.status).toBe('Em revisão');
    for (const as of [SM, ADMIN]) {
      const patch = await c.patch(`/api/v1/diarios/${id}`, { version: concluded.body.version, ocorrencias: 'Alterado depois' }, as);
      expect(patch.status, as).toBe(403);
      expect(patch.body.message).toMatch(/Concluído \(em revisão\)/);
    }
    // The conclusion went to the site's distribution list with the PDF.
    const onConclusion = await distributed(id);
    expect(onConclusion).toHaveLength(1);
    expect(onConclusion[0].assunto).toMatch(/^Diário de obra nº \d+ — .+ — 15\/10\/2026: diário concluído$/);
    expect(onConclusion[0].anexos).toHaveLength(1);
    expect(onConclusion[0].anexos![0]).toMatchObject({ tipo: 'application/pdf', nome: expect.stringMatching(/^RDO-101-\d+\.pdf$/) });
    expect(Buffer.from(onConclusion[0].anexos![0].conteudoBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Bad bodies: 400 with a pt-BR message per key.
    const bad = async (body: unknown, key: string, message: RegExp) => {
      const r = await sign(id, SM, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.errors?.[key]?.[0] ?? r.body.message).toMatch(message);
    };
    await bad({}, 'metodo', /Escolha como assinar/);
    await bad({ metodo: 'carimbo' }, 'metodo', /Escolha como assinar/);
    await bad({ metodo: 'desenho' }, 'imagem', /Desenhe a assinatura/);
    await bad({ metodo: 'desenho', imagem: 'data:image/jpeg;base64,/9j/4AAQ' }, 'imagem', /PNG/);
    await bad({ metodo: 'desenho', imagem: 'data:image/png;base64,bm90IGEgcG5n' }, 'imagem', /não é um PNG válido/);
    await bad({ metodo: 'desenho', imagem: await png(400, 400, true) }, 'imagem', /passa de 150 KB/);
    await bad({ metodo: 'login' }, 'confirmo', /Confirme/);
    await bad({ metodo: 'login', confirmo: 'sim' }, 'confirmo', /Confirme/);
    expect((await sign(id, SM, [1, 2])).status).toBe(400);

    // Order and who signs: the client's representative waits for the site manager; others never sign.
    const early = await sign(id, CLIENTE, { metodo: 'login', confirmo: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/site manager assina primeiro/);
    expect((await signatures(id, REP_102)).status).toBe(404);
    expect((await sign(id, REP_102, { metodo: 'login', confirmo: true })).status).toBe(403);
    expect((await signatures(id, CLIENTE_101)).status).toBe(404);
    expect((await sign(id, CLIENTE_101, { metodo: 'login', confirmo: true })).status).toBe(403);
    const admin = await sign(id, ADMIN, { metodo: 'login', confirmo: true });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toMatch(/Só o site manager do diário e o representante do cliente/);
    expect((await sign(987654321, SM, { metodo: 'login', confirmo: true })).status).toBe(404);

    // The site manager signs (drawn), the hash of the stored content is kept, with IP and browser.
    const drawn = await png(300, 90);
    const first = await sign(id, SM, { metodo: 'desenho', imagem: drawn }, { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Vitest/1.0 (assinatura)' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const hash1 = await storedHash(id);
    expect(first.body).toMatchObject({ hashAtual: hash1, proxima: 'cliente', podeAssinar: false });
    expect(first.body.codigo).toMatch(CODE);
    expect(first.body.motivo).toMatch(/já assinou/);
    expect(first.body.assinaturas).toEqual([
      {
        id: expect.any(Number),
        papel: 'responsavel',
        nome: 'Site Manager',
        email: SM,
        metodo: 'desenho',
        em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ip: '203.0.113.7',
        userAgent: 'Vitest/1.0 (assinatura)',
        hash: hash1,
        valida: true,
        anuladaEm: null,
        anuladaMotivo: null,
        imagem: drawn,
      },
    ]);
    const again = await sign(id, SM, { metodo: 'login', confirmo: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/já assinou/);
    const code = first.body.codigo as string;

    // The representative reads the signatures without the site manager's address, IP or browser, and signs.
    const seen = await signatures(id, CLIENTE);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ codigo: code, proxima: 'cliente', podeAssinar: true, motivo: null });
    expect(seen.body.assinaturas[0]).toMatchObject({ nome: 'Site Manager', email: '', ip: '', userAgent: '', valida: true });
    const second = await sign(id, CLIENTE, { metodo: 'login', confirmo: true });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ codigo: code, proxima: null, podeAssinar: false });
    expect(second.body.assinaturas.map((s: { papel: string; valida: boolean; email: string }) => [s.papel, s.valida, s.email])).toEqual([
      ['responsavel', true, ''],
      ['cliente', true, CLIENTE],
    ]);
    // Staff see everything of both.
    expect((await signatures(id, ADMIN)).body.assinaturas[1]).toMatchObject({ email: CLIENTE, metodo: 'login', imagem: null, hash: hash1 });

    // Each signature sent the signed PDF to the list.
    const afterSigning = await distributed(id);
    expect(afterSigning).toHaveLength(3);
    expect(afterSigning[1].assunto).toMatch(/assinado \(Responsável da obra\)$/);
    expect(afterSigning[2].assunto).toMatch(/assinado \(Representante do cliente\)$/);
    for (const m of afterSigning) expect(m.anexos?.[0]?.tipo).toBe('application/pdf');

    // The public verification: valid, the document's title, the signers; nothing else.
    const ok = await verify(code);
    expect(ok.status).toBe(200);
    // (`papeis`: the names of the roles in this kind of document, e.g. the RIT's "Inspetor"; no one's data.)
    expect(Object.keys(ok.body).sort()).toEqual(['assinaturas', 'documento', 'mensagem', 'papeis', 'situacao', 'valido']);
    expect(ok.body.papeis).toEqual({ responsavel: 'Responsável da obra', cliente: 'Representante do cliente' });
    expect(ok.body.valido).toBe(true);
    expect(ok.body.documento).toMatch(/^Diário de obra nº \d+ — .+ — 15\/10\/2026$/);
    expect(ok.body.mensagem).toMatch(/^Documento válido/);
    expect(ok.body.assinaturas).toEqual([
      { papel: 'responsavel', nome: 'Site Manager', em: expect.any(String), valida: true },
      { papel: 'cliente', nome: expect.any(String), em: expect.any(String), valida: true },
    ]);
    expect((await verify(code.toLowerCase())).body.valido).toBe(true);
    const unknown = await verify(code === 'ABCDEFGHJK' ? 'ABCDEFGHJM' : 'ABCDEFGHJK');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Código de verificação inexistente.');
    for (const malformed of ['abc', 'ABCDEFGHI0', 'ABCDEFGHJKLMN']) expect((await verify(malformed)).status, malformed).toBe(400);

    // Approved: still locked for everyone; only an RDO administrator reopens it, with the reason.
    expect((await c.step('diarios', id, 'aprovar', ADMIN)).body.status).toBe('Aprovado');
    const approved = (await c.get(`/api/v1/diarios/${id}`, ADMIN)).body;
    expect((await c.patch(`/api/v1/diarios/${id}`, { version: approved.version, ocorrencias: 'x' }, ADMIN)).status).toBe(403);
    expect((await c.step('diarios', id, 'reabrir', SM, { comment: 'Quero corrigir' })).status).toBe(403);
    const noReason = await c.step('diarios', id, 'reabrir', ADMIN);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.comment[0]).toMatch(/obrigatório/);
    const reopened = await c.step('diarios', id, 'reabrir', ADMIN, { comment: 'Volume de concreto errado.' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('Reprovado');
    const history = await c.get(`/api/v1/diarios/${id}/historico`, ADMIN);
    expect(history.body.some((h: { comentario?: string; comment?: string }) => JSON.stringify(h).includes('Volume de concreto errado.'))).toBe(true);

    // Every signature is voided with the reason; the verification says the document is not valid.
    const voided = await signatures(id, SM);
    expect(voided.body.proxima).toBeNull();
    expect(voided.body.assinaturas).toHaveLength(2);
    for (const s of voided.body.assinaturas) {
      expect(s.valida).toBe(false);
      expect(s.anuladaEm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(s.anuladaMotivo).toBe('Diário reaberto: Volume de concreto errado.');
    }
    const invalid = await verify(code);
    expect(invalid.body.valido).toBe(false);
    expect(invalid.body.mensagem).toMatch(/anuladas/);
    expect(invalid.body.assinaturas.every((s: { valida: boolean }) => !s.valida)).toBe(true);
    expect((await signatures(id, CLIENTE)).status).toBe(404); // being corrected: not for the client

    // The site manager corrects and concludes again: new signatures are needed, of the new content.
    const editable = (await c.get(`/api/v1/diarios/${id}`, SM)).body;
    expect((await c.patch(`/api/v1/diarios/${id}`, { version: editable.version, ocorrencias: 'Concretagem do bloco B (12 m³).' }, SM)).status).toBe(200);
    expect((await c.step('diarios', id, 'enviar', SM)).body.status).toBe('Em revisão');
    const hash2 = await storedHash(id);
    expect(hash2).not.toBe(hash1);
    const fresh = await signatures(id, SM);
    expect(fresh.body).toMatchObject({ codigo: code, hashAtual: hash2, proxima: 'responsavel', podeAssinar: true });
    expect((await sign(id, CLIENTE, { metodo: 'login', confirmo: true })).status).toBe(409);
    const resigned = await sign(id, SM, { metodo: 'login', confirmo: true });
    expect(resigned.status).toBe(201);
    expect(resigned.body.assinaturas.filter((s: { valida: boolean }) => s.valida)).toEqual([expect.objectContaining({ papel: 'responsavel', hash: hash2 })]);
    const partial = await verify(code);
    expect(partial.body.valido).toBe(true);
    expect(partial.body.mensagem).toMatch(/falta a assinatura do representante do cliente/);

    // Returned while in review ("devolver"): voided as well.
    expect((await c.step('diarios', id, 'devolver', ADMIN, { comment: 'Faltou o efetivo.' })).body.status).toBe('Reprovado');
    const returned = await signatures(id, ADMIN);
    expect(returned.body.assinaturas.filter((s: { anuladaMotivo: string | null }) => s.anuladaMotivo === 'Diário reaberto: Faltou o efetivo.')).toHaveLength(1);
    expect(returned.body.assinaturas.some((s: { valida: boolean }) => s.valida)).toBe(false);
    expect((await verify(code)).body.valido).toBe(false);
  });

  it('the PDF carries the signature block and the verification address', async () => {
    const created = await c.post('/api/v1/diarios', { obra: '101', data: '2026-10-16', ocorrencias: 'Montagem.' }, SM);
    const id = created.body.id as number;
    await c.step('diarios', id, 'enviar', SM);
    expect((await sign(id, SM, { metodo: 'login', confirmo: true })).status).toBe(201);
    const res = await t.api.request(`/api/v1/diarios/${id}/pdf`, { as: SM });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // The rendered block is asserted on the uncompressed document in src/server/rdo/pdf.test.ts.
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('a distribution list takes e-mails only', async () => {
    const cfg = (await c.get('/api/v1/configuracoes-rdo', ADMIN)).body.find((x: { obra: string }) => x.obra === '101');
    expect(cfg.distribuicao).toContain(DIST);
    const r = await c.patch(`/api/v1/configuracoes-rdo/${cfg.id}`, { version: cfg.version, distribuicao: [DIST, 'não é e-mail'] }, ADMIN);
    expect(r.status).toBe(400);
    expect(r.body.errors.distribuicao[0]).toMatch(/não é um e-mail válido/);
  });
});
