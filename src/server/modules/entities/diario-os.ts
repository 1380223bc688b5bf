/** Daily reports of work orders (`schemas/diario-os.ts`): EAP codes, and the orders' realised hours. */
import { sql } from 'kysely';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { eapCodesInSiteEap } from './eap-os';

/** A work order's realised hours are the sum of the hours of its daily reports' teams. */
const osHoursFromReports: WriteRule = async ({ trx, before, after }) => {
  for (const [field, table] of [
    ['osField', 'osField'],
    ['osAutomacao', 'osAutomacao'],
  ] as const) {
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

registerEntityHooks('diarioOs', { beforeChange: [eapCodesInSiteEap, osHoursFromReports] });
