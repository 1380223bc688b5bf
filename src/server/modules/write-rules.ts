import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { formatDateBr, todayIso } from '../time';
import { subject } from '@casl/ability';
import type { AppAbility } from '../../access/ability';
import { checkChecklist } from '../../../schemas/shared/checklist-answers';
import { writeAudit } from '../crud/audit';
import { rdoMandatorySections } from '../rdo/config';
import { createSiteLibrary } from './document-tree';
import { flattenExtra } from '../db/columns';
import { SCHEMAS } from '../../../schemas';
import { enqueueMail } from '../mail/queue';
import { checkReferenceFilters } from '../crud/reference-filter';
import { cnpjNeverChanges, companyCnpjOf, partnerCompaniesRegistered, resolvePendingOnCreate } from './empresa';
import { checklistSgiLinks, checklistSgiOnCreate } from './checklist-sgi';
import { clientAccount } from '../site-users/client-account';
import { SUPPLIER_AFTER_CREATE_RULES, SUPPLIER_WRITE_RULES } from './supplier-rules';
import { clientReplyMail, interactionSite, ticketSiteToInteractions } from './client-replies';

/**
 * Business rules that go beyond field validation, as explicit overrides per entity.
 * A rule runs inside the write's transaction, may refuse the write (ApiError) and may return
 * server-set values (e.g. sequential numbers of read-only fields).
 */
export interface WriteContext {
  trx: Db;
  schema: EntitySchema;
  /** Who writes (the seed writes without one). */
  actor?: { email: string; name?: string; ability: AppAbility };
  op: 'create' | 'update';
  before?: Record<string, unknown>;
  /** The record as it will be after the write. */
  after: Record<string, unknown>;
}
export type WriteRule = (ctx: WriteContext) => Promise<Record<string, unknown> | void>;

const today = () => todayIso();

/** Release notes: a daily report cannot repeat another's date of the same site when that date is today. */
const rdoOnePerSiteToday: WriteRule = async ({ trx, op, after, before }) => {
  if (op !== 'create' && before?.data === after.data && before?.obra === after.obra) return;
  if (after.data !== today()) return;
  const other = await trx
    .selectFrom('diario')
    .select('id')
    .where('obra', '=', after.obra as string)
    .where('data', '=', after.data as string)
    .$if(!!before, (q) => q.where('id', '!=', before!.id as number))
    .executeTakeFirst();
  if (other) {
    throw new ApiError(400, 'Já existe um diário desta obra com a data de hoje.', {
      data: ['Já existe um diário desta obra com a data de hoje.'],
    });
  }
};

/**
 * Materials (access.md decision 20): `create_obra` / `create_projeto` decide which origin of list a
 * user may create; a user who manages Materiais may create both.
 */
const materialOrigin: WriteRule = async ({ op, after, actor }) => {
  if (op !== 'create' || !actor) return;
  const action = after.origem === 'Projeto' ? 'create_projeto' : 'create_obra';
  if (!actor.ability.can(action as never, subject('Materiais', { ...after }) as never)) {
    const msg = `Você não tem permissão para criar listas de materiais de origem "${String(after.origem ?? 'Obra')}".`;
    throw new ApiError(403, msg, { origem: [msg] });
  }
};

/** A work order's realised hours are the sum of the hours of its daily reports' teams. */
const osHoursFromReports: WriteRule = async ({ trx, before, after }) => {
  for (const [field, table] of [['osField', 'osField'], ['osAutomacao', 'osAutomacao']] as const) {
    const ids = new Set([before?.[field], after[field]].filter((v) => v !== null && v !== undefined).map(Number));
    for (const id of ids) {
      await sql`
        update ${sql.table(table)} o set "horasRealizadas" = coalesce((
          select round(sum(coalesce((e ->> 'horas')::numeric, 0)), 1)
          from "diarioOs" d, jsonb_array_elements(coalesce(d.equipe, '[]'::jsonb)) e
          where d.${sql.ref(field)} = ${id} and d.id is distinct from ${Number(after.id ?? before?.id ?? 0)}
        ), 0) + ${hoursOf(after, field, id)}
        where o.id = ${id}`.execute(trx);
    }
  }
};

