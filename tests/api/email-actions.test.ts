/**
 * Approving from the e-mail (issue 25): workflow mails are HTML with a plain-text part and carry one
 * signed, single-use, expiring button per step the recipient may take; the portal's confirmation
 * takes the step only for the recipient, signed in, while the step is still open.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { signActionLink } from '../../src/server/workflow/action-link';
import { escapeHtml } from '../../src/server/mail/html';
import { drainMail } from '../../src/server/mail/mailer';
import { createMailTransport } from '../../src/server/mail/transport';

const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';

interface Mail {
  id: string;
  assunto: string;
  texto: string;
  html: string | null;
}

describe.each(BACKENDS)('approval from the e-mail (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  const mailsTo = async (to: string, ref: string) =>
    (await sql<Mail>`select id::text as id, assunto, texto, html from mensagem where para ? ${to} and referencia = ${ref} order by id`.execute(t.api.db)).rows;
  /** The token of a button of the last message to `to` about the contract, read from its text part. */
  const tokenOf = async (to: string, id: number, label: string) => {
    const m = (await mailsTo(to, `contratos/${id}`)).at(-1)!;
    const line = m.texto.split('\n').find((l) => l.startsWith(`${label}: `));
    expect(line, `botão "${label}" no e-mail`).toBeTruthy();
    return /\/acao-email\/([\w.-]+)$/.exec(line!)![1];
  };
  const record = async (id: number) => (await c.get(`/api/v1/contratos/${id}`)).body as { status: string; version: number };
  const spent = async () => Number((await sql<{ n: string }>`select count(*) as n from acao_email_uso`.execute(t.api.db)).rows[0].n);

  /** A contract waiting in "Em finalização" for the validator (the administrator started it, so the validator is told). */
  const inFinalizacao = async (numero: string) => {
    const r = await c.post(
      '/api/v1/contratos',
      {
        numero,
        tipo: 'Fornecimento',
        contraparte: CNPJ.trafoSul,
        objeto: 'Fornecimento de perfis metálicos',
        obra: '101',
        valor: 125000.5,
        responsavel: person(RESP, 'Rafael Responsável'),
        gestor: person(GESTOR, 'Gabriela Gestora'),
        validador: person(VALID, 'Vítor Validador'),
        arquivos: pdf(),
      },
      RESP,
    );
    expect(r.status).toBe(201);
    const id = r.body.id as number;
    expect((await c.step('contratos', id, 'emitir-juridico', RESP)).status).toBe(200);
    expect((await c.step('contratos', id, 'emitir-verificador', GESTOR)).status).toBe(200);
    expect((await c.step('contratos', id, 'finalizar', 'admin@portal.local')).status).toBe(200);
    return id;
  };

  it('sends HTML with a plain-text part, the summary and one button per step the recipient may take', async () => {
    const id = await inFinalizacao('EM-<b>1</b>');
    const m = (await mailsTo(VALID, `contratos/${id}`)).at(-1)!;
    expect(m.assunto).toBe('[Portal] Contrato EM-<b>1</b>: Em finalização');
    // Text part: summary, buttons as links, the record's link.
    // Issue 36: who, the step, from and to, as a sentence.
    expect(m.texto).toMatch(/^.+: "Iniciar finalização" — o contrato "EM-<b>1<\/b>" passou de "Emitido para o verificador" para "Em finalização"\.$/m);
    expect(m.texto).not.toContain('moveu de');
    expect(m.texto).toContain('Registro: Contrato');
    expect(m.texto).toContain('Título: EM-<b>1</b>');
    expect(m.texto).toMatch(/^Obra: 101/m);
    expect(m.texto).toContain('Situação: Em finalização');
    expect(m.texto).toMatch(/Valor: R\$\s125\.000,50/);
    expect(m.texto).toMatch(/^Aprovar contrato: http:\/\/localhost:\d+\/acao-email\/[\w-]+\.[\w-]+\.[\w-]+$/m);
    expect(m.texto).toMatch(/^Devolver para revisão: .*\/acao-email\//m);
    expect(m.texto).not.toContain('Alterar situação'); // the administrators' step is never a button
    expect(m.texto).toMatch(new RegExp(`^Abrir no portal: .*/contrato/${id}$`, 'm'));
    // HTML part: same content, escaped, accessible.
    expect(m.html).toContain('<html lang="pt-BR">');
    expect(m.html).toContain(escapeHtml('EM-<b>1</b>'));
    expect(m.html).not.toContain('<b>1</b>');
    const aprovar = await tokenOf(VALID, id, 'Aprovar contrato');
    expect(m.html).toContain(`/acao-email/${aprovar}" style=`);
    expect(m.html).toMatch(/>Aprovar contrato<\/a>/);
  });

  it('approves a contract from the e-mail button, once, for the recipient only', async () => {
    const id = await inFinalizacao('EM-002');
    const token = await tokenOf(VALID, id, 'Aprovar contrato');
    const before = await record(id);

    // The page's summary: read-only, as often as wanted.
    for (let i = 0; i < 2; i++) {
      const page = await c.get(`/api/v1/acoes-email/${token}`, VALID);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({
        resource: 'contratos',
        id,
        entity: 'Contrato',
        title: 'EM-002',
        stateLabel: 'Em finalização',
        version: before.version,
      });
      expect(page.body.transition).toMatchObject({ name: 'aprovar', label: 'Aprovar contrato', toLabel: 'Aprovado', comment: 'none' });
      expect(page.body.rows).toContainEqual(['Situação', 'Em finalização']);
    }
    expect(await record(id)).toEqual(expect.objectContaining({ status: 'Em finalização', version: before.version }));

    // Another person, signed in, with the same link: refused, nothing changed or spent.
    for (const method of ['get', 'post'] as const) {
      const other = method === 'get' ? await c.get(`/api/v1/acoes-email/${token}`, GESTOR) : await c.post(`/api/v1/acoes-email/${token}`, {}, GESTOR);
      expect(other.status).toBe(403);
      expect(other.body.message).toMatch(/^Este link foi enviado para outra pessoa/);
    }
    // Not signed in: 401 (the page sends the person to sign in first).
    expect((await t.api.request(`/api/v1/acoes-email/${token}`, { as: null })).status).toBe(401);
    expect(await spent()).toBe(0);

    // Two confirms at once: the step is taken once.
    const [a, b] = await Promise.all([c.post(`/api/v1/acoes-email/${token}`, {}, VALID), c.post(`/api/v1/acoes-email/${token}`, {}, VALID)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].body).toMatchObject({ resource: 'contratos', id, transition: 'aprovar', state: 'Aprovado', stateLabel: 'Aprovado' });
    expect(ok[0].body.message).toBe('Feito: "Aprovar contrato" em Contrato "EM-002".');
    const refused = [a, b].find((r) => r.status !== 200)!;
    expect([409, 410]).toContain(refused.status);
    const after = await record(id);
    expect(after).toEqual(expect.objectContaining({ status: 'Aprovado', version: before.version + 1 }));
    const hist = await c.get(`/api/v1/contratos/${id}/historico`);
    expect(hist.body[0]).toMatchObject({ action: 'transition', user: VALID, transition: { name: 'aprovar', from: 'Em finalização', to: 'Aprovado' } });
    expect(await spent()).toBe(1);

    // Reused: refused with the moment it was used; nothing changes.
    const again = await c.post(`/api/v1/acoes-email/${token}`, {}, VALID);
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/^Este link já foi usado em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\./);
    expect((await c.get(`/api/v1/acoes-email/${token}`, VALID)).status).toBe(410);
    expect(await record(id)).toEqual(expect.objectContaining({ status: 'Aprovado', version: after.version }));
    expect(await spent()).toBe(1);
  });

  it('refuses a tampered, an expired, an unknown-step link and a step no longer open, with nothing stored', async () => {
    const id = await inFinalizacao('EM-003');
    const token = await tokenOf(VALID, id, 'Aprovar contrato');
    const before = await record(id);
    const [h, p, s] = token.split('.');
    // The payload changed (another record), the signature changed, a token cut short, garbage.
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), rid: id + 1 })).toString('base64url');
    // The first character carries six bits of the signature (the last one's low bits are padding:
    // "…TAB" and "…TAA" decode to the same bytes, which made this check fail now and then).
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [`${h}.${otherPayload}.${s}`, `${h}.${p}.${flipped}`, `${h}.${p}`, 'x'.repeat(40)]) {
      const r = await c.post(`/api/v1/acoes-email/${bad}`, {}, VALID);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/^Este link de ação é inválido/);
      expect((await c.get(`/api/v1/acoes-email/${bad}`, VALID)).status).toBe(400);
    }
    // Signed with another key (alg none is refused too).
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await c.post(`/api/v1/acoes-email/${none}`, {}, VALID)).status).toBe(400);

    // Expired: authentic but past its date.
    const { token: old } = await signActionLink({ resource: 'contratos', id, transition: 'aprovar', email: VALID, exp: Math.floor(Date.now() / 1000) - 60 });
    const expired = await c.post(`/api/v1/acoes-email/${old}`, {}, VALID);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/^Este link expirou em \d{2}\/\d{2}\/\d{4}/);

    // A step the workflow does not have.
    const { token: unknown } = await signActionLink({ resource: 'contratos', id, transition: 'explodir', email: VALID });
    expect((await c.post(`/api/v1/acoes-email/${unknown}`, {}, VALID)).status).toBe(400);
    expect(await record(id)).toEqual(expect.objectContaining({ status: 'Em finalização', version: before.version }));
    expect(await spent()).toBe(1); // only the previous test's link

    // The record moved on in the portal: the e-mail's step is no longer available.
    expect((await c.step('contratos', id, 'devolver', VALID, { comment: 'Faltou o anexo de garantias.' })).status).toBe(200);
    const moved = await record(id);
    const late = await c.post(`/api/v1/acoes-email/${token}`, {}, VALID);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('O contrato "EM-003" já está em "Revisão": a ação "Aprovar contrato" não é mais necessária. Nada foi alterado.');
    expect((await c.get(`/api/v1/acoes-email/${token}`, VALID)).status).toBe(409);
    expect(await record(id)).toEqual(expect.objectContaining({ status: 'Revisão', version: moved.version }));
    expect(await spent()).toBe(1);
  });

  /** A new contract of site 101 with its three people, in Revisão. */
  const emitted = (numero: string) =>
    c.post(
      '/api/v1/contratos',
      {
        numero,
        tipo: 'Fornecimento',
        contraparte: CNPJ.trafoSul,
        objeto: 'Fornecimento de perfis metálicos',
        obra: '101',
        responsavel: person(RESP, 'Rafael Responsável'),
        gestor: person(GESTOR, 'Gabriela Gestora'),
        validador: person(VALID, 'Vítor Validador'),
        arquivos: pdf(),
      },
      RESP,
    );

  it('says the record moved on, not "no permission", when the step is still declared from its new state (issue 36)', async () => {
    const r = await emitted('EM-006');
    const id = r.body.id as number;
    expect((await c.step('contratos', id, 'emitir-juridico', RESP)).status).toBe(200);
    // The manager's mail offers "Devolver para revisão"; the manager then sends it on from the portal.
    const devolver = await tokenOf(GESTOR, id, 'Devolver para revisão');
    const emitir = await tokenOf(GESTOR, id, 'Emitir para o verificador');
    expect((await c.step('contratos', id, 'emitir-verificador', GESTOR)).status).toBe(200);
    // "Devolver" is declared from "Emitido para o verificador" too, but there it is the validator's.
    const late = await c.get(`/api/v1/acoes-email/${devolver}`, GESTOR);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'O contrato "EM-006" já está em "Emitido para o verificador": a ação "Devolver para revisão" não é mais necessária. Nada foi alterado.',
    );
    expect((await c.post(`/api/v1/acoes-email/${emitir}`, {}, GESTOR)).status).toBe(409);

    // A real permission problem keeps its message: another manager named while the step waits.
    const other = await emitted('EM-007');
    const id2 = other.body.id as number;
    expect((await c.step('contratos', id2, 'emitir-juridico', RESP)).status).toBe(200);
    const token2 = await tokenOf(GESTOR, id2, 'Emitir para o verificador');
    const now = await record(id2);
    expect((await c.patch(`/api/v1/contratos/${id2}`, { version: now.version, gestor: person(RESP, 'Rafael Responsável') })).status).toBe(200);
    const refused = await c.get(`/api/v1/acoes-email/${token2}`, GESTOR);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem mais permissão para "Emitir para o verificador" neste contrato. Nada foi alterado.');
  });

  it('asks for the comment a step requires, and the link stays usable until the step is taken', async () => {
    const id = await inFinalizacao('EM-004');
    const token = await tokenOf(VALID, id, 'Devolver para revisão');
    const page = await c.get(`/api/v1/acoes-email/${token}`, VALID);
    expect(page.body.transition).toMatchObject({ name: 'devolver', comment: 'required' });
    const missing = await c.post(`/api/v1/acoes-email/${token}`, {}, VALID);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.comment[0]).toMatch(/obrigatório/);
    expect((await record(id)).status).toBe('Em finalização');
    const done = await c.post(`/api/v1/acoes-email/${token}`, { comment: 'Rever a cláusula 7.' }, VALID);
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('Revisão');
    expect((await c.get(`/api/v1/contratos/${id}/historico`)).body[0]).toMatchObject({ comment: 'Rever a cláusula 7.', user: VALID });
    // The responsible person hears of it, with the comment, in both parts.
    const m = (await mailsTo(RESP, `contratos/${id}`)).at(-1)!;
    expect(m.texto).toContain('Rever a cláusula 7.');
    expect(m.html).toContain('Rever a cláusula 7.');
    expect(m.texto).toMatch(/^Emitir para o Jurídico: .*\/acao-email\//m);
  });

  it('sends the message as multipart/alternative: plain text first, then HTML', async () => {
    const id = await inFinalizacao('EM-005');
    const m = (await mailsTo(VALID, `contratos/${id}`)).at(-1)!;
    const dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
    try {
      await sql`update mensagem set proxima_tentativa = 'infinity' where id <> ${m.id} and enviada_em is null`.execute(t.api.db);
      expect(await drainMail(t.api.db, createMailTransport({ dataDir: dir }))).toEqual({ sent: 1, failed: 0 });
      const [file] = readdirSync(join(dir, 'mail'));
      const eml = readFileSync(join(dir, 'mail', file), 'utf8');
      const boundary = /^Content-Type: multipart\/alternative;\s*boundary="([^"]+)"/m.exec(eml)?.[1];
      expect(boundary).toBeTruthy();
      const parts = eml.split(`--${boundary}`).slice(1, -1);
      expect(parts).toHaveLength(2);
      expect(parts[0]).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(parts[1]).toMatch(/Content-Type: text\/html; charset=utf-8/);
      const qp = (s: string) =>
        Buffer.from(
          s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
      expect(qp(parts[0])).toContain('Aprovar contrato: http');
      expect(qp(parts[1])).toContain('>Aprovar contrato</a>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
