/**
 * A run of an import, as a background job: the dry run (every row written and rolled back, in
 * batches, so the portal keeps answering), then the import, all-or-nothing (one transaction: one
 * refused row and nothing stays) or only the valid rows (batches committed as they go). Progress
 * (rows done of the total) is written per batch and kept in memory for this process; a cancel
 * request is heard between batches (in memory, during an all-or-nothing run). Each batch is written
 * by the batch path (batch-rows.ts): a few statements per batch, each row with the outcome the
 * one-row path (process-row.ts) gives it.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { PortalUser } from '../../access/user';
import { hasOneConnection, type Db } from '../db/connect';
import type { Actor } from '../crud/record-access';
import { tableWritten } from '../crud/write-events';
import type { SheetRow } from './cells';
import { dataRows, openSpreadsheet } from './sheet';
import { MAX_ROWS } from './limits';
import { RowProcessor } from './process-row';
import { BatchWriter } from './batch-rows';
import { Resolver } from './references';
import { count, dryRunPlan, emptyCounts, importFile, importRow, updateProgress, writeOutcomes, type Counts, type Phase, type RowOutcome } from './store';
import { sendHolderSummaries } from './summary-mail';
import { treeLinked } from './pending-rows';
import { emitWebhookEvent, IMPORTS_RESOURCE } from '../webhooks/events';

export interface ImportDeps {
  db: Db;
  /** Brings the effective schemas up to date before a run (a worker process outside any request). */
  ready?: () => Promise<void>;
  /** The effective schema of a resource (custom fields included). */
  schemaOf: (resource: string) => EntitySchema | undefined;
  /** The effective schema of an entity by name (reference targets). */
  schemaByName?: (name: string) => EntitySchema | undefined;
  /** The person who sent the file, as the rules see them now; undefined when they lost access. */
  actorFor: (user: PortalUser) => Promise<Actor | undefined>;
}

/**
 * Rows per batch: per transaction of the dry run and of an import of the valid rows, per write of
 * the batch path (batch-rows.ts). 100 rather than more: what a batch holds while it runs is what
 * the garbage collector promotes (npm run bench:import at 50,000 rows on PostgreSQL: the server's
 * peak 473 MB with 100, 533 MB with 200), and more rows per batch saved no time.
 */
export const BATCH_ROWS = 100;

interface Live {
  processadas: number;
  counts: Counts;
  cancel: boolean;
}
/** The runs this process is working on. */
const live = new Map<number, Live>();

export const liveProgress = (id: number): Live | undefined => live.get(id);

/** Asks a running job to stop (heard by this process at once; by another one at its next batch). */
export function requestCancel(id: number): void {
  const l = live.get(id);
  if (l) l.cancel = true;
}

const ROLLBACK = Symbol('rollback');
const CANCELLED = Symbol('cancelled');
const FAILED = Symbol('failed');

async function cancelled(db: Db, id: number, l: Live): Promise<boolean> {
  if (l.cancel) return true;
  const r = await sql<{ cancelar: boolean }>`select cancelar from importacao where id = ${id}`.execute(db);
  return !!r.rows[0]?.cancelar;
}

/** The run's end; an import that ended well is the webhook event `importacao.concluida`, written with it (issue 41). */
async function finish(db: Db, id: number, situacao: string, l: Live, mensagem: string | null): Promise<void> {
  const c = l.counts;
  await db.transaction().execute(async (trx) => {
    const r = await sql<{ pessoa: string; pessoa_nome: string | null }>`update importacao set situacao = ${situacao}, concluido_em = now(),
      processadas = ${l.processadas}, criadas = ${c.criadas}, atualizadas = ${c.atualizadas}, iguais = ${c.iguais}, erros = ${c.erros},
      ignoradas = ${c.ignoradas}, mensagem = ${mensagem} where id = ${id} returning pessoa, pessoa_nome`.execute(trx);
    const who = r.rows[0];
    if (situacao === 'concluida' && who)
      await emitWebhookEvent(trx, { evento: 'importacao.concluida', recurso: IMPORTS_RESOURCE, registroId: id, usuario: who.pessoa, nome: who.pessoa_nome });
  });
}

/**
 * On a database of one connection (PGlite), after a batch: a pause of half the batch's time, so the
 * requests that waited for it (another person's list: a few statements, each waiting for the
 * connection) are answered before the next batch takes the connection again.
 */
