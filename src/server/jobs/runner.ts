/**
 * Scheduled jobs kept in the database: a job runs at most once per day whatever the number of
 * server processes. Running claims the (job, day) row of `job_run` inside the job's own
 * transaction: a second process's insert waits on the unique key and, when the first commits,
 * finds the day taken and skips; when the first fails, its claim rolls back with its work and the
 * day is tried again at the next tick. The ticks are a pg-boss schedule (`workDailyJobs`), worked by
 * the server processes (src/server/main.ts), never by a request.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { PgBoss } from 'pg-boss';
import { todayIso } from '../time';
import { portalTz } from '../db/boss';

export const JOB_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS job_run (
     job text not null, dia date not null,
     iniciado_em timestamptz not null default now(), concluido_em timestamptz, resultado jsonb,
     primary key (job, dia))`,
];

export interface DailyJob {
  name: string;
  /** Hour of the day (portal time zone) from which the day's run is due. */
  fromHour: number;
  run: (trx: Db, day: string) => Promise<unknown>;
  /** After the day's run committed, with its result (e.g. removing the stored objects of purged files). */
  afterCommit?: (result: unknown) => Promise<void>;
}

export type RunOutcome = { ran: false } | { ran: true; result: unknown };

/** Runs the job for `day` unless it already ran (or is running elsewhere and then succeeds). */
export async function runDailyJob(db: Db, job: Pick<DailyJob, 'name' | 'run' | 'afterCommit'>, day: string): Promise<RunOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const claim = await sql`insert into job_run (job, dia) values (${job.name}, cast(${day} as date)) on conflict (job, dia) do nothing returning job`.execute(
      trx,
    );
    if (!claim.rows.length) return { ran: false } as const;
    const result = await job.run(trx, day);
    await sql`update job_run set concluido_em = now(), resultado = cast(${JSON.stringify(result ?? null)} as jsonb)
      where job = ${job.name} and dia = cast(${day} as date)`.execute(trx);
    return { ran: true, result } as const;
  });
  if (outcome.ran && job.afterCommit) await job.afterCommit(outcome.result);
  return outcome;
}

/** The hour of `now` in the portal's time zone. */
function hourOf(now: Date): number {
  return Number(now.toLocaleString('en-GB', { timeZone: portalTz(), hour: '2-digit', hour12: false })) % 24;
}

/** One pass: every due job of today that has not run. Errors are logged; the job retries next tick. */
export async function tickJobs(db: Db, jobs: DailyJob[], now = new Date()): Promise<Record<string, RunOutcome | 'not due' | 'error'>> {
  const day = todayIso(now);
  const out: Record<string, RunOutcome | 'not due' | 'error'> = {};
  for (const job of jobs) {
    if (hourOf(now) < job.fromHour) {
      out[job.name] = 'not due';
      continue;
    }
    try {
      out[job.name] = await runDailyJob(db, job, day);
    } catch (e) {
      console.error(`[jobs] ${job.name} falhou`, e);
      out[job.name] = 'error';
    }
  }
  return out;
}

export const DAILY_QUEUE = 'tarefas-diarias';

/**
 * This process works the daily jobs' check on the engine (`startEngine` first): a pg-boss schedule
 * (every `cron`, default every 10 minutes, portal time zone) queues one check for all processes,
 * which `tickJobs` runs; the day's claim in `job_run` keeps each job to once a day. `stop` waits
 * for a running check.
 */
export async function workDailyJobs(
  boss: PgBoss,
  db: Db,
  jobs: DailyJob[],
  opts: { cron?: string; pollingIntervalSeconds?: number; firstCheckSeconds?: number } = {},
) {
  await boss.schedule(DAILY_QUEUE, opts.cron ?? '*/10 * * * *', null, { tz: portalTz() });
  const id = await boss.work(DAILY_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
    await tickJobs(db, jobs);
  });
  // A check 15 s after this process starts too, so a day's due jobs do not wait for the next ten
  // minutes of the clock (each process sends one; the day's claim in job_run keeps it to one run).
  await boss.send(DAILY_QUEUE, null, { startAfter: opts.firstCheckSeconds ?? 15 });
  return { stop: () => boss.offWork(DAILY_QUEUE, { id, wait: true }) };
}
