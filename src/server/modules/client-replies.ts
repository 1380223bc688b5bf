/**
 * docs/access.md decision 30, a client's side of a ticket (the rules beyond its CASL rules):
 *
 * - A client adds to a related list whose `addBy` admits clients (a ticket's interactions) with
 *   only the fields `clientFields` names; the rest is `clientSets` (the client as author and
 *   responsible, the moment, a comment) and the `clientVisible` flag is forced by the gate
 *   (entities/ticket-interacao.ts `relatedAddGate`), whatever the body says.
 * - An interaction carries its ticket's site (`obra`, read-only): set from the ticket on every
 *   write, and moved with the ticket when the ticket changes site. A client's read rule is on it.
 * - A client's reply tells the ticket's post-sales responsável (e-mail and push, as they chose: issue
 *   41); the staff reply e-mails the contact.
 * - A client's reply takes the parent's `clientReplyTakes` step when it is open (a ticket "Aguardando
 *   cliente" goes back to "Em atendimento", and its SLA clock runs again).
 */
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../../../schemas';
import type { EntitySchema, RelatedList } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { notifyPerson } from '../notifications/dispatch';
import { recordUrl } from '../workflow/notify';
import { personMail } from '../workflow/definition';
import type { AfterChangeRule, WriteRule } from '../crud/hooks-registry';
import { takeSystemStep } from '../workflow/system-step';

type Rec = Record<string, unknown>;

const isClient = (actor: unknown): actor is { email: string; name?: string; client: true } =>
  !!actor && typeof actor === 'object' && (actor as { client?: unknown }).client === true;

/** The related lists (with their parent) a client may add `schema` records to. */
export function clientGates(schema: EntitySchema): { parent: EntitySchema; rel: RelatedList }[] {
  return SCHEMAS.flatMap((parent) => (parent.related ?? []).filter((rel) => rel.entity === schema.name && rel.addBy?.clients).map((rel) => ({ parent, rel })));
}

/**
 * Before validation, a client's new record in such a list: the parent reference and the
 * `clientFields` it sent, plus the `clientSets` values.
 */
export function clientReplyDefaults(schema: EntitySchema, actor: unknown, body: unknown): unknown {
  if (!isClient(actor) || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const gates = clientGates(schema);
  if (!gates.length) return body;
  const input = body as Rec;
  const keep = new Set<string>(gates.flatMap(({ rel }) => [rel.via, ...(rel.addBy!.clientFields ?? [])]));
  const out: Rec = {};
  for (const [k, v] of Object.entries(input)) if (keep.has(k)) out[k] = v;
  for (const { rel } of gates) {
    for (const [field, v] of Object.entries(rel.addBy!.clientSets ?? {})) {
      if (v === '$actor') out[field] = actor.name ? { mail: actor.email, nome: actor.name } : { mail: actor.email };
      else if (v === '$now') out[field] = new Date().toISOString();
      else out[field] = v;
    }
  }
  return out;
}

async function ticketOf(trx: Db, id: unknown): Promise<Rec | undefined> {
  if (id === null || id === undefined || !Number.isInteger(Number(id))) return undefined;
  const r = await sql<{ row: Rec }>`select to_jsonb(t.*) as row from posvenda t where id = ${Number(id)}`.execute(trx);
  return r.rows[0]?.row && flattenExtra(r.rows[0].row);
}

/** An interaction is on its ticket's site, whoever writes it. */
export const interactionSite: WriteRule = async ({ trx, after }) => {
  const ticket = await ticketOf(trx, after.ticket);
  if (ticket) return { obra: ticket.obra ?? null };
};

/** A ticket moved to another site takes its interactions along (same transaction). */
export const ticketSiteToInteractions: WriteRule = async ({ trx, op, before, after }) => {
  if (op !== 'update' || !before || before.obra === after.obra) return;
  await sql`update "ticketInteracao" set obra = ${(after.obra as string | null) ?? null} where ticket = ${Number(before.id)}`.execute(trx);
};

/**
 * On a database that had interactions before they carried their ticket's site, the new `obra`
 * column is filled from the tickets once, when it is added (src/server/db/migrate.ts
 * `registerAfterMigrate`), so clients see the replies written before.
 */
export async function backfillInteractionSites(
  trx: Db,
  _schemas: readonly EntitySchema[],
  before: Record<string, { columns: Record<string, unknown> }>,
): Promise<void> {
  const table = before.ticketInteracao;
  if (!table || 'obra' in table.columns) return;
  await sql`update "ticketInteracao" i set obra = p.obra from posvenda p where i.ticket = p.id and i.obra is null`.execute(trx);
}

/** A client's reply on a ticket e-mails the ticket's post-sales responsável (in the write's transaction). */
export const clientReplyMail: WriteRule = async ({ trx, op, actor, after }) => {
  if (op !== 'create' || !isClient(actor)) return;
  const ticket = await ticketOf(trx, after.ticket);
  const to = personMail(ticket?.responsavel);
  if (!ticket || !to || to === actor.email.toLowerCase()) return;
  const files = Array.isArray(after.anexos) ? after.anexos.length : 0;
  const codigo = String(ticket.codigo ?? ticket.id);
  const lines = [
    `${actor.name || 'O cliente'} respondeu no ticket nº ${codigo} ("${String(ticket.titulo ?? '')}")${ticket.obra ? `, obra ${String(ticket.obra)}` : ''}:`,
    '',
    String(after.texto ?? ''),
    ...(files ? ['', `${files} ${files === 1 ? 'anexo' : 'anexos'} no portal.`] : []),
    '',
    `Abrir o ticket: ${recordUrl(schemaByName('posvenda')!, ticket.id)}`,
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  // Through the one dispatch point: e-mail, push and digest as the responsável chose (issue 41).
  const ref = `posvendas/${String(ticket.id)}`;
  await notifyPerson(trx, to, {
    kind: 'respostaCliente',
    mail: { subject: `[Portal] Ticket nº ${codigo}: resposta do cliente`, text: lines.join('\n'), ref },
    title: `Ticket nº ${codigo}: resposta do cliente`,
    body: `${actor.name || 'O cliente'}: ${String(after.texto ?? '')}`,
    url: recordUrl(schemaByName('posvenda')!, ticket.id),
    tag: ref,
  });
};

/** A client's new record in a gated list takes the parent's declared `clientReplyTakes` step (after the record is stored). */
export const clientReplyResumes: AfterChangeRule = async ({ trx, schema, actor, op, row }) => {
  if (op !== 'create' || !isClient(actor)) return;
  for (const { parent, rel } of clientGates(schema)) {
    const step = rel.addBy?.clientReplyTakes;
    const id = row[rel.via];
    if (!step || id === null || id === undefined || !Number.isInteger(Number(id))) continue;
    await takeSystemStep(trx, parent, Number(id), step, { by: actor.email, comment: 'Resposta do cliente no portal.' });
  }
};
