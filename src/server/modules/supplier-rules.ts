/**
 * docs/access.md decision 29, what a supplier does (the rules that go beyond its CASL rules):
 *
 * - It answers (`Interagir`) one of its SGI records with a supplier-portal entry (message and
 *   attachments) naming the record in `ticket`: the entry's company is the record's, its e-mail
 *   the supplier's own, its situation "Recebido"; a record of another company, a draft or a
 *   finalised record is refused. The SGI team, the record's responsible and the owners of its
 *   action plans are e-mailed.
 * - It updates the action plans with a row naming its company (`acoes[].fornecedor`): only the
 *   situation and the evidence of its own rows; any other change is refused (403). The plan's
 *   owner, the record's responsible and the SGI team are e-mailed.
 */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { stableJson } from '../crud/audit';
import { enqueueMail } from '../mail/queue';
import { recordUrl } from '../workflow/notify';
import { personMail } from '../workflow/definition';
import type { AppAbility } from '../../access/ability';
import type { AfterCreateRule, WriteRule } from '../crud/hooks-registry';

type Rec = Record<string, unknown>;
interface SupplierActor {
  email: string;
  name?: string;
  ability: AppAbility;
  client?: boolean;
}

/** Row fields a supplier may change in its own rows of an action plan. */
export const SUPPLIER_ROW_FIELDS = ['status', 'evidencia', 'anexos'];
/** Roles whose holders are the SGI team (they hear of a supplier's answers). */
const SGI_TEAM_ROLES = ['sgi', 'admin_sgi'];

const isExternal = (actor: unknown): actor is SupplierActor => !!actor && typeof actor === 'object' && (actor as { client?: unknown }).client === true;

async function selectRow(db: Db, table: string, id: number): Promise<Rec | undefined> {
  const r = await sql<{ row: Rec }>`select to_jsonb(t.*) as row from ${sql.table(table)} t where id = ${id}`.execute(db);
  return r.rows[0]?.row && flattenExtra(r.rows[0].row);
}

/** The SGI record an external user answers: it must exist, be theirs to answer (not a draft) and not be finalised. */
async function answerableTicket(db: Db, actor: SupplierActor, raw: unknown): Promise<Rec> {
  if (raw === undefined || raw === null || raw === '') {
    throw new ApiError(400, 'Informe o registro SGI que você está respondendo.', { ticket: ['Campo obrigatório.'] });
  }
  if (!/^\d{1,15}$/.test(String(raw))) throw new ApiError(400, 'Registro SGI inválido.', { ticket: ['Informe um registro SGI válido.'] });
  const ticket = await selectRow(db, 'ticketSgi', Number(raw));
  if (!ticket) throw new ApiError(400, 'Registro SGI não encontrado.', { ticket: ['Registro SGI não encontrado.'] });
  if (!actor.ability.can('Interagir' as never, subject('TicketSgi', { ...ticket }) as never)) {
    throw new ApiError(403, 'Você só pode responder aos registros SGI da sua empresa.', { ticket: ['Este registro não é da sua empresa.'] });
  }
  const wf = schemaByName('ticketSgi')?.workflow;
  if (wf?.states.find((s) => s.value === ticket[wf.field])?.final) {
    throw new ApiError(400, 'Este registro SGI está finalizado e não recebe novas respostas.', { ticket: ['Registro finalizado.'] });
  }
  return ticket;
}

/**
 * Before validation, an external user's supplier-portal entry: the company comes from the record it
 * answers, the e-mail is the user's own, the situation "Recebido" and the company's answer empty.
 */
export async function supplierReplyDefaults(db: Db, schema: EntitySchema, actor: unknown, body: unknown): Promise<unknown> {
  if (schema.name !== 'portalFornecedor' || !isExternal(actor)) return body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const input = body as Rec;
  const ticket = await answerableTicket(db, actor, input.ticket);
  const { resposta: _companyAnswer, ...rest } = input;
  const codigo = typeof ticket.codigo === 'string' && ticket.codigo ? ticket.codigo : `#${String(ticket.id)}`;
  return {
    ...rest,
    fornecedor: ticket.fornecedor,
    email: actor.email,
    contato: typeof input.contato === 'string' && input.contato.trim() ? input.contato : actor.name || undefined,
    status: 'Recebido',
    dataEnvio: new Date().toISOString(),
    assunto: typeof input.assunto === 'string' && input.assunto.trim() ? input.assunto : `Resposta ao registro ${codigo}`,
  };
}

/** After validation (same transaction): the entry still answers a record of the user's company, as that company. */
export const supplierReplyChecked: WriteRule = async ({ trx, actor, op, after }) => {
  if (op !== 'create' || !isExternal(actor)) return;
  const ticket = await answerableTicket(trx, actor, after.ticket);
  if (stableJson(after.fornecedor) !== stableJson(ticket.fornecedor)) {
    throw new ApiError(403, 'A resposta deve ser enviada em nome da empresa do registro.', { fornecedor: ['Empresa diferente da do registro SGI.'] });
  }
  return { status: 'Recebido', email: actor.email };
};

/** Active users holding one of the roles. */
async function usersWithRoles(trx: Db, roles: string[]): Promise<string[]> {
  const r = await sql<{ email: string }>`
    select email from usuario where coalesce(ativo, true) and roles ?| array[${sql.join(roles.map((x) => sql`${x}`))}]::text[]`.execute(trx);
  return r.rows.map((x) => x.email);
}

/** Owners of the action plans of a record. */
async function planOwners(trx: Db, ticketId: unknown): Promise<string[]> {
  if (ticketId === null || ticketId === undefined) return [];
  const r = await sql<{ responsavel: unknown }>`select responsavel from "planoAcao" where ticket = ${Number(ticketId)}`.execute(trx);
  return r.rows.map((x) => personMail(x.responsavel)).filter((m): m is string => !!m);
}

