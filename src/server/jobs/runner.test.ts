import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/connect';
import { JOB_CORE_SQL, startJobs } from './runner';

let database: Database;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of JOB_CORE_SQL) await sql.raw(stmt).execute(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('job ticker', () => {
  it('stop waits for the job that is running (graceful shutdown), and starts no other', async () => {
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const jobs = startJobs(
      database.db,
      [
        {
          name: 'lenta',
          fromHour: 0,
          run: async () => {
            events.push('início');
            started();
            await new Promise((r) => setTimeout(r, 300));
            events.push('fim');
            return { ok: true };
          },
        },
      ],
      { firstMs: 0, everyMs: 20 },
    );
    await running;
    await jobs.stop();
    events.push('parado');
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['início', 'fim', 'parado']);
    const row = (await sql<{ concluido_em: unknown }>`select concluido_em from job_run where job = 'lenta'`.execute(database.db)).rows[0];
    expect(row.concluido_em).not.toBeNull(); // its day was committed before stop returned
  });
});
