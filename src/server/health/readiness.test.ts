import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/connect';
import { MAIL_CORE_SQL, enqueueMail } from '../mail/queue';
import { localStorage, type FileStorage } from '../storage/storage';
import { healthRoutes, type HealthOptions } from './readiness';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of MAIL_CORE_SQL) await sql.raw(stmt).execute(database.db);
  dir = mkdtempSync(join(tmpdir(), 'portal-ready-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sql`delete from mensagem`.execute(database.db);
});

const quiet = { log: () => undefined };
async function ready(opts: Partial<HealthOptions> = {}) {
  const app = healthRoutes({ db: database.db, storage: localStorage(join(dir, 'arquivos')), version: '9.9.9', ...quiet, ...opts });
  const res = await app.request('/health/ready');
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.clone().text(), body: await res.json() };
}

describe('readiness (GET /api/v1/health/ready)', () => {
  it('answers 200 when the database, the mail queue and the file store answer, with the queue backlog', async () => {
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 'um', text: 'x' });
    await enqueueMail(database.db, { to: ['b@portal.local'], subject: 'dois', text: 'x' });
    await enqueueMail(database.db, { to: ['c@portal.local'], subject: 'enviada', text: 'x' });
    await enqueueMail(database.db, { to: ['d@portal.local'], subject: 'abandonada', text: 'x' });
    await sql`update mensagem set criada_em = now() - interval '90 seconds' where assunto = 'um'`.execute(database.db);
    await sql`update mensagem set enviada_em = now() where assunto = 'enviada'`.execute(database.db);
    await sql`update mensagem set proxima_tentativa = 'infinity', criada_em = now() - interval '1 day' where assunto = 'abandonada'`.execute(database.db);
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'ok',
      version: '9.9.9',
      verificacoes: { processo: { status: 'ok' }, banco: { status: 'ok' }, arquivos: { status: 'ok' }, filaEmails: { status: 'ok', pendentes: 2 } },
    });
    expect(r.body.verificacoes.filaEmails.maisAntigaSegundos).toBeGreaterThanOrEqual(90);
    expect(r.body.verificacoes.filaEmails.maisAntigaSegundos).toBeLessThan(120);
  });

  it('says the queue is empty with no age', async () => {
    const r = await ready();
    expect(r.body.verificacoes.filaEmails).toMatchObject({ status: 'ok', pendentes: 0, maisAntigaSegundos: null });
  });

  it('answers 503 naming the file store when its directory cannot be written, without the error itself', async () => {
    const blocked = join(dir, 'um-arquivo');
    writeFileSync(blocked, 'não é uma pasta');
    const r = await ready({ storage: localStorage(blocked) });
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBe('5');
    expect(r.body).toMatchObject({ statusCode: 503, status: 'indisponivel', message: expect.stringContaining('não está pronto') });
    expect(r.body.verificacoes.arquivos).toEqual({ status: 'falha', mensagem: 'O armazenamento de arquivos não respondeu.' });
    expect(r.body.verificacoes.banco.status).toBe('ok');
    expect(r.text).not.toContain(blocked);
  });

  it('keeps secrets of a failing store out of the body, and gives up on a part that does not answer in time', async () => {
    const leaky: FileStorage = { ...localStorage(dir), check: () => Promise.reject(new Error('AccessDenied: chave AKIAEXEMPLO, bucket portal-secreto')) };
    const failed = await ready({ storage: leaky });
    expect(failed.status).toBe(503);
    expect(failed.text).not.toMatch(/AKIA|portal-secreto|AccessDenied/);
    const hanging: FileStorage = { ...localStorage(dir), check: () => new Promise(() => undefined) };
    const t0 = Date.now();
    const slow = await ready({ storage: hanging, timeoutMs: 200 });
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(slow.body.verificacoes.arquivos).toEqual({ status: 'falha', mensagem: 'O armazenamento de arquivos não respondeu em 0,2 s.' });
  });

  it('answers 503 naming the database and the mail queue when the database is gone', async () => {
    const gone = await connect({ memory: true });
    await gone.close();
    const r = await ready({ db: gone.db });
    expect(r.status).toBe(503);
    expect(r.body.verificacoes.banco).toEqual({ status: 'falha', mensagem: 'O banco de dados não respondeu.' });
    expect(r.body.verificacoes.filaEmails).toEqual({ status: 'falha', mensagem: 'A fila de e-mails não respondeu.' });
    expect(r.body.verificacoes.arquivos.status).toBe('ok');
  });

  it('is not ready while the process shuts down; liveness still answers', async () => {
    const app = healthRoutes({ db: database.db, storage: localStorage(dir), version: '1', draining: () => true, ...quiet });
    const r = await app.request('/health/ready');
    expect(r.status).toBe(503);
    expect((await r.json()).verificacoes.processo).toEqual({ status: 'falha', mensagem: expect.stringContaining('sendo encerrado') });
    const live = await app.request('/health');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', version: '1' });
  });
});
