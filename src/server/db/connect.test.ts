import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect, pgliteStartParams } from './connect';

describe('PGlite start parameters', () => {
  it('set shared_buffers from PGLITE_SHARED_BUFFERS (16MB by default, a malformed value falls back)', () => {
    const buffers = (env: NodeJS.ProcessEnv) => pgliteStartParams(env).at(-1);
    expect(buffers({})).toBe('shared_buffers=16MB');
    expect(buffers({ PGLITE_SHARED_BUFFERS: '64MB' })).toBe('shared_buffers=64MB');
    expect(buffers({ PGLITE_SHARED_BUFFERS: '64MB; drop table x' })).toBe('shared_buffers=16MB');
    expect(pgliteStartParams({})).toContain('--single');
  });

  it('the file-backed database starts with them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-connect-'));
    const database = await connect({ dataDir: dir });
    try {
      const r = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.db);
      expect(r.rows[0].shared_buffers).toBe('16MB');
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('closing PGlite', () => {
  // In a child process: PGlite closed mid-query spins forever and blocks the event loop, so a
  // regression must fail by the child's timeout instead of hanging the test run.
  it('waits for the query in flight; a query queued behind the close fails instead of hanging', async () => {
    const code = `
      const { sql } = await import('kysely');
      const { connect } = await import(${JSON.stringify(new URL('./connect.ts', import.meta.url).pathname)});
      const d = await connect({ memory: true });
      await sql\`create table t (id int primary key)\`.execute(d.db);
      const inflight = sql\`insert into t values (1)\`.execute(d.db);
      const closed = d.close();
      const queued = sql\`select count(*) from t\`.execute(d.db);
      const s = await Promise.allSettled([inflight, closed, queued]);
      console.log(JSON.stringify(s.map((x) => x.status)));
      process.exit(0);`;
    const { execFile } = await import('node:child_process');
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { timeout: 45_000 }, (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    );
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  }, 60_000);
});
