/**
 * The public ethics channel (issue 40, Lei 14.457/2022), mounted before authentication and before
 * the API's rate limit, with a limit of its own that keeps no address (public-limit.ts):
 *
 *   POST /api/v1/canal-etica/anexos                   one evidence file (metadata stripped) → its key
 *   POST /api/v1/canal-etica/relatos                  the report → { protocolo, senha } (the password shown once)
 *   POST /api/v1/canal-etica/acompanhamento           protocol + password → the case and its messages
 *   POST /api/v1/canal-etica/acompanhamento/mensagens protocol + password + text → the reporter's answer
 *
 * Nothing about the caller is kept: no account (`created_by` null, no e-mail), and the request
 * context gives these paths no address or device (src/server/app.ts), so neither the history nor the
 * logs get one. A protocol that does not exist and a wrong password get the same 403; wrong
 * passwords are counted per protocol (the sign-in throttle's counters) and refused for a while past 5.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import type { AppEnv } from '../http/env';
import { ApiError, errorBody } from '../http/errors';
import type { RateLimitStore } from '../http/rate-limit-store';
import { jsonBody } from '../crud/routes';
import { validateBody } from '../crud/validate';
import { guardDb } from '../crud/record-access';
import { toColumnValues as toColumns } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { numberOnCreate } from '../crud/numbering';
import { applySla } from '../sla/engine';
import { enqueueMail } from '../mail/queue';
import type { FileStorage } from '../storage/storage';
import { createSignInThrottle, throttleMessage } from '../identity/throttle';
import { todayIso } from '../time';
import { checkFollowUpPassword, hashFollowUpPassword, newFollowUpPassword } from './password';
import { receiveEvidence, takeEvidence } from './attachments';
import { ethicsPublicLimit, type PublicLimitOptions } from './public-limit';
import { addMessage, messageText, refuseIfFinished, threadOf } from './thread';
import type { ReporterCase } from '../../../resources/canal-etica';

export const ETHICS_PUBLIC_PATH = '/api/v1/canal-etica';
/** The paths whose requests carry no address or device into the history or the logs. */
export const isEthicsPublicPath = (path: string): boolean => path === ETHICS_PUBLIC_PATH || path.startsWith(`${ETHICS_PUBLIC_PATH}/`);

/** What the public form sends (besides `evidencias`, the keys of the files sent first). */
export const PUBLIC_FIELDS = ['categoria', 'assunto', 'descricao', 'local', 'dataFato', 'envolvidos', 'anonimo', 'nomeRelator', 'contatoRelator'];

export const WRONG_CREDENTIALS = 'Protocolo ou senha incorretos. Confira os dados anotados quando o relato foi enviado.';

