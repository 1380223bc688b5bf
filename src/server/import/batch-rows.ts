/**
 * A batch of a spreadsheet's rows written with a few statements instead of about ten per row, each
 * row keeping the outcome it has through the one-row path (process-row.ts):
 *
 * 1. the rows are read in order (cells → values, a key repeated in the file refused), then their
 *    stored records are found with one statement (existing.ts) and each row is checked in memory
 *    (permission to see the record, the dry run's plan: a record changed since is reported, never
 *    overwritten; what changed; a number the server owns; a state only an administrator sets);
 * 2. the writes then follow the file's order: consecutive creations go together through
 *    `createRecords` (crud/batch-create.ts: one INSERT of the records and one of their history
 *    entries, "Importado de <arquivo>, linha N", for the whole run of them), and an update, a state
 *    declared by an administrator, or an entity whose rules have no batch version
 *    (`batchCreateBlocker`) goes through the API's own write, one row behind its savepoint;
 * 3. a row that names a record of its own entity written by an earlier row of the batch (a tree's
 *    parent, "Item pai" = "1.2") starts a new part of the batch, read once the rows above are written.
 *
 * Rows unchanged since the last import (`igual`) cost no write at all: a second identical import is
 * one lookup per batch.
 */
import type { Db } from '../db/connect';
import { batchCreateBlocker, createRecords } from '../crud/batch-create';
import type { SheetRow } from './cells';
import { refusal, type Checked, type ReadRow, type RowProcessor } from './process-row';
import { recordLedgers, type Phase, type RowOutcome } from './store';

export class BatchWriter {
  private readonly blocker: string | undefined;
  constructor(private readonly processor: RowProcessor) {
    this.blocker = batchCreateBlocker(processor.context.schema);
  }

  /** Why creations of this entity go one row at a time (undefined: they go in batches). */
  get oneByOne(): string | undefined {
    return this.blocker;
  }

  /** The outcomes of the rows, in order (`plan`: the dry run's, for the import). */
  async run(trx: Db, rows: SheetRow[], phase: Phase, plan?: Map<number, RowOutcome>): Promise<RowOutcome[]> {
    const out: RowOutcome[] = [];
    let part: ReadRow[] = [];
    let names = new Set<string>();
    for (const row of rows) {
      // A row naming a record an earlier row of this part creates or changes waits until that one is written.
      if (part.length && this.processor.ownReferences(row).some((t) => names.has(t))) {
        out.push(...(await this.write(trx, part, phase, plan)));
        part = [];
        names = new Set();
      }
      const r = await this.processor.readRow(trx, row);
      part.push(r);
      for (const n of this.processor.namesOf(r.values)) names.add(n);
    }
    if (part.length) out.push(...(await this.write(trx, part, phase, plan)));
    return out;
  }

  private async write(trx: Db, rows: ReadRow[], phase: Phase, plan?: Map<number, RowOutcome>): Promise<RowOutcome[]> {
    const p = this.processor;
    const found = await p.existingMany(
      trx,
      rows.filter((r) => !r.outcome),
    );
    const checked: Checked[] = [];
    for (const r of rows) checked.push(await p.check(trx, r, found.get(r.linha), phase, plan?.get(r.linha)));
    const outcomes = new Map<number, RowOutcome>();
    let creations: Checked[] = [];
    const flush = async () => {
      if (!creations.length) return;
      for (const o of await this.create(trx, creations, phase)) outcomes.set(o.linha, o);
      creations = [];
    };
    for (const c of checked) {
      p.reached(trx, c.values);
      if (c.outcome) outcomes.set(c.linha, c.outcome);
      else if (c.create && c.create.wanted === undefined && !this.blocker) creations.push(c);
      else {
        await flush();
        outcomes.set(c.linha, await p.write(trx, c, phase));
      }
    }
    await flush();
    return rows.map((r) => outcomes.get(r.linha)!);
  }

  /** A run of creations: together, or one by one when the batch as a whole was refused by the database. */
  private async create(trx: Db, rows: Checked[], phase: Phase): Promise<RowOutcome[]> {
    const p = this.processor;
    const { schema, actor, fileHash } = p.context;
    const created = await createRecords(
      trx,
      schema,
      actor,
      rows.map((c) => ({ body: c.create!.body, note: p.note(c.linha) })),
    );
    if (created === 'perRecord') {
      const out: RowOutcome[] = [];
      for (const c of rows) out.push(await p.write(trx, c, phase));
      return out;
    }
    const out = rows.map((c, k): RowOutcome => {
      const res = created[k];
      if ('error' in res) return refusal(c.linha, res.error, c.values);
      return { linha: c.linha, acao: 'criar', ...(phase === 'importacao' ? { registroId: res.row.id } : {}) };
    });
    if (phase === 'importacao')
      await recordLedgers(
        trx,
        schema.resource,
        fileHash,
        out.filter((o) => o.acao === 'criar').map((o) => ({ linha: o.linha, id: o.registroId! })),
      );
    return out;
  }
}
