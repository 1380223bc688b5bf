/**
 * The signatures of a document of record (documents.ts): the daily report (issue 26), mounted on
 * /api/v1/diarios, and the technical inspection report (issue 40), on /api/v1/rits, before the
 * generic CRUD:
 * - GET /:id/assinaturas — the signatures, the verification code, who signs next and whether the
 *   caller may (whoever reads the record; 404 otherwise);
 * - POST /:id/assinaturas — sign: `{ metodo: 'desenho', imagem: 'data:image/png;base64,…' }` or
 *   `{ metodo: 'login', confirmo: true }` → 201 with the same answer. 400 per key for a bad body,
 *   403 for who does not sign this record, 409 when it is not in a signed state, already signed by
 *   that role, or the first signer has not signed yet. The signature stores the content's hash
 *   (custom fields included: signed-schema.ts), the IP and the browser; the document's own rules
 *   follow (`afterSign`: the RIT becomes "Assinado" at its last signature) and, once it is
 *   committed, the site's distribution list receives the signed PDF when the document says so. A
 *   signature of a daily report is the webhook event `diarios.assinado` (src/server/webhooks/events.ts).
 */
import type { Context } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import sharp from 'sharp';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { declaredRouter } from '../http/declared-route';
import { SIGNED_DOCUMENT_ROUTES } from '../../../resources/signatures';
import { guardDb, parseId, readActionOf, selectOne } from '../crud/record-access';
import { notFoundMessage } from '../crud/messages';
import type { FileStorage } from '../storage/storage';
import { assertPngBytes, SIGNATURE_REFUSED } from './body';
import { distributeAfterCommit, useDocumentStorage, type DistributionEvent } from './distribution';
import { storedContentHash } from './signed-schema';
import { isComplete, refusal } from './signers';
import { ensureCode, insertSignature, signaturesOf, voidSignatures } from './store';
import { signaturesView } from './view';
import { signedDocument } from './documents';
import { askClientSignature } from './pending';
import { EVENTS_CHANNEL, PENDENCIAS_SIGNAL } from '../events/notify-sql';
import { emitWebhookEvent, isNamedWebhookEvent } from '../webhooks/events';

/** A drawn signature sharp can read, of a sensible size (400 otherwise). */
async function assertReadablePng(dataUrl: string): Promise<void> {
  const bad = () => new ApiError(400, SIGNATURE_REFUSED, { imagem: ['A imagem da assinatura não é um PNG válido.'] });
  try {
    const meta = await sharp(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height || meta.width > 4000 || meta.height > 4000) throw bad();
  } catch (e) {
    throw e instanceof ApiError ? e : bad();
  }
}

/** The routes of the document `entity` (a schema name registered in documents.ts). */
export function signatureRoutes(db: Db, storage: FileStorage, entity = 'diario') {
  const schema = schemaByName(entity)!;
  const doc = signedDocument(schema);
  useDocumentStorage(storage);
  const routes = SIGNED_DOCUMENT_ROUTES[schema.resource];
  if (!routes) throw new Error(`${schema.resource}: assinaturas sem declaração em resources/signatures.ts.`);
  const { router, add } = declaredRouter(`/${schema.resource}`);

  /**
   * The report as stored, if the caller reads it. A report they do not read is 404 to a reader of
   * signatures, and 403 to a would-be signer (a write on an existing record, as the CRUD answers).
   */
  async function readable(conn: Db, c: Context<AppEnv>, rawId: string, opts: { lock?: boolean; unreadable?: 403 | 404 } = {}) {
    const row = await selectOne(conn, schema, parseId(schema, rawId), opts.lock);
    if (!row) throw new ApiError(404, notFoundMessage(schema));
    if (!c.get('ability').can(readActionOf(schema) as never, subject(schema.subject, { ...row }) as never)) {
      if (opts.unreadable === 403) throw new ApiError(403, doc.texts.notASigner);
      throw new ApiError(404, notFoundMessage(schema));
    }
    return row;
  }

  add(routes.read, async (c, req) => {
    const row = await readable(db, c, req.params.id);
    return req.reply(200, await signaturesView(db, schema, row, c.get('user')));
  });

  add(routes.sign, async (c, req) => {
    const user = c.get('user');
    const body = await req.body();
    const input = { metodo: body.metodo, imagem: body.metodo === 'desenho' ? body.imagem : null };
    if (input.imagem) {
      assertPngBytes(input.imagem);
      await assertReadablePng(input.imagem);
    }
    const ip = clientIp(c);
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, 500);
    let distribution: { row: Record<string, unknown>; event: DistributionEvent } | undefined;
    const view = await guardDb(schema, () =>
      db.transaction().execute(async (trx) => {
        // The report's row lock serialises signatures, reopening and edits of one report.
        const row = await readable(trx, c, req.params.id, { lock: true, unreadable: 403 });
        const id = Number(row.id);
        const hash = await storedContentHash(trx, schema, row);
        const signatures = await signaturesOf(trx, schema.resource, id);
        const papel = doc.signerRoleOf(user, row);
        const refused = refusal(doc, row, papel, signatures, hash);
        if (refused) throw new ApiError(refused.status, refused.message);
        // A signature in force of an earlier content of the same role (an administrator changed the
        // report behind the lock) no longer counts: it is voided, and the new one takes its place.
        await voidSignatures(trx, schema.resource, id, doc.texts.contentChanged, papel!);
        await ensureCode(trx, schema.resource, id);
        await insertSignature(trx, {
          recurso: schema.resource,
          id,
          papel: papel!,
          email: user.email.toLowerCase(),
          nome: user.name || user.email,
          metodo: input.metodo,
          imagem: input.imagem,
          ip,
          userAgent,
          hash,
        });
        const complete = isComplete(doc, await signaturesOf(trx, schema.resource, id), hash);
        // Each signature of a document the catalogue names (`diarios.assinado`) is a webhook event, written with it (issue 41).
        const evento = `${schema.resource}.assinado`;
        if (isNamedWebhookEvent(evento))
          await emitWebhookEvent(trx, { evento, recurso: schema.resource, registroId: id, usuario: user.email.toLowerCase(), nome: user.name || user.email });
        // The next signer's queue changed (pending.ts): their bell hears of it at commit; then the
        // document's own rules (the RIT becomes "Assinado" at its last signature).
        await sql`select pg_notify(${EVENTS_CHANNEL}, ${PENDENCIAS_SIGNAL})`.execute(trx);
        const now = (await doc.afterSign?.({ trx, schema, row, papel: papel!, complete, user })) ?? row;
        // Whose turn it is now is asked by e-mail: the client's representatives, once the first signer has signed.
        if (!complete && papel === 'responsavel' && doc.order.includes('cliente')) await askClientSignature(trx, schema, now, user.name || user.email);
        if (doc.distributesSignature(papel!, complete))
          distribution = { row: now, event: { kind: 'assinatura', papel: papel!, nome: user.name || user.email } };
        return signaturesView(trx, schema, now, user);
      }),
    );
    // The signed PDF is rendered after the commit, off the report's row lock.
    if (distribution) await distributeAfterCommit(db, schema, distribution.row, distribution.event);
    return req.reply(201, view);
  });

  return router;
}