/** Hours of the report being written, when it belongs to order `id` (it is not in the table yet). */
function hoursOf(row: Record<string, unknown>, field: string, id: number): number {
  if (Number(row[field]) !== id) return 0;
  const equipe = Array.isArray(row.equipe) ? (row.equipe as { horas?: unknown }[]) : [];
  return Math.round(equipe.reduce((s, e) => s + (Number(e.horas) || 0), 0) * 10) / 10;
}

/** A contract item's total is its quantity times its unit price (what the contract's total adds up). */
const contractItemTotal: WriteRule = async ({ after }) => {
  const q = Number(after.quantidade);
  const unit = Number(after.valorUnitario);
  if (!Number.isFinite(q) || !Number.isFinite(unit)) return { valorTotal: null };
  return { valorTotal: Math.round(q * unit * 100) / 100 };
};

/**
 * JSON text with sorted keys and without empty keys, to tell whether a value really changed: jsonb
 * read back from the database does not keep the written key order, and a form sends `null` for a
 * sub-field a stored row never had.
 */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined && o[k] !== null).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Filled checklists (schemas/shared/checklist-answers.ts): a "Não conforme" answer is described;
 * concluding answers every required item of the template and does not approve a non-conformity.
 * Checked when the answers, the state, the template or the result are written, so a record stored
 * before these rules can still be edited elsewhere (its other fields) as it is.
 */
const checklistAnswers: WriteRule = async ({ trx, schema, op, before, after }) => {
  const touched = ['respostas', 'status', 'template', 'resultado'].filter((k) => op === 'create' || canonical(before?.[k]) !== canonical(after[k]));
  if (!touched.length) return;
  const templateRef = schema.fields.find((f) => f.name === 'template')?.ref;
  const template =
    templateRef && after.template !== null && after.template !== undefined
      ? await trx.selectFrom(templateRef).select('itens').where('id', '=', Number(after.template)).executeTakeFirst()
      : undefined;
  const { errors } = checkChecklist({ itens: template?.itens, respostas: after.respostas, status: after.status, resultado: after.resultado });
  if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os campos destacados.', errors);
};

/**
 * Ethics reports (access.md decision 27): the reporter is the signed-in user, whatever the body
 * says (so "my reports" cannot be forged), and the name is dropped from an anonymous report. (The
 * protocol, like the numbers of daily reports and tickets, is the schema's `numbering`.)
 */
const ethicsReporter: WriteRule = async ({ op, actor, after }) => {
  if (op !== 'create' || !actor) return;
  return { emailRelator: actor.email, dataRelato: new Date().toISOString(), ...(after.anonimo === false ? {} : { nomeRelator: null }) };
};

/**
 * EAP items (work-breakdown structure of a site's field or automation services): one tree per
 * site and area. A code appears once per tree; an item's parent belongs to the same tree and is
 * neither the item nor one below it; a sub-item's code starts with its parent's code and a dot
 * (1.2.1 under 1.2). When an item's code changes (a move under another parent, a correction), the
 * codes of the items below it follow (1.2.x → 3.1.x), in the same transaction and history.
 */