async function shareConnection(db: Db, batchMs: number): Promise<void> {
  if (hasOneConnection(db)) await new Promise((r) => setTimeout(r, Math.min(500, Math.max(10, batchMs / 2))));
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** Runs one phase of an import to its end (errors of a row are its outcome; anything else fails the run). */
export async function runPhase(deps: ImportDeps, id: number, phase: Phase): Promise<void> {
  const { db } = deps;
  const job = await importRow(db, id);
  if (!job) return;
  const l: Live = { processadas: 0, counts: emptyCounts(), cancel: false };
  live.set(id, l);
  try {
    await sql`update importacao set situacao = ${phase === 'simulacao' ? 'simulando' : 'importando'}, etapa = ${phase}, iniciado_em = now(),
      concluido_em = null, processadas = 0, criadas = 0, atualizadas = 0, iguais = 0, erros = 0, ignoradas = 0, mensagem = null
      where id = ${id}`.execute(db);
    await sql`delete from importacao_linha where importacao = ${id} and etapa = ${phase}`.execute(db);
    // The flag is cleared by the route that starts the phase: a cancel asked while the job waited in the queue stops it before any row.
    if (job.cancelar) return await finish(db, id, 'cancelada', l, phase === 'simulacao' ? 'Simulação cancelada.' : 'Importação cancelada: nada foi gravado.');
    await deps.ready?.();
    const schema = deps.schemaOf(job.recurso);
    const actor = await deps.actorFor(job.usuario as PortalUser);
    if (!schema || !actor) return await finish(db, id, 'falhou', l, 'A pessoa que enviou a planilha não tem mais acesso a este cadastro.');
    const sheet = await openSpreadsheet(await importFile(db, id), job.arquivo_nome, job.info.about);
    const processor = new RowProcessor({
      schema,
      actor,
      mapping: job.mapeamento ?? {},
      columns: job.info.columns,
      fileName: job.arquivo_nome,
      fileHash: job.arquivo_hash,
      resolver: new Resolver(actor, deps.schemaByName),
    });
    const rows = dataRows(sheet, job.info.headerRow);
    const tally = (outs: RowOutcome[]) => {
      for (const o of outs) count(l.counts, o.acao);
      l.processadas += outs.length;
    };
    // A tree (the EAP) is dry-run in one transaction, like its all-or-nothing import: a row sees the
    // rows above it (a parent created, a summary's new dates), and a parent's rule waits for the sub-items still to come.
    // A file whose rows are all independent (pending-rows.ts, `treeLinked`) goes in batches.
    const oneTransaction =
      !!schema.tree &&
      (phase === 'simulacao' || job.modo !== 'validas') &&
      (await treeLinked(schema, job.mapeamento ?? {}, job.info.columns, dataRows(sheet, job.info.headerRow)));
    if (oneTransaction) await processor.expectRows(db, dataRows(sheet, job.info.headerRow));
    if (phase === 'importacao' && job.modo !== 'validas')
      return await allOrNothing(deps, id, new BatchWriter(processor), rows, await dryRunPlan(db, id), l, tally, schema);
    const plan = phase === 'importacao' ? await dryRunPlan(db, id) : undefined;
    const writer = new BatchWriter(processor);
    let stopped = false;
    const written: RowOutcome[] = [];
    const flush = async (batch: SheetRow[]) => {
      if (!batch.length) return;
      const started = performance.now();
      const outs: RowOutcome[] = [];
      if (!plan) {
        await db
          .transaction()
          .execute(async (trx) => {
            // A tree's dry run is one transaction; its rows still go in batches, and the progress moves with them.
            for (let i = 0; i < batch.length; i += BATCH_ROWS) {
              const part = await writer.run(trx, batch.slice(i, i + BATCH_ROWS), 'simulacao');
              outs.push(...part);
              tally(part);
            }
            throw ROLLBACK;
          })
          .catch((e) => {
            if (e !== ROLLBACK) throw e;
          });
        await writeOutcomes(db, id, phase, outs);
        await updateProgress(db, id, l.processadas, l.counts);
      } else {
        await db.transaction().execute(async (trx) => {
          outs.push(...(await planned(writer, trx, batch, plan)));
          await writeOutcomes(trx, id, phase, outs);
          tally(outs);
          await updateProgress(trx, id, l.processadas, l.counts);
        });
        tableWritten(schema.name);
        // Kept for the holders' summaries (summary-mail.ts), which only records with a workflow have.
        if (schema.workflow) for (const o of outs) if ((o.acao === 'criar' || o.acao === 'atualizar') && o.registroId) written.push(o);
      }
      if (await cancelled(db, id, l)) stopped = true;
      await shareConnection(db, performance.now() - started);
    };
    let batch: SheetRow[] = [];
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= (oneTransaction ? MAX_ROWS : BATCH_ROWS)) {
        await flush(batch);
        batch = [];
        if (stopped) break;
      }
    }
    if (!stopped) await flush(batch);
    if (written.length) await sendHolderSummaries(db, schema, actor, written, job.arquivo_nome);
    const c = l.counts;
    if (stopped)
      return await finish(
        db,
        id,
        'cancelada',
        l,
        phase === 'simulacao'
          ? 'Simulação cancelada.'
          : `Importação cancelada: as ${plural(l.processadas, 'linha anterior ficou gravada', 'linhas anteriores ficaram gravadas')}.`,
      );
    const summary = `${plural(c.criadas, 'registro novo', 'registros novos')}, ${plural(c.atualizadas, 'atualizado', 'atualizados')}, ${plural(c.iguais, 'sem alteração', 'sem alteração')}, ${plural(c.erros, 'linha com erro', 'linhas com erro')}`;
    await finish(
      db,
      id,
      phase === 'simulacao' ? 'simulada' : 'concluida',
      l,
      phase === 'simulacao'
        ? `Simulação: ${summary}.`
        : `Importação concluída: ${summary}${c.ignoradas ? `, ${plural(c.ignoradas, 'ignorada', 'ignoradas')}` : ''}.`,
    );
  } catch (e) {
    console.error(`[importacao] ${id} falhou`, e);
    const message =
      e && typeof e === 'object' && 'status' in e && (e as { status: number }).status === 400
        ? String((e as { message?: unknown }).message)
        : 'Erro inesperado: nada desta etapa foi gravado. Tente de novo.';
    await finish(db, id, 'falhou', l, message).catch(() => undefined);
  } finally {
    live.delete(id);
  }
}

