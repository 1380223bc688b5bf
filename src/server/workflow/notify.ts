/**
 * Who hears of a transition, and what they read: the people who must act in the new state (its
 * assignees, or the users of its inbox roles when none is named), plus the fields the transition
 * names (the client's contact, the reporter…). The actor is never told of their own step.
 * Messages are queued in the same transaction (src/server/mail); sending never blocks the step.
 */
import { sql } from 'kysely';
import type { EntitySchema, WorkflowTransition } from '../../../schemas/kinds';
import { entityPaths } from '../../../resources/routes';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { serverConfig } from '../config';
import { stateLabel, stateOf, personMail, type WorkflowActor } from './definition';

/** Users holding one of the roles (clients only for the record's site). */
async function usersWithRoles(trx: Db, roles: string[], obra: unknown): Promise<string[]> {
  if (!roles.length) return [];
  const r = await sql<{ email: string }>`
    select email from usuario
    where coalesce(ativo, true) and roles ?| array[${sql.join(roles.map((r) => sql`${r}`))}]::text[]
      and (tipo <> 'cliente' or (${obra ?? null}::text is not null and obra ? ${obra ?? ''}::text))`.execute(trx);
  return r.rows.map((x) => x.email.toLowerCase());
}

export async function recipients(trx: Db, schema: EntitySchema, after: Record<string, unknown>, notify: string[] = [], actorEmail?: string): Promise<string[]> {
  const wf = schema.workflow!;
  const state = stateOf(wf, after[wf.field]);
  const out = new Set<string>();
  const add = (m: string | undefined) => m && out.add(m);
  const named = (state?.assignees ?? []).map((f) => personMail(after[f])).filter(Boolean) as string[];
  named.forEach(add);
  if (!named.length && !state?.final) {
    for (const m of await usersWithRoles(trx, wf.roleInbox?.[state?.value ?? ''] ?? [], schema.obraField ? after[schema.obraField] : null)) add(m);
  }
  for (const f of notify) add(personMail(after[f]));
  if (actorEmail) out.delete(actorEmail.toLowerCase());
  return [...out];
}

/** The record's title as people read it. */
export function titleOf(schema: EntitySchema, row: Record<string, unknown>): string {
  const v = row[schema.titleField];
  const f = schema.fields.find((x) => x.name === schema.titleField);
  if (f?.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}

/** Link to the record's page in the portal. */
export function recordUrl(schema: EntitySchema, id: unknown): string {
  const show = entityPaths(schema).show;
  const path = show ? show.replace(':id', encodeURIComponent(String(id))) : '/pendencias';
  return `${serverConfig().publicUrl}${path}`;
}

export async function queueTransitionMail(
  trx: Db,
  schema: EntitySchema,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  step: { label: string; notify?: WorkflowTransition['notify']; comment?: string | null },
  actor: Pick<WorkflowActor, 'email' | 'name'>,
): Promise<void> {
  const wf = schema.workflow!;
  const to = await recipients(trx, schema, after, step.notify, actor.email);
  if (!to.length) return;
  const title = titleOf(schema, after);
  const from = stateLabel(wf, before[wf.field]);
  const now = stateLabel(wf, after[wf.field]);
  const moved = from === now ? `registrou "${step.label}"` : `moveu de "${from}" para "${now}" (${step.label})`;
  const message = (who: string, comment: string | null | undefined) => [
    'Olá,',
    '',
    `${who} ${moved}: ${schema.label} "${title}".`,
    ...(comment ? ['', `Comentário: ${comment}`] : []),
    '',
    `Abrir no portal: ${recordUrl(schema, after.id)}`,
    `Suas pendências: ${serverConfig().publicUrl}/pendencias`,
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  // Decision 29: an external recipient (client, supplier, law firm, or an address of no staff user)
  // reads the author's name only and no comment of the team.
  const staff = await staffAddresses(trx, to);
  const groups: [string[], string[]][] = [
    [to.filter((m) => staff.has(m)), message(actor.name || actor.email, step.comment)],
    [to.filter((m) => !staff.has(m)), message(actor.name || 'A equipe do Portal', null)],
  ];
  for (const [recipients, lines] of groups) {
    if (!recipients.length) continue;
    await enqueueMail(trx, {
      to: recipients,
      subject: `[Portal] ${schema.label} ${title}: ${now}`,
      text: lines.join('\n'),
      ref: `${schema.resource}/${String(after.id)}`,
    });
  }
}

/** Which of these (lower-case) addresses belong to staff users (not clients, suppliers or law firms). */
async function staffAddresses(trx: Db, mails: string[]): Promise<Set<string>> {
  if (!mails.length) return new Set();
  const r = await sql<{ email: string }>`
    select email from usuario
    where lower(email) in (${sql.join(mails.map((m) => m.toLowerCase()))})
      and coalesce(tipo, '') not in ('cliente', 'fornecedor', 'escritorio')
      and not coalesce(roles ? 'cliente', false)`.execute(trx);
  return new Set(r.rows.map((x) => x.email.toLowerCase()));
}