const eapTree: WriteRule = async ({ trx, schema, actor, op, before, after }) => {
  const moved = (f: string) => op === 'create' || before?.[f] !== after[f];
  if (!['codigo', 'pai', 'obra', 'area'].some(moved)) return;
  const obra = String(after.obra ?? '');
  const area = String(after.area ?? '');
  const codigo = String(after.codigo ?? '');
  const id = op === 'update' ? Number(before!.id) : undefined;
  const refuse = (field: string, msg: string): never => {
    throw new ApiError(400, msg, { [field]: [msg] });
  };
  // One writer per tree at a time, so two items cannot take the same code concurrently.
  await sql`select pg_advisory_xact_lock(hashtext(${`eapOs:${obra}:${area}`}))`.execute(trx);

  const below =
    id === undefined
      ? []
      : (
          await sql<{ id: number; codigo: string }>`
            with recursive sub as (
              select id, codigo from "eapOs" where pai = ${id}
              union all
              select e.id, e.codigo from "eapOs" e join sub on e.pai = sub.id
            ) select id, codigo from sub`.execute(trx)
        ).rows.map((r) => ({ id: Number(r.id), codigo: String(r.codigo) }));
  if (below.length && (moved('obra') || moved('area'))) {
    refuse(moved('obra') ? 'obra' : 'area', 'Este item tem itens abaixo dele: exclua-os ou mova-os antes de mudar a obra ou a área.');
  }

  if (after.pai !== null && after.pai !== undefined) {
    const paiId = Number(after.pai);
    if (paiId === id || below.some((b) => b.id === paiId)) refuse('pai', 'O item pai não pode ser o próprio item nem um item abaixo dele.');
    const parent = await trx.selectFrom('eapOs').select(['obra', 'area', 'codigo']).where('id', '=', paiId).executeTakeFirst();
    if (!parent) refuse('pai', 'Item pai não encontrado.');
    if (parent!.obra !== obra || parent!.area !== area) refuse('pai', 'O item pai deve ser da mesma obra e da mesma área (mesma EAP).');
    const prefix = `${String(parent!.codigo)}.`;
    if (!codigo.startsWith(prefix) || codigo.length === prefix.length) {
      refuse('codigo', `O código de um subitem começa pelo código do item pai seguido de ponto (ex.: ${prefix}1).`);
    }
  }

  // The items below follow a new code: 1.2.x → 3.1.x (codes that did not start with the old one stay).
  const oldPrefix = op === 'update' ? `${String(before!.codigo)}.` : '';
  const renamed =
    op === 'update' && moved('codigo')
      ? below.filter((b) => b.codigo.startsWith(oldPrefix)).map((b) => ({ ...b, novo: `${codigo}.${b.codigo.slice(oldPrefix.length)}` }))
      : [];
  const mine = new Set([id, ...below.map((b) => b.id)].filter((x) => x !== undefined));
  const taken = await trx
    .selectFrom('eapOs')
    .select(['id', 'codigo'])
    .where('obra', '=', obra)
    .where('area', '=', area)
    .where('codigo', 'in', [codigo, ...renamed.map((r) => r.novo)])
    .execute();
  const clash = taken.filter((t) => !mine.has(Number(t.id)));
  if (clash.some((t) => t.codigo === codigo)) refuse('codigo', 'Já existe um item com este código nesta EAP.');
  if (clash.length) {
    refuse('codigo', `Com este código, um item abaixo deste passaria a ${String(clash[0].codigo)}, que já existe nesta EAP.`);
  }
  for (const r of renamed) {
    const row = await selectEap(trx, r.id);
    if (actor && !actor.ability.can('update' as never, subject('EapOS', { ...row }) as never)) {
      throw new ApiError(403, 'Você não tem permissão para alterar os itens abaixo deste.');
    }
    await trx
      .updateTable('eapOs')
      .set({ codigo: r.novo, version: sql`version + 1`, updated_at: sql`now()`, updated_by: actor?.email ?? null })
      .where('id', '=', r.id)
      .execute();
    await writeAudit(trx, schema, r.id, 'update', actor?.email ?? 'sistema', { codigo: { de: r.codigo, para: r.novo } });
  }
};

/** A date column as ISO text (the drivers may give a Date or a string). */
const isoDate = (v: unknown): string | undefined => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && v ? v.slice(0, 10) : undefined);

/**
 * An EAP item's planned dates lie inside its parent's (where the parent has them); a parent's new
 * dates still hold its direct sub-items' dates.
 */