/** A batch of the import: rows the dry run refused are left out, the others written in batch (batch-rows.ts). */
async function planned(writer: BatchWriter, trx: Db, batch: SheetRow[], plan: Map<number, RowOutcome>): Promise<RowOutcome[]> {
  const ignored = (linha: number): RowOutcome => ({ linha, acao: 'ignorada', mensagem: 'Não importada: tinha erros na simulação.' });
  const toWrite = batch.filter((row) => plan.get(row.number)?.acao !== 'erro');
  const written = new Map((await writer.run(trx, toWrite, 'importacao', plan)).map((o) => [o.linha, o]));
  return batch.map((row) => written.get(row.number) ?? ignored(row.number));
}

async function allOrNothing(
  deps: ImportDeps,
  id: number,
  writer: BatchWriter,
  rows: AsyncGenerator<SheetRow>,
  plan: Map<number, RowOutcome>,
  l: Live,
  tally: (o: RowOutcome[]) => void,
  schema: EntitySchema,
): Promise<void> {
  const { db } = deps;
  const outs: RowOutcome[] = [];
  let outcome: typeof FAILED | typeof CANCELLED | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      let batch: SheetRow[] = [];
      const flush = async () => {
        const part = await planned(writer, trx, batch, plan);
        batch = [];
        outs.push(...part);
        tally(part);
        if (l.cancel || (await cancelled(trx, id, l))) throw CANCELLED;
      };
      for await (const row of rows) {
        batch.push(row);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      if (batch.length) await flush();
      if (outs.some((o) => o.acao === 'erro')) throw FAILED;
    });
    tableWritten(schema.name);
  } catch (e) {
    if (e !== FAILED && e !== CANCELLED) throw e;
    outcome = e;
  }
  const actor = await deps.actorFor((await importRow(db, id))!.usuario as PortalUser);
  if (outcome) {
    // Nothing stayed: the rows that went through are reported as not imported.
    for (let i = 0; i < outs.length; i++) {
      if (outs[i].acao !== 'erro') outs[i] = { linha: outs[i].linha, acao: 'ignorada', mensagem: 'Não importada: a importação foi desfeita (tudo ou nada).' };
    }
    l.counts = emptyCounts();
    for (const o of outs) count(l.counts, o.acao);
  }
  await writeOutcomes(db, id, 'importacao', outs);
  if (outcome === CANCELLED) return finish(db, id, 'cancelada', l, 'Importação cancelada: nada foi gravado.');
  if (outcome === FAILED) {
    return finish(
      db,
      id,
      'falhou',
      l,
      `Nada foi importado: ${plural(l.counts.erros, 'linha foi recusada', 'linhas foram recusadas')}. Corrija e importe de novo.`,
    );
  }
  if (actor) await sendHolderSummaries(db, schema, actor, outs, (await importRow(db, id))!.arquivo_nome);
  const c = l.counts;
  return finish(
    db,
    id,
    'concluida',
    l,
    `Importação concluída: ${plural(c.criadas, 'registro novo', 'registros novos')}, ${plural(c.atualizadas, 'atualizado', 'atualizados')}, ${plural(c.iguais, 'sem alteração', 'sem alteração')}.`,
  );
}
