/**
 * Close the loop: an answer "Não conforme" to a checklist item whose template gives it an SGI
 * category (Segurança, Qualidade, Meio Ambiente) opens an SGI record of that area, sent to triage
 * (the SGI team is e-mailed), once per answer. The links go both ways: the record names the filled
 * checklist (`checklistField` / `checklistAutomacao`) and the item (`checklistItem`); the answer
 * names the record (`respostas.<i>.registroSgi`, set only here: a value sent by a client is
 * replaced by the stored one).
 */
import { formatDateBr } from '../time';
import type { EntitySchema } from '../../../schemas/kinds';
import { NAO_CONFORME, answerIndex, numberedItems, type ChecklistAnswer, type NumberedItem } from '../../../schemas/shared/checklist-answers';
import { CHECKLIST_CATEGORIAS } from '../../../schemas/shared/checklist-fields';
import type { Db } from '../db/connect';
import { toColumnValues } from '../db/columns';
import { openSgiInTriage } from '../sgi/open';
import type { AfterCreateRule, WriteRule } from '../crud/hooks-registry';

/** The SGI record's reference to a filled checklist, per filled-checklist schema. */
export const SGI_LINK_OF: Record<string, string> = {
  checklistPreenchidoField: 'checklistField',
  checklistPreenchidoAutomacao: 'checklistAutomacao',
};

/** A date as people read it in the record's text (dd/mm/aaaa), never the stored ISO form. */
const brDate = (v: unknown): string => formatDateBr(v) || String(v ?? '');

type Answer = ChecklistAnswer & { registroSgi?: number | null };
type Actor = { email: string; name?: string } | undefined;

const answersOf = (v: unknown): Answer[] => (Array.isArray(v) ? (v as Answer[]).map((r) => (r && typeof r === 'object' ? { ...r } : r)) : []);

/** The stored link of the answer matching `row` (same item number, else same question). */
function storedLink(row: Answer, before: Answer[]): number | undefined {
  const match =
    typeof row.item === 'number'
      ? before.find((b) => b.item === row.item)
      : before.find((b) => (b.item === undefined || b.item === null) && (b.pergunta ?? '').trim() === (row.pergunta ?? '').trim());
  const id = match?.registroSgi;
  return typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? Number(id) : undefined;
}

/** The answers with the links as stored (never as sent). */
function withStoredLinks(rows: Answer[], before: Answer[]): Answer[] {
  return rows.map((r) => {
    if (!r || typeof r !== 'object') return r;
    const { registroSgi: _sent, ...rest } = r;
    const id = storedLink(r, before);
    return id === undefined ? rest : { ...rest, registroSgi: id };
  });
}

async function templateItems(trx: Db, schema: EntitySchema, template: unknown): Promise<NumberedItem[]> {
  const ref = schema.fields.find((f) => f.name === 'template')?.ref;
  if (!ref || template === null || template === undefined || !/^\d{1,15}$/.test(String(template))) return [];
  const t = await trx.selectFrom(ref).select(['itens', 'nome']).where('id', '=', Number(template)).executeTakeFirst();
  return numberedItems(t?.itens).map((i) => ({ ...i, templateNome: t?.nome }));
}

/** Opens the records the answers call for; returns the answers with their links (or undefined when nothing changed). */
async function openRecords(trx: Db, schema: EntitySchema, actor: Actor, fill: Record<string, unknown>, rows: Answer[]): Promise<Answer[] | undefined> {
  const link = SGI_LINK_OF[schema.name];
  let changed = false;
  for (const item of await templateItems(trx, schema, fill.template)) {
    const area = (item as { categoria?: unknown }).categoria;
    if (typeof area !== 'string' || !CHECKLIST_CATEGORIAS.includes(area)) continue;
    const i = answerIndex(item, rows);
    if (i < 0 || rows[i].conformidade !== NAO_CONFORME || rows[i].registroSgi) continue;
    const who = actor ? { mail: actor.email, ...(actor.name ? { nome: actor.name } : {}) } : (fill.executante as Record<string, unknown> | undefined);
    const nome = String((item as { templateNome?: unknown }).templateNome ?? 'Checklist');
    const values: Record<string, unknown> = {
      area,
      tipo: 'Desvio',
      severidade: 'Média',
      origem: 'Inspeção interna',
      titulo: `Não conformidade no checklist: ${item.pergunta}`.slice(0, 150),
      obra: fill.obra ?? null,
      dataOcorrencia: fill.data,
      descricao: [
        `Checklist "${nome}" de ${brDate(fill.data)}, item ${item.numero}${item.secao ? ` (${item.secao})` : ''}: ${item.pergunta}`,
        `Não conformidade descrita: ${String(rows[i].observacao ?? '').trim()}`,
      ]
        .join('\n')
        .slice(0, 4000),
      ...(who ? { relator: who } : {}),
      [link]: Number(fill.id),
      checklistItem: item.numero,
    };
    const draft = await openSgiInTriage(trx, values, actor, 'não conformidade do checklist');
    rows[i] = { ...rows[i], registroSgi: Number(draft.id) };
    changed = true;
  }
  return changed ? rows : undefined;
}

/** Before a write: the links as stored; on an update, the records the new non-conformities call for. */
export const checklistSgiLinks: WriteRule = async ({ trx, schema, actor, op, before, after }) => {
  if (!Array.isArray(after.respostas)) return;
  const rows = withStoredLinks(answersOf(after.respostas), op === 'update' ? answersOf(before?.respostas) : []);
  if (op === 'create') return { respostas: rows };
  return { respostas: (await openRecords(trx, schema, actor, after, rows)) ?? rows };
};

/**
 * After a fill is created (its id exists now): the records its non-conformities call for, and the
 * links written into the new row (the returned record shows them too).
 */
export const checklistSgiOnCreate: AfterCreateRule = async ({ trx, schema, actor, row }) => {
  const rows = await openRecords(trx, schema, actor, row, answersOf(row.respostas));
  if (!rows) return;
  await trx
    .updateTable(schema.name)
    .set(toColumnValues(schema, { respostas: rows }, 'update'))
    .where('id', '=', Number(row.id))
    .execute();
  row.respostas = rows;
};
