/** EAP items (`schemas/eap-os.ts`): one tree per site and area, codes and dates; and EAP codes named by daily reports. */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/errors';
import { formatDateBr } from '../../time';
import { writeAudit } from '../../crud/audit';
import { registerEntityHooks, type BatchCreateRule, type DeleteRule, type WriteRule } from '../../crud/hooks-registry';
import { rowOf } from './helpers';
import { isPendingRow } from '../../import/pending-rows';

const CODE_TAKEN = 'Já existe um item com este código nesta EAP.';

/** Why `parent` cannot be the parent of an item of this tree and code (undefined when it can). */
function parentError(parent: Record<string, unknown> | undefined, obra: string, area: string, codigo: string): { field: string; msg: string } | undefined {
  if (!parent) return { field: 'pai', msg: 'Item pai não encontrado.' };
  if (parent.obra !== obra || parent.area !== area) return { field: 'pai', msg: 'O item pai deve ser da mesma obra e da mesma área (mesma EAP).' };
  const prefix = `${String(parent.codigo)}.`;
  if (!codigo.startsWith(prefix) || codigo.length === prefix.length)
    return { field: 'codigo', msg: `O código de um subitem começa pelo código do item pai seguido de ponto (ex.: ${prefix}1).` };
  return undefined;
}

/** The item's planned dates that fall outside its parent's (where the parent has them). */
function datesOutsideParent(parent: Record<string, unknown> | undefined, ini: string | undefined, fim: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const pIni = isoDate(parent?.inicioPrevisto);
  const pFim = isoDate(parent?.terminoPrevisto);
  const outside = (d: string | undefined) => !!d && ((!!pIni && d < pIni) || (!!pFim && d > pFim));
  const range = `${pIni ? `de ${formatDateBr(pIni)}` : ''}${pIni && pFim ? ' ' : ''}${pFim ? `até ${formatDateBr(pFim)}` : ''}`;
  const msg = `Fora das datas do item pai ${String(parent?.codigo ?? '')} (${range}).`;
  if (outside(ini)) errors.inicioPrevisto = [msg];
  if (outside(fim)) errors.terminoPrevisto = [msg];
  return errors;
}

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
    const wrong = parentError(parent, obra, area, codigo);
    if (wrong) refuse(wrong.field, wrong.msg);
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
  if (clash.some((t) => t.codigo === codigo)) refuse('codigo', CODE_TAKEN);
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
const isoDate = (v: unknown): string | undefined =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && v ? v.slice(0, 10) : undefined;

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
    Object.assign(errors, datesOutsideParent(parent, ini, fim));
  }
  if (op === 'update' && (moved('inicioPrevisto') || moved('terminoPrevisto'))) {
    // Sub-items an import (a revised schedule) writes further down are checked on their own rows (src/server/import/pending-rows.ts).
    const kids = (await trx.selectFrom('eapOs').select(['codigo', 'inicioPrevisto', 'terminoPrevisto']).where('pai', '=', Number(before!.id)).execute()).filter(
      (k) => !isPendingRow(trx, { obra: after.obra, area: after.area, codigo: k.codigo }),
    );
    const early = ini ? kids.filter((k) => [k.inicioPrevisto, k.terminoPrevisto].some((d) => isoDate(d) && isoDate(d)! < ini)) : [];
    const late = fim ? kids.filter((k) => [k.inicioPrevisto, k.terminoPrevisto].some((d) => isoDate(d) && isoDate(d)! > fim)) : [];
    const codes = (l: typeof kids) =>
      l
        .map((k) => String(k.codigo))
        .sort()
        .join(', ');
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
export const eapCodesInSiteEap: WriteRule = async ({ trx, schema, before, after }) => {
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

/**
 * `eapTree` and `eapDatesInsideParent` of new items, for a batch (the spreadsheet import): one lock
 * per tree, one read of the parents and one of the codes already taken, then each item in order
 * with the messages the rules give one by one (an item's code taken by an earlier item of the batch
 * is refused as if that item were stored).
 */
const eapCreateBatch: BatchCreateRule = async ({ trx, records }) => {
  const tree = (r: Record<string, unknown>) => `eapOs:${String(r.obra ?? '')}:${String(r.area ?? '')}`;
  const trees = [...new Set(records.map(tree))].sort();
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(cast(${trees} as text[])) k order by k`.execute(trx);
  const paiIds = [...new Set(records.filter((r) => r.pai !== null && r.pai !== undefined).map((r) => Number(r.pai)))];
  const parents = new Map(
    (paiIds.length
      ? await trx.selectFrom('eapOs').select(['id', 'obra', 'area', 'codigo', 'inicioPrevisto', 'terminoPrevisto']).where('id', 'in', paiIds).execute()
      : []
    ).map((p) => [Number(p.id), p as Record<string, unknown>]),
  );
  const codes = [...new Set(records.map((r) => String(r.codigo ?? '')))];
  const obras = [...new Set(records.map((r) => String(r.obra ?? '')))];
  const taken = new Set(
    (await trx.selectFrom('eapOs').select(['obra', 'area', 'codigo']).where('codigo', 'in', codes).where('obra', 'in', obras).execute()).map(
      (t) => `${tree(t)}:${String(t.codigo)}`,
    ),
  );
  return records.map((after) => {
    const [obra, area, codigo] = [String(after.obra ?? ''), String(after.area ?? ''), String(after.codigo ?? '')];
    const refuse = (field: string, msg: string) => ({ error: new ApiError(400, msg, { [field]: [msg] }) });
    const parent = after.pai !== null && after.pai !== undefined ? parents.get(Number(after.pai)) : undefined;
    if (after.pai !== null && after.pai !== undefined) {
      const wrong = parentError(parent, obra, area, codigo);
      if (wrong) return refuse(wrong.field, wrong.msg);
    }
    if (taken.has(`${tree(after)}:${codigo}`)) return refuse('codigo', CODE_TAKEN);
    if (parent) {
      const errors = datesOutsideParent(parent, isoDate(after.inicioPrevisto), isoDate(after.terminoPrevisto));
      const first = Object.values(errors)[0];
      if (first) return { error: new ApiError(400, first[0], errors) };
    }
    taken.add(`${tree(after)}:${codigo}`);
    return {};
  });
};

const selectEap = async (trx: Db, id: number): Promise<Record<string, unknown>> => (await rowOf(trx, 'eapOs', id)) ?? {};

/** An EAP item with items below it is not deleted (they would lose their place in the tree). */
const eapLeafOnly: DeleteRule = async ({ trx, before }) => {
  const child = await trx.selectFrom('eapOs').select('id').where('pai', '=', Number(before.id)).limit(1).executeTakeFirst();
  if (child) throw new ApiError(409, 'Exclua ou mova antes os itens abaixo deste.');
};

registerEntityHooks('eapOs', { beforeChange: [eapTree, eapDatesInsideParent], beforeCreateBatch: eapCreateBatch, beforeDelete: eapLeafOnly });
