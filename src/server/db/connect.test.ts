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