interface CaseRow {
  id: string | number;
  protocolo: string;
  status: string;
  categoria: string | null;
  assunto: string;
  dataRelato: string | Date | null;
  dataConclusao: string | Date | null;
  responsavel: { mail?: string } | null;
  senha_hash: string;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const dateOnly = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** The public form's schema: its fields only, the contact writable here. */
function publicSchema(schema: EntitySchema): EntitySchema {
  return {
    ...schema,
    fields: schema.fields.filter((f) => PUBLIC_FIELDS.includes(f.name)).map((f) => (f.name === 'contatoRelator' ? { ...f, readOnly: false } : f)),
  };
}

function credentials(body: unknown): { protocolo: string; senha: string } {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const protocolo = typeof b.protocolo === 'string' ? b.protocolo.trim().toUpperCase() : '';
  const senha = typeof b.senha === 'string' ? b.senha.trim() : '';
  if (!protocolo) errors.protocolo = ['Informe o protocolo.'];
  else if (protocolo.length > 30) errors.protocolo = ['Protocolo inválido.'];
  if (!senha) errors.senha = ['Informe a senha.'];
  else if (senha.length > 60) errors.senha = ['Senha inválida.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Informe o protocolo e a senha do relato.', errors);
  return { protocolo, senha };
}

export function ethicsPublicRoutes(opts: { db: Db; storage: FileStorage; store?: RateLimitStore; limit?: PublicLimitOptions }) {
  const { db, storage } = opts;
  const schema = schemaByName('relatoEtica') as EntitySchema;
  const form = publicSchema(schema);
  const evidence = schema.fields.find((f) => f.name === 'evidencias') as FieldDef;
  const throttle = createSignInThrottle({ store: opts.store ?? { kind: 'database', db }, keyPrefix: 'canal-etica' });
  const api = new Hono<AppEnv>();
  api.use('*', ethicsPublicLimit(opts.limit));

  /** The report of these credentials, or 403 (429 while the protocol is throttled). */
  async function open(protocolo: string, senha: string): Promise<CaseRow> {
    const wait = await throttle.retryAfter(protocolo, '');
    if (wait) throw new HTTPException(429, { message: throttleMessage(wait) }); // the API's error body (app.ts)
    const r = await sql<CaseRow>`select r.id, r.protocolo, r.status, r.categoria, r.assunto, r."dataRelato", r."dataConclusao", r.responsavel, a.senha_hash
      from "relatoEtica" r join canal_etica_acesso a on a.relato_id = r.id where upper(r.protocolo) = ${protocolo}`.execute(db);
    const row = r.rows[0];
    if (!(await checkFollowUpPassword(senha, row?.senha_hash))) {
      await throttle.fail(protocolo, '');
      throw new ApiError(403, WRONG_CREDENTIALS);
    }
    await throttle.succeed(protocolo);
    return row;
  }

  const caseOf = async (row: CaseRow): Promise<ReporterCase> => ({
    protocolo: row.protocolo,
    situacao: row.status,
    categoria: row.categoria,
    assunto: row.assunto,
    recebidoEm: iso(row.dataRelato),
    concluidoEm: dateOnly(row.dataConclusao),
    aberto: row.status !== 'Finalizada',
    mensagens: await threadOf(db, Number(row.id), false),
  });

  api.post('/anexos', async (c) => c.json(await receiveEvidence(db, storage, c.req.raw, evidence), 201));

  api.post('/relatos', async (c) => {
    const body = await jsonBody(c.req.raw);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
    const { evidencias, ...fields } = body as Record<string, unknown>;
    const checked = validateBody(form, fields);
    if (typeof checked.values.dataFato === 'string' && checked.values.dataFato > todayIso()) {
      (checked.errors.dataFato ??= []).push('A data do fato não pode ser futura.');
    }
    if (Object.keys(checked.errors).length) throw new ApiError(400, 'Verifique os campos destacados.', checked.errors);
    const anonimo = checked.values.anonimo !== false;
    const senha = newFollowUpPassword();
    const hash = await hashFollowUpPassword(senha); // before the transaction: it holds no connection while it works
    const protocolo = await guardDb(schema, () =>
      db.transaction().execute(async (trx) => {
        const files = await takeEvidence(trx, evidencias, evidence);
        const values: Record<string, unknown> = {
          ...checked.values,
          anonimo,
          nomeRelator: anonimo ? null : (checked.values.nomeRelator ?? null),
          contatoRelator: anonimo ? null : (checked.values.contatoRelator ?? null),
          emailRelator: null,
          origem: 'Canal público',
          status: schema.workflow!.initial,
          dataRelato: new Date().toISOString(),
          evidencias: files,
        };
        Object.assign(values, await numberOnCreate(trx, schema, values));
        const inserted = await trx
          .insertInto(schema.name)
          // Nobody's record: no portal user wrote it, whatever session the browser holds.
          .values({ ...toColumns(schema, values, 'insert'), created_by: null, updated_by: null })
          .returning(sql<Record<string, unknown>>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
          .executeTakeFirstOrThrow();
        const saved = await applySla(trx, schema, flattenExtra(inserted.row as Record<string, unknown>));
        const id = Number(saved.id);
        for (const f of files) {
          await sql`insert into arquivo_vinculo (key, recurso, registro_id, campo) values (${f.key}, ${schema.resource}, ${id}, ${evidence.name})`.execute(trx);
        }
        await sql`insert into canal_etica_acesso (relato_id, senha_hash) values (${id}, ${hash})`.execute(trx);
        await writeAudit(trx, schema, id, 'create', null, diffRecords(schema, {}, saved));
        return String(saved.protocolo);
      }),
    );
    return c.json(
      {
        protocolo,
        senha,
        mensagem: 'Relato recebido. Anote o protocolo e a senha: a senha não é mostrada de novo e é o único jeito de acompanhar o relato.',
      },
      201,
    );
  });

  api.post('/acompanhamento', async (c) => {
    const { protocolo, senha } = credentials(await jsonBody(c.req.raw));
    return c.json(await caseOf(await open(protocolo, senha)));
  });

  api.post('/acompanhamento/mensagens', async (c) => {
    const body = await jsonBody(c.req.raw);
    const { protocolo, senha } = credentials(body);
    const texto = messageText(body);
    // Checked before the transaction: the throttle's counters are written through the database too.
    const found = await open(protocolo, senha);
    await db.transaction().execute(async (trx) => {
      const current = await sql<CaseRow>`select id, protocolo, status, responsavel from "relatoEtica" where id = ${Number(found.id)} for update`.execute(trx);
      const locked = current.rows[0];
      if (!locked) throw new ApiError(403, WRONG_CREDENTIALS);
      refuseIfFinished(locked.status);
      await addMessage(trx, Number(locked.id), 'relator', texto);
      // The investigator in charge hears of it (the text stays in the portal).
      const to = locked.responsavel?.mail;
      if (to) {
        await enqueueMail(trx, {
          to: [to],
          subject: `Canal de ética: nova mensagem do relator (${locked.protocolo})`,
          text: `O relator respondeu no relato ${locked.protocolo}. Abra o relato no portal para ler a mensagem.`,
          ref: `${schema.resource}/${locked.id}`,
        });
      }
    });
    return c.json(await caseOf(found), 201);
  });

  api.all('*', (c) => c.json(errorBody(404, 'Recurso não encontrado.'), 404));
  return api;
}
