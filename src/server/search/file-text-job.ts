/**
 * Reading the attached files' text for the search (issue 39), in the background: every minute (a
 * pg-boss schedule worked by the server processes, one pass at a time) the files linked to a record
 * (`arquivo_vinculo`) whose type has text (file-text.ts) and that were not read yet are read from
 * the file storage, a few at a time; their text goes to `arquivo_texto` and each record they are
 * attached to is indexed again (its entity's function, tables.ts), so a PDF's words find the record
 * a minute or so after it was saved. A file is read once: its key names one content forever.
 */
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/connect';
import { portalTz } from '../db/boss';
import type { FileStorage } from '../storage/storage';
import { MAX_FILE_BYTES, TEXT_TYPES, extractFileText } from './file-text';

export const FILE_TEXT_QUEUE = 'texto-arquivos';

/** Files read per pass at most, and the time a pass may take before it leaves the rest to the next one. */
const BATCH = 20;
const PASS_MS = 30_000;

async function readAll(body: ReadableStream, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Indexes again the records a file is attached to (entities in the search only). */
async function reindexLinked(trx: Db, key: string): Promise<number> {
  const links = await sql<{ funcao: string; registro_id: string }>`
    select f.funcao, v.registro_id from arquivo_vinculo v join busca_fonte f on f.recurso = v.recurso
    where v.key = ${key} and f.funcao is not null`.execute(trx);
  for (const l of links.rows) await sql`select ${sql.raw(l.funcao)}(${Number(l.registro_id)})`.execute(trx);
  return links.rows.length;
}

/** One pass: `{ lidos, indexados }` (files read, records indexed again). */
export async function readFileTexts(
  db: Db,
  storage: FileStorage,
  opts: { batch?: number; passMs?: number } = {},
): Promise<{ lidos: number; indexados: number }> {
  const started = Date.now();
  const pending = await sql<{ key: string; tipo: string; tamanho: number }>`
    select a.key, a.tipo, a.tamanho from arquivo a
    where a.tipo in (${sql.join(TEXT_TYPES)})
      and exists (select 1 from arquivo_vinculo v where v.key = a.key)
      and not exists (select 1 from arquivo_texto x where x.key = a.key)
    order by a.criado_em limit ${opts.batch ?? BATCH}`.execute(db);
  let lidos = 0;
  let indexados = 0;
  for (const f of pending.rows) {
    if (Date.now() - started > (opts.passMs ?? PASS_MS)) break;
    let texto: string | null = null;
    if (f.tamanho <= MAX_FILE_BYTES) {
      // A storage that does not answer (S3 down) leaves the file for a later pass.
      const got = await storage.get(f.key).catch(() => 'indisponivel' as const);
      if (got === 'indisponivel') continue;
      const bytes = got ? await readAll(got.body, MAX_FILE_BYTES) : null;
      texto = bytes ? await extractFileText(bytes, f.tipo) : null;
    }
    await db.transaction().execute(async (trx) => {
      const saved = await sql`insert into arquivo_texto (key, texto) values (${f.key}, ${texto || null}) on conflict do nothing returning key`.execute(trx);
      if (saved.rows.length && texto) indexados += await reindexLinked(trx, f.key);
    });
    lidos++;
  }
  return { lidos, indexados };
}

/** This process works the pass, a pg-boss schedule every minute (`startEngine` first); `stop` waits for a running pass. */
export async function workFileTextJob(boss: PgBoss, db: Db, storage: FileStorage) {
  await boss.schedule(FILE_TEXT_QUEUE, '* * * * *', null, { tz: portalTz() });
  const id = await boss.work(FILE_TEXT_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await readFileTexts(db, storage);
  });
  return { stop: () => boss.offWork(FILE_TEXT_QUEUE, { id, wait: true }) };
}
