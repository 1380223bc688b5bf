import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/connect';
import { startEngine, type Engine } from '../db/boss';
import { DAILY_QUEUE, JOB_CORE_SQL, tickJobs, workDailyJobs } from './runner';

let database: Database;
let engine: Engine;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of JOB_CORE_SQL) await sql.raw(stmt).execute(database.db);
  engine = await startEngine(database, { schedule: false });
});
afterAll(async () => {
  await engine.stop();
  await database.close();
});

describe('daily jobs on the engine', () => {
  it('are scheduled in the portal time zone, and a job runs once a day however many checks', async () => {
    let runs = 0;
    const job = { name: 'contagem', fromHour: 0, run: async () => ({ n: ++runs }) };
    const worker = await workDailyJobs(engine.boss, database.db, [job], { pollingIntervalSeconds: 0.5 });
    const schedule = await engine.boss.getSchedule(DAILY_QUEUE);
    expect(schedule).toMatchObject({ cron: '*/10 * * * *', timezone: 'America/Sao_Paulo' });
    await Promise.all([engine.boss.send(DAILY_QUEUE), engine.boss.send(DAILY_QUEUE)]);
    expect(await tickJobs(database.db, [job])).toEqual({ contagem: expect.anything() });
    for (let i = 0; i < 100 && (await engine.boss.getQueue(DAILY_QUEUE))!.queuedCount + (await engine.boss.getQueue(DAILY_QUEUE))!.activeCount; i++)
      await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    expect(runs).toBe(1);
  });

  it('stopping the engine waits for the job that is running (graceful shutdown), and starts no other', async () => {
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = {
      name: 'lenta',
      fromHour: 0,
      run: async () => {
        events.push('início');
        started();
        await new Promise((r) => setTimeout(r, 300));
        events.push('fim');
        return { ok: true };
      },
    };
    const other = await startEngine(database, { schedule: false });
    await workDailyJobs(other.boss, database.db, [slow], { pollingIntervalSeconds: 0.5 });
    await other.boss.send(DAILY_QUEUE);
    await running;
    await other.stop();
    events.push('parado');
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['início', 'fim', 'parado']);
    const row = (await sql<{ concluido_em: unknown }>`select concluido_em from job_run where job = 'lenta'`.execute(database.db)).rows[0];
    expect(row.concluido_em).not.toBeNull(); // its day was committed before stop returned
  });
});
