/** The portal's daily jobs. */
import type { DailyJob } from './runner';
import { delayWarningJob } from '../schedule/delay-warning';
import { dailyDigestJob } from './daily-digest';
import { purgeKeys } from '../idempotency';
import { purgeAuditTrail } from '../audit/purge';
import type { FileStorage } from '../storage/storage';
import { trashPurgeJob } from './trash-purge';
import { insuranceExpiryJob } from '../insurance/expiry-job';
import { purgeNotices } from '../notifications/delivery';

export const DAILY_JOBS: DailyJob[] = [
  // Delay warning to each site manager for the EAP items that became late (from 7 h).
  { name: 'aviso-atraso', fromHour: 7, run: delayWarningJob },
  // Each person's digest of what waits for them, unless switched off in their profile (from 7 h).
  { name: 'resumo-diario', fromHour: 7, run: (trx, day) => dailyDigestJob(trx, day) },
  // The stored answers of Idempotency-Key older than 48 h (src/server/idempotency/), from midnight.
  { name: 'limpeza-idempotencia', fromHour: 0, run: (trx) => purgeKeys(trx) },
  // The audit trail past the retention administrators set (auditoriaAnos, default 5 years), from 3 h.
  { name: 'limpeza-auditoria', fromHour: 3, run: (trx) => purgeAuditTrail(trx) },
  // Policies past their end become "Vencida"; reminders 60, 30 and 7 days before the end (src/server/insurance/), from 6 h.
  { name: 'vencimento-seguros', fromHour: 6, run: (trx, day) => insuranceExpiryJob(trx, day) },
  // Notices older than 30 days (push log, digest lines: src/server/notifications/), from 2 h.
  { name: 'limpeza-notificacoes', fromHour: 2, run: (trx) => purgeNotices(trx) },
];

/** Every daily job a process works: the list above and those that need the process's file storage (the trash's purge). */
export function dailyJobs(storage: FileStorage | undefined): DailyJob[] {
  return [...DAILY_JOBS, trashPurgeJob(storage)];
}