/** An e-mail to the SGI team and the people of a record (never to the supplier who wrote). */
async function tellTeam(trx: Db, to: (string | undefined)[], actor: SupplierActor, subjectLine: string, lines: string[], ref: string) {
  const own = actor.email.toLowerCase();
  const list = [...new Set([...to, ...(await usersWithRoles(trx, SGI_TEAM_ROLES))].filter((m): m is string => !!m).map((m) => m.toLowerCase()))].filter(
    (m) => m !== own,
  );
  if (!list.length) return;
  await enqueueMail(trx, { to: list, subject: subjectLine, text: [...lines, '', 'Mensagem automática do Portal. Não responda.'].join('\n'), ref });
}

/** A supplier answered a record: the SGI team, the record's responsible and its plans' owners hear of it. */
export const supplierReplyMail: AfterCreateRule = async ({ trx, schema, actor, row }) => {
  if (!isExternal(actor) || row.ticket === null || row.ticket === undefined) return;
  const ticket = await selectRow(trx, 'ticketSgi', Number(row.ticket));
  if (!ticket) return;
  const sgi = schemaByName('ticketSgi')!;
  const codigo = typeof ticket.codigo === 'string' && ticket.codigo ? ticket.codigo : `#${String(ticket.id)}`;
  const who = actor.name || actor.email;
  const files = Array.isArray(row.anexos) ? row.anexos.length : 0;
  await tellTeam(
    trx,
    [personMail(ticket.responsavel), ...(await planOwners(trx, ticket.id))],
    actor,
    `[Portal] Resposta do fornecedor ao registro SGI ${codigo}`,
    [
      'Olá,',
      '',
      `${who} respondeu ao registro SGI ${codigo} "${String(ticket.titulo ?? '')}".`,
      '',
      `Assunto: ${String(row.assunto ?? '')}`,
      `Mensagem: ${String(row.mensagem ?? '')}`,
      ...(files ? [`Anexos: ${files}`] : []),
      '',
      `Abrir a resposta no portal: ${recordUrl(schema, row.id)}`,
      `Abrir o registro: ${recordUrl(sgi, ticket.id)}`,
    ],
    `${schema.resource}/${String(row.id)}`,
  );
};

/** Equality as stored, an empty value (absent, null, '', []) being one and the same. */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);
  if (empty(a) && empty(b)) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return stableJson(a) === stableJson(b);
}

function sameRow(a: Rec, b: Rec, except: string[] = []): string[] {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].filter((k) => !except.includes(k) && !sameValue(a?.[k], b?.[k]));
}

const rowsOf = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter((r): r is Rec => !!r && typeof r === 'object') : []);

/**
 * A supplier's change to an action plan: the same rows, rows of other companies untouched, and in
 * its own rows only the situation (never "Cancelada") and the evidence. Otherwise 403, nothing stored.
 */
export const supplierPlanRows: WriteRule = async ({ trx, schema, actor, op, before, after }) => {
  if (op !== 'update' || !before || !isExternal(actor)) return;
  const old = rowsOf(before.acoes);
  const now = rowsOf(after.acoes);
  const errors: Record<string, string[]> = {};
  if (old.length !== now.length) errors.acoes = ['Você não pode incluir nem excluir ações deste plano.'];
  const changedRows: Rec[] = [];
  old.forEach((b, i) => {
    const a = now[i];
    if (!a) return;
    const mine = actor.ability.can('edit' as never, subject('TicketSgi', { acoes: [b] }) as never);
    if (!mine) {
      if (sameRow(a, b).length) errors[`acoes.${i}`] = ['Esta ação é de outra empresa: você não pode alterá-la.'];
      return;
    }
    const outside = sameRow(a, b, SUPPLIER_ROW_FIELDS);
    for (const k of outside) errors[`acoes.${i}.${k}`] = ['Você pode alterar somente a situação e as evidências das ações da sua empresa.'];
    if (a.status === 'Cancelada' && b.status !== 'Cancelada') errors[`acoes.${i}.status`] = ['Somente a equipe SGI cancela uma ação.'];
    if (sameRow(a, b).length) changedRows.push(a);
  });
  if (Object.keys(errors).length) throw new ApiError(403, 'Você pode atualizar somente a situação e as evidências das ações da sua empresa.', errors);
  if (!changedRows.length) return;
  const ticket = before.ticket === null || before.ticket === undefined ? undefined : await selectRow(trx, 'ticketSgi', Number(before.ticket));
  const codigo = ticket ? (typeof ticket.codigo === 'string' && ticket.codigo ? ticket.codigo : `#${String(ticket.id)}`) : '';
  await tellTeam(
    trx,
    [personMail(before.responsavel), personMail(ticket?.responsavel)],
    actor,
    `[Portal] Plano de ação "${String(before.titulo ?? '')}": atualização do fornecedor`,
    [
      'Olá,',
      '',
      `${actor.name || actor.email} atualizou ${changedRows.length === 1 ? 'uma ação' : `${changedRows.length} ações`} do plano de ação "${String(before.titulo ?? '')}"${codigo ? ` do registro SGI ${codigo}` : ''}:`,
      ...changedRows.map((r) => `- ${String(r.oQue ?? '')}: ${String(r.status ?? '')}${r.evidencia ? ` – ${String(r.evidencia)}` : ''}`),
      '',
      `Abrir no portal: ${recordUrl(schema, before.id)}`,
    ],
    `${schema.resource}/${String(before.id)}`,
  );
};

// Registered for their entities in entities/portal-fornecedor.ts and entities/plano-acao.ts.