const eapDatesInsideParent: WriteRule = async ({ trx, op, before, after }) => {
  const moved = (f: string) => op === 'create' || isoDate(before?.[f]) !== isoDate(after[f]) || (f === 'pai' && before?.pai !== after.pai);
  if (!['inicioPrevisto', 'terminoPrevisto', 'pai'].some(moved)) return;
  const ini = isoDate(after.inicioPrevisto);
  const fim = isoDate(after.terminoPrevisto);
  const errors: Record<string, string[]> = {};
  if (after.pai !== null && after.pai !== undefined) {
    const parent = await trx.selectFrom('eapOs').select(['codigo', 'inicioPrevisto', 'terminoPrevisto']).where('id', '=', Number(after.pai)).executeTakeFirst();
    const pIni = isoDate(parent?.inicioPrevisto);
    const pFim = isoDate(parent?.terminoPrevisto);
    const outside = (d: string | undefined) => !!d && ((!!pIni && d < pIni) || (!!pFim && d > pFim));
    const range = `${pIni ? `de ${formatDateBr(pIni)}` : ''}${pIni && pFim ? ' ' : ''}${pFim ? `até ${formatDateBr(pFim)}` : ''}`;
    const msg = `Fora das datas do item pai ${String(parent?.codigo ?? '')} (${range}).`;
    if (outside(ini)) errors.inicioPrevisto = [msg];
    if (outside(fim)) errors.terminoPrevisto = [msg];
  }
  if (op === 'update' && (moved('inicioPrevisto') || moved('terminoPrevisto'))) {
    const kids = await trx.selectFrom('eapOs').select(['codigo', 'inicioPrevisto', 'terminoPrevisto']).where('pai', '=', Number(before!.id)).execute();
    const early = ini ? kids.filter((k) => [k.inicioPrevisto, k.terminoPrevisto].some((d) => isoDate(d) && isoDate(d)! < ini)) : [];
    const late = fim ? kids.filter((k) => [k.inicioPrevisto, k.terminoPrevisto].some((d) => isoDate(d) && isoDate(d)! > fim)) : [];
    const codes = (l: typeof kids) => l.map((k) => String(k.codigo)).sort().join(', ');
    if (early.length) (errors.inicioPrevisto ??= []).push(`Há itens abaixo deste com datas antes deste início: ${codes(early)}.`);
    if (late.length) (errors.terminoPrevisto ??= []).push(`Há itens abaixo deste com datas depois deste término: ${codes(late)}.`);
  }
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(400, first[0], errors);
};

/**
 * Activities of daily reports name items of the site's EAP (`eapCodeOf`: a site report, any area
 * of its site; a work-order report, the EAP of its area): a code that is not an item of that EAP is
 * refused on its row, whoever writes it. Codes the record already held on the same site and area
 * stay (an item deleted from the EAP since), so an older report can still be edited.
 */
