/**
 * The works schedule of a site as a list of EAP items: planned dates, weight in the site, progress
 * (a leaf's reported progress, a parent's the weighted progress of its items) and whether the item
 * is late: its planned end has passed and it has not reached 100 %.
 */
import type { Db } from '../db/connect';
import { itemProgress } from './progress-sql';
import type { ScheduleScope } from './scope';
import type { ScheduleItem } from '../../../resources/schedule';

export type { ScheduleItem };

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** Late on `today`: the planned end is before today and the item is not done. */
export const isLate = (terminoPrevisto: string | null, avanco: number, today: string) => !!terminoPrevisto && terminoPrevisto < today && avanco < 100 - 1e-9;

/** The site's items in code order, with progress as of `today` (reports dated up to `today`). */
export async function scheduleItems(db: Db, obra: string, scope: ScheduleScope, today: string): Promise<ScheduleItem[]> {
  const rows = await itemProgress(db, obra, scope, today);
  const children = new Map<number, typeof rows>();
  for (const r of rows) if (r.parent !== null) children.set(r.parent, [...(children.get(r.parent) ?? []), r]);
  const byId = new Map(rows.map((r) => [Number(r.row.id), r]));
  const memo = new Map<number, number>();
  const progress = (id: number, depth = 0): number => {
    if (memo.has(id)) return memo.get(id)!;
    const item = byId.get(id)!;
    const kids = children.get(id) ?? [];
    const v = !kids.length || depth > 64 ? (item.reported ?? 0) : kids.reduce((s, k) => s + k.share * progress(Number(k.row.id), depth + 1), 0);
    memo.set(id, v);
    return v;
  };
  return rows.map((r) => {
    const id = Number(r.row.id);
    const avanco = Math.round(progress(id) * 100) / 100;
    const fim = str(r.row.terminoPrevisto);
    const late = isLate(fim, avanco, today);
    return {
      id,
      version: Number(r.row.version),
      codigo: String(r.row.codigo),
      descricao: String(r.row.descricao ?? ''),
      area: String(r.row.area ?? ''),
      pai: r.parent,
      peso: num(r.row.peso),
      unidade: str(r.row.unidade),
      inicioPrevisto: str(r.row.inicioPrevisto),
      terminoPrevisto: fim,
      pesoObra: Math.round(r.weight * 10_000) / 100,
      avanco,
      folha: r.leaf,
      ultimoRegistro: r.lastReport,
      atrasado: late,
      diasAtraso: late ? daysBetween(fim!, today) : 0,
    };
  });
}
