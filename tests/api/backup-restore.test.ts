/**
 * The restore drill (issue 35): a portal with data of every entity (the demo) and its files is
 * backed up while writes keep arriving, wiped, restored, and compared table by table (every row)
 * and file by file (SHA-256); the copy is consistent as of one moment (the rows written during the
 * backup are a prefix of the writes, as many as the manifest counted). Then the refusals: a corrupt
 * manifest, database file or stored file, a missing stored file, a foreign folder, a backup of a newer
 * version or of a newer schema (tables or columns this code lacks), a portal that already has data
 * (unless `substituir`), another kind of database — each in pt-BR, with nothing changed (rows and files).
 * On PGlite always, on PostgreSQL too with TEST_DATABASE_URL (pg_dump / pg_restore).
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { SCHEMAS } from '../../schemas';
import { openDatabase } from '../../src/server/boot/open-database';
import { connect, type Database, type Db } from '../../src/server/db/connect';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { createBackup } from '../../src/server/backup/create';
import { restoreBackup } from '../../src/server/backup/restore';
import { FILES_DIR, MANIFEST_FILE, type BackupManifest } from '../../src/server/backup/manifest';
import { pruneBackups } from '../../src/server/backup/schedule';
import { digests, expectRefused, sha, tempDirs } from './backup-helpers';

const tmp = tempDirs();

/**
 * Writes that keep arriving: history rows of a fake record, numbered, until stopped; the numbers
 * committed. Each write lets the event loop turn, as requests do: PGlite answers without leaving the
 * microtask queue, and a loop of bare awaits would run to its end before the backup even started.
 */
function writer(db: Db) {
  let stop = false;
  const done: number[] = [];
  const running = (async () => {
    for (let i = 1; !stop && i < 100_000; i++) {
      await sql`insert into auditoria (recurso, registro_id, acao, usuario, alteracoes) values ('drill', ${i}, 'update', 'drill@portal.local', '{}'::jsonb)`.execute(
        db,
      );
      done.push(i);
      await new Promise((r) => setImmediate(r));
    }
  })();
  return {
    async stop() {
      stop = true;
      await running;
      return done;
    },
  };
}

const drillRows = async (db: Db) =>
  (await sql<{ n: string }>`select registro_id as n from auditoria where recurso = 'drill' order by registro_id`.execute(db)).rows.map((r) => Number(r.n));

/** Every stored file under the folder with its SHA-256. */
const fileHashes = (root: string) =>
  Object.fromEntries(
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((rel) => statSync(join(root, rel)).isFile())
      .map((rel) => [rel, sha(join(root, rel))]),
  );

type Target = { kind: 'pglite' | 'postgres'; url?: string; dataDir: string; open: () => Promise<Database>; wipe: () => Promise<void> };

