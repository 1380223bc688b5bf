/**
 * The audit trail's retention (issue 35): entries older than the period administrators set
 * (`auditoriaAnos` in "Configurações do portal", default 5 years, what Brazilian record-keeping
 * expects) are deleted by the daily job `limpeza-auditoria` (src/server/jobs/index.ts: once a day
 * whatever the number of processes). Both the record history (`auditoria`: also each record's
 * "Histórico") and the access events go.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { readIntegerSetting } from '../settings/store';

export const RETENTION_SETTING = 'auditoriaAnos';

export async function purgeAuditTrail(db: Db): Promise<{ anos: number; historico: number; acessos: number }> {
  const anos = await readIntegerSetting(db, RETENTION_SETTING);
  const gone = async (table: 'auditoria' | 'evento_acesso') => {
    const r = await sql<{ n: string | number }>`with d as (delete from ${sql.table(table)} where em < now() - make_interval(years => ${anos}) returning 1)
      select count(*) as n from d`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };
  return { anos, historico: await gone('auditoria'), acessos: await gone('evento_acesso') };
}