const eapCodesInSiteEap: WriteRule = async ({ trx, schema, before, after }) => {
  const errors: Record<string, string[]> = {};
  for (const rows of schema.fields.filter((f) => f.kind === 'rows')) {
    for (const sub of (rows.fields ?? []).filter((f) => f.eapCodeOf)) {
      const of = sub.eapCodeOf!;
      const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
      const sameEap = !!before && before[of.obra] === after[of.obra] && (!of.area || before[of.area] === after[of.area]);
      const kept = new Set(sameEap ? list(before![rows.name]).map((r) => r?.[sub.name]) : []);
      const asked = list(after[rows.name])
        .map((r, i) => ({ i, code: r?.[sub.name] }))
        .filter((x): x is { i: number; code: string } => typeof x.code === 'string' && x.code.trim() !== '' && !kept.has(x.code));
      if (!asked.length) continue;
      const found = await trx
        .selectFrom('eapOs')
        .select('codigo')
        .where('obra', '=', String(after[of.obra] ?? ''))
        .$if(!!of.area, (q) => q.where('area', '=', String(after[of.area!] ?? '')))
        .where('codigo', 'in', [...new Set(asked.map((x) => x.code))])
        .execute();
      const known = new Set(found.map((f) => String(f.codigo)));
      const where = of.area ? 'na EAP desta obra e área' : 'na EAP desta obra';
      for (const x of asked) {
        if (!known.has(x.code)) errors[`${rows.name}.${x.i}.${sub.name}`] = [`O item "${x.code}" não existe ${where}: escolha um item da EAP.`];
      }
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(400, `Verifique os campos destacados. ${first[0]}`, errors);
};

async function selectEap(trx: Db, id: number): Promise<Record<string, unknown>> {
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from "eapOs" t where id = ${id}`.execute(trx);
  return flattenExtra(r.rows[0]?.row ?? {});
}

async function rowOf(trx: Db, table: string, id: number): Promise<Record<string, unknown> | undefined> {
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(table)} t where id = ${id}`.execute(trx);
  return r.rows[0]?.row && flattenExtra(r.rows[0].row);
}

/**
 * A child declared with `addBy` in its parent's `related` (a ticket's interactions, access.md
 * decision 30) is written only by whoever holds the parent action on the parent record, or by an
 * external client who reads the parent (then it is always client-visible); never while the parent
 * is closed. Read-only roles (controladoria, pos_vendas_leitura, mkt_read) are refused.
 */
const relatedAddGate: WriteRule = async ({ trx, schema, actor, after }) => {
  if (!actor) return;
  let extra: Record<string, unknown> = {};
  for (const parent of SCHEMAS) {
    for (const rel of parent.related ?? []) {
      const gate = rel.addBy;
      const id = after[rel.via];
      if (rel.entity !== schema.name || !gate || id === null || id === undefined || !Number.isInteger(Number(id))) continue;
      const row = await rowOf(trx, parent.name, Number(id));
      if (!row) continue; // the reference's validation reports it
      const state = parent.workflow ? row[parent.workflow.field] : undefined;
      if (typeof state === 'string' && gate.closedIn?.includes(state)) throw new ApiError(403, gate.closedRefusal);
      const on = subject(parent.subject, { ...row }) as never;
      const client = (actor as { client?: boolean }).client === true;
      if (client && gate.clients && actor.ability.can('read' as never, on)) {
        if (gate.clientVisible) extra = { ...extra, [gate.clientVisible]: true };
        continue;
      }
      if (client || !actor.ability.can(gate.parentAction as never, on)) throw new ApiError(403, gate.refusal);
    }
  }
  return extra;
};

/**
 * A client-visible staff reply on a ticket e-mails the ticket's contact (through the mail queue, in the
 * write's transaction), with the author's name only: no staff e-mail address (decision 29).
 */
const ticketReplyMail: WriteRule = async ({ trx, op, actor, before, after }) => {
  if (after.visivelCliente !== true || (op === 'update' && before?.visivelCliente === true)) return;
  // A client's own reply goes to the ticket's responsável instead (client-replies.ts).
  if ((actor as { client?: boolean } | undefined)?.client === true) return;
  const ticket = after.ticket === null || after.ticket === undefined ? undefined : await rowOf(trx, 'posvenda', Number(after.ticket));
  const to = typeof ticket?.emailContato === 'string' ? ticket.emailContato.trim().toLowerCase() : '';
  if (!ticket || !to || to === actor?.email.toLowerCase()) return;
  const files = Array.isArray(after.anexos) ? after.anexos.length : 0;
  const lines = [
    `Olá${typeof ticket.contato === 'string' && ticket.contato ? `, ${ticket.contato}` : ''},`,
    '',
    `Há uma nova resposta no ticket nº ${String(ticket.codigo ?? ticket.id)} ("${String(ticket.titulo ?? '')}")${actor?.name ? `, de ${actor.name}` : ''}:`,
    '',
    String(after.texto ?? ''),
    ...(files ? ['', `${files} ${files === 1 ? 'anexo disponível' : 'anexos disponíveis'} no portal.`] : []),
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  await enqueueMail(trx, {
    to: [to],
    subject: `[Portal] Ticket nº ${String(ticket.codigo ?? ticket.id)}: nova resposta`,
    text: lines.join('\n'),
    ref: `posvendas/${String(ticket.id)}`,
  });
};

/** What must hold before a record is deleted (inside the delete's transaction); throws ApiError to refuse. */
export type DeleteRule = (ctx: { trx: Db; schema: EntitySchema; before: Record<string, unknown> }) => Promise<void>;

/** An EAP item with items below it is not deleted (they would lose their place in the tree). */
const eapLeafOnly: DeleteRule = async ({ trx, before }) => {
  const child = await trx.selectFrom('eapOs').select('id').where('pai', '=', Number(before.id)).limit(1).executeTakeFirst();
  if (child) throw new ApiError(409, 'Exclua ou mova antes os itens abaixo deste.');
};

export const DELETE_RULES: Record<string, DeleteRule[]> = {
  eapOs: [eapLeafOnly],
};

export async function applyDeleteRules(ctx: Parameters<DeleteRule>[0]): Promise<void> {
  for (const rule of DELETE_RULES[ctx.schema.name] ?? []) await rule(ctx);
}

export const WRITE_RULES: Record<string, WriteRule[]> = {
  diario: [rdoOnePerSiteToday, rdoMandatorySections, eapCodesInSiteEap],
  produtoContrato: [contractItemTotal],
  material: [materialOrigin],
  diarioOs: [eapCodesInSiteEap, osHoursFromReports],
  checklistPreenchidoField: [checklistAnswers, checklistSgiLinks],
  checklistPreenchidoAutomacao: [checklistAnswers, checklistSgiLinks],
  relatoEtica: [ethicsReporter],
  empresa: [cnpjNeverChanges],
  obra: [companyCnpjOf('cliente', 'cnpjCliente')],
  contrato: [companyCnpjOf('contraparte', 'cnpj')],
  ticketInteracao: [relatedAddGate, interactionSite, ticketReplyMail, clientReplyMail],
  posvenda: [ticketSiteToInteractions],
  eapOs: [eapTree, eapDatesInsideParent],
  usuario: [clientAccount, partnerCompaniesRegistered],
};

export async function applyWriteRules(ctx: WriteContext): Promise<Record<string, unknown>> {
  await checkReferenceFilters(ctx.trx, ctx.schema, ctx.after, ctx.before);
  let extra: Record<string, unknown> = {};
  for (const rule of [...(WRITE_RULES[ctx.schema.name] ?? []), ...(SUPPLIER_WRITE_RULES[ctx.schema.name] ?? [])]) {
    const out = await rule({ ...ctx, after: { ...ctx.after, ...extra } });
    if (out) extra = { ...extra, ...out };
  }
  return extra;
}

/** What follows a record's creation inside its transaction, once the row exists (e.g. a new site's library). */
export type AfterCreateRule = (ctx: { trx: Db; schema: EntitySchema; actor?: WriteContext['actor']; row: Record<string, unknown> }) => Promise<void>;

export const AFTER_CREATE_RULES: Record<string, AfterCreateRule[]> = {
  obra: [async ({ trx, actor, row }) => void (await createSiteLibrary(trx, row, actor?.email ?? 'sistema'))],
  empresa: [resolvePendingOnCreate],
  checklistPreenchidoField: [checklistSgiOnCreate],
  checklistPreenchidoAutomacao: [checklistSgiOnCreate],
};

export async function applyAfterCreateRules(ctx: Parameters<AfterCreateRule>[0]): Promise<void> {
  for (const rule of [...(AFTER_CREATE_RULES[ctx.schema.name] ?? []), ...(SUPPLIER_AFTER_CREATE_RULES[ctx.schema.name] ?? [])]) await rule(ctx);
}