async function postgresTarget(base: string, dataDir: string): Promise<Target & { drop: () => Promise<void> }> {
  const name = `portal_backup_${process.pid}_${Date.now() % 1e6}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    dataDir,
    open: () => connect({ databaseUrl: url.toString(), poolSize: 4 }),
    wipe: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const KINDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(KINDS)('backup and restore drill (%s)', { timeout: 240_000 }, (kind) => {
  it('restores every row and file as of one moment, and refuses what it must, with nothing changed', async () => {
    const dataDir = tmp('portal-drill-data-');
    const files = join(dataDir, 'arquivos');
    const target: Target & { drop?: () => Promise<void> } =
      kind === 'pglite'
        ? {
            kind,
            dataDir,
            open: () => connect({ dataDir }),
            wipe: async () => rmSync(join(dataDir, 'pglite'), { recursive: true, force: true }),
          }
        : await postgresTarget(process.env.TEST_DATABASE_URL!, dataDir);
    try {
      // A portal with data of every entity and its files (the demo).
      const seeded = await openDatabase({ ...(target.url ? { databaseUrl: target.url } : { dataDir }), seed: true, storage: localStorage(files) });
      const before = await digests(seeded.db);
      const filesBefore = readdirSync(files, { recursive: true }).length;
      expect(filesBefore).toBeGreaterThan(0);

      // Backed up while writes keep arriving.
      const backups = tmp('portal-drill-backups-');
      const w = writer(seeded.db);
      await new Promise((r) => setTimeout(r, 50));
      const { path, manifest } = await createBackup({
        database: seeded,
        storage: localStorage(files),
        dir: backups,
        databaseUrl: target.url,
        schemas: SCHEMAS,
        version: APP_VERSION,
      });
      const written = await w.stop();
      await seeded.close();
      expect(written.length).toBeGreaterThan(0);
      expect(Object.keys(manifest.arquivos).length).toBeGreaterThan(0);
      expect(manifest).toMatchObject({ formato: 'portal-backup/1', versao: APP_VERSION, banco: { tipo: kind } });

      // Wiped: database and files.
      await target.wipe();
      rmSync(files, { recursive: true, force: true });

      const restored = await restoreBackup({ path, dataDir, databaseUrl: target.url, storage: localStorage(files), version: APP_VERSION, schemas: SCHEMAS });
      expect(restored.criadoEm).toBe(manifest.criadoEm);
      const back = await target.open();
      try {
        // Every row as it was, the writes of the moment aside…
        expect(await digests(back.db, ['auditoria'])).toEqual(Object.fromEntries(Object.entries(before).filter(([t]) => t !== 'auditoria')));
        // …and of those, exactly the ones before the copy's moment: a prefix, as many as counted.
        const drill = await drillRows(back.db);
        expect(drill).toEqual(written.slice(0, drill.length));
        // The writes ran across the backup: some before its moment, some after.
        expect(drill.length).toBeGreaterThan(0);
        expect(drill.length).toBeLessThan(written.length);
        const others = (await sql<{ n: string }>`select count(*) as n from auditoria where recurso <> 'drill'`.execute(back.db)).rows[0].n;
        expect(Number(others) + drill.length).toBe(manifest.contagens.auditoria);
      } finally {
        await back.close();
      }
      // Every file, byte for byte.
      for (const [key, f] of Object.entries(manifest.arquivos)) expect(sha(join(files, key)), key).toBe(f.sha256);

      // Refusals, each leaving the portal as it is.
      const unchanged = async () => {
        const db = await target.open();
        try {
          return await digests(db.db);
        } finally {
          await db.close();
        }
      };
      const now = await unchanged();
      const filesNow = fileHashes(files);
      const restore = (p: string, extra: { substituir?: boolean } = {}) =>
        restoreBackup({ path: p, dataDir, databaseUrl: target.url, storage: localStorage(files), version: APP_VERSION, schemas: SCHEMAS, ...extra });
      await expectRefused(restore(path), /já tem dados/);
      const copy = (mutate: (dir: string, m: BackupManifest) => void) => {
        const dir = join(tmp('portal-drill-bad-'), 'portal-x');
        cpSync(path, dir, { recursive: true });
        const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
        mutate(dir, m);
        return dir;
      };
      const corruptDb = copy((dir, m) => {
        const f = join(dir, m.banco.arquivo);
        const bytes = readFileSync(f);
        bytes[Math.floor(bytes.length / 2)] ^= 0xff;
        writeFileSync(f, bytes);
      });
      await expectRefused(restore(corruptDb, { substituir: true }), /corrompido: banco-.* não confere com o manifesto\. Nada foi alterado\./);
      const corruptFile = copy((dir, m) => writeFileSync(join(dir, FILES_DIR, Object.keys(m.arquivos)[0]), 'outro conteúdo'));
      await expectRefused(restore(corruptFile, { substituir: true }), /corrompido: o arquivo .* não confere/);
      const missingFile = copy((dir, m) => rmSync(join(dir, FILES_DIR, Object.keys(m.arquivos).at(-1)!)));
      await expectRefused(restore(missingFile, { substituir: true }), /corrompido: o arquivo .* falta ou não confere/);
      const corruptManifest = copy((dir) => writeFileSync(join(dir, MANIFEST_FILE), readFileSync(join(dir, MANIFEST_FILE), 'utf8').slice(0, 200)));
      await expectRefused(restore(corruptManifest, { substituir: true }), /manifesto\.json de .* está corrompido \(não é um JSON válido\)/);
      const escaping = copy((dir, m) =>
        writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...m, arquivos: { '../../fora.txt': Object.values(m.arquivos)[0] } })),
      );
      await expectRefused(restore(escaping, { substituir: true }), /não é um backup do portal: o manifesto cita o caminho inválido "\.\.\/\.\.\/fora\.txt"/);
      const newer = copy((dir, m) => writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...m, versao: '99.0.0' })));
      await expectRefused(restore(newer, { substituir: true }), /versão 99\.0\.0 do portal, mais nova que a instalada/);
      // The same version, but a build whose schemas have a table and a column this code lacks.
      expect(manifest.tabelas?.diario).toContain('obra');
      const newerSchema = copy((dir, m) =>
        writeFileSync(
          join(dir, MANIFEST_FILE),
          JSON.stringify({ ...m, tabelas: { ...m.tabelas, diario: [...m.tabelas!.diario, 'campo_do_futuro'], medicao_futura: ['id'] } }),
        ),
      );
      await expectRefused(
        restore(newerSchema, { substituir: true }),
        /esquema mais novo que o do portal instalado .*: diario\.campo_do_futuro, medicao_futura não existem nesta versão/,
      );
      const foreign = tmp('portal-drill-foreign-');
      writeFileSync(join(foreign, 'dados.csv'), 'a;b\n1;2\n');
      await expectRefused(restore(foreign, { substituir: true }), /não é um backup do portal/);
      const otherKind = copy((dir, m) =>
        writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...m, banco: { ...m.banco, tipo: kind === 'pglite' ? 'postgres' : 'pglite' } })),
      );
      await expectRefused(restore(otherKind, { substituir: true }), kind === 'pglite' ? /de um PostgreSQL/ : /banco embutido/);
      expect(await unchanged()).toEqual(now);
      expect(fileHashes(files)).toEqual(filesNow);

      // With `substituir`, the backup replaces what is there (PGlite: the current data kept aside).
      await restore(path, { substituir: true });
      if (kind === 'pglite') expect(readdirSync(dataDir).some((n) => n.startsWith('pglite.antes-da-restauracao-'))).toBe(true);
      expect(await unchanged()).toEqual(now);
    } finally {
      await target.drop?.();
    }
  });
});

describe('backup retention', () => {
  it('removes the folders older than the retention and always keeps the newest', () => {
    const dir = tmp('portal-retention-');
    const names = ['portal-2026-11-01T02-00-00Z', 'portal-2026-11-20T02-00-00Z', 'portal-2026-11-26T02-00-00Z'];
    for (const n of names) mkdirSync(join(dir, n));
    mkdirSync(join(dir, 'portal-2026-11-02T02-00-00Z.parcial')); // a half-written one is not counted
    expect(pruneBackups(dir, 7, new Date(Date.now() + 30 * 86_400_000)).sort()).toEqual(names.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual(['portal-2026-11-02T02-00-00Z.parcial', names[2]]);
  });
});
