import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { isJsonField } from '../db/columns';
import { validateBody } from '../crud/validate';
import type { FileStorage } from '../storage/storage';
import { demoPdf, demoPng } from './demo-files';
import { demoStamps } from './demo-stamps';
import { seedDemoSurvey } from './demo-pesquisa-satisfacao';
import { seedDemoRitSignatures } from './demo-rit';
import { seedDemoPlantas } from './demo-plantas';
import { seedDemoServiceAccounts } from './demo-service-accounts';
import { resolvePendingWithRegistered } from '../modules/empresa';
import { normalizeCnpj } from '../../../schemas/shared/cnpj';

/** Insert rows as they are (validated first), in batches, in one transaction per entity. */
export async function insertRows(db: Db, schema: EntitySchema, rows: Record<string, unknown>[], by = 'seed@portal.local') {
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((raw, j) => {
      const { values, errors } = validateBody({ ...schema, fields: schema.fields.map((f) => ({ ...f, readOnly: false })) }, raw);
      if (Object.keys(errors).length) {
        throw new Error(`Dado de demonstração inválido em ${schema.name}[${i + j}]: ${JSON.stringify(errors)}`);
      }
      // A record's own date and person, where the demo has them (a ticket's opening, an RDO's day).
      const out: Record<string, unknown> = { created_by: by, updated_by: by, ...demoStamps(schema, values) };
      for (const [k, v] of Object.entries(values)) {
        const f = schema.fields.find((x) => x.name === k)!;
        out[k] = isJsonField(f) && v !== null ? sql`cast(${JSON.stringify(v)} as jsonb)` : v;
      }
      return out;
    });
    if (batch.length) await db.insertInto(schema.name).values(batch).execute();
  }
}

const COMPANIES_MARKER = 'empresas';

/**
 * A demo database seeded before the company registry (docs/access.md decision 29): the demo companies
 * it lacks are registered once, and the company texts the migration set aside are resolved against them.
 */
async function upgradeDemoCompanies(trx: Db, schemas: EntitySchema[], data: Record<string, Record<string, unknown>[]>): Promise<void> {
  const marked = await sql`SELECT 1 FROM _seed WHERE nome = ${COMPANIES_MARKER}`.execute(trx);
  const schema = schemas.find((s) => s.name === 'empresa');
  if (marked.rows.length || !schema) return;
  const have = new Set((await sql<{ cnpj: string }>`SELECT cnpj FROM empresa`.execute(trx)).rows.map((r) => r.cnpj));
  const missing = (data.empresa ?? []).filter((r) => !have.has(normalizeCnpj(String(r.cnpj))));
  if (missing.length) await insertRows(trx, schema, missing);
  await resolvePendingWithRegistered(trx, 'seed@portal.local');
  await sql`INSERT INTO _seed (nome) VALUES (${COMPANIES_MARKER})`.execute(trx);
}

/** First start only: the demo data, idempotently (a marker records that it ran). */
export async function seedDemo(db: Db, schemas: EntitySchema[], data: Record<string, Record<string, unknown>[]>, storage?: FileStorage): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS _seed (nome text primary key, em timestamptz not null default now())`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(4243)`.execute(trx);
    await seedDemoServiceAccounts(trx); // "Integração ERP" (issue 41), also into a database seeded before
    const done = await sql`SELECT 1 FROM _seed WHERE nome = 'demo'`.execute(trx);
    if (done.rows.length) {
      await upgradeDemoCompanies(trx, schemas, data);
      return false;
    }
    let n = 0;
    for (const schema of schemas) {
      const rows = data[schema.name];
      if (!rows?.length) continue;
      // The files the demo records name (also inside rows, e.g. a checklist answer's photos) are
      // generated and stored, so previews and downloads work.
      const isFiles = (f: { kind: string }) => f.kind === 'attachments' || f.kind === 'images';
      const fileFields = schema.fields.filter(isFiles);
      const rowFields = schema.fields.filter((f) => f.kind === 'rows' && f.fields?.some(isFiles));
      type DemoFile = { key: string; name: string; type: string };
      const filesOf = (row: Record<string, unknown>): DemoFile[] => [
        ...fileFields.flatMap((f) => (row[f.name] as DemoFile[] | undefined) ?? []),
        ...rowFields.flatMap((f) =>
          ((row[f.name] as Record<string, unknown>[] | undefined) ?? []).flatMap((sub) =>
            f.fields!.filter(isFiles).flatMap((x) => (sub[x.name] as DemoFile[] | undefined) ?? []),
          ),
        ),
      ];
      const stored = new Map<string, { type: string; size: number }>();
      for (const row of rows) {
        for (const file of filesOf(row)) {
          // A file named by several records (the same answers in two checklists) is generated once.
          const done = stored.get(file.key);
          if (done) {
            Object.assign(file, done);
            continue;
          }
          const body = file.type.startsWith('image/') ? demoPng(n++) : demoPdf(file.name);
          file.type = file.type.startsWith('image/') ? 'image/png' : 'application/pdf';
          (file as { size?: number }).size = body.length;
          stored.set(file.key, { type: file.type, size: body.length });
          await storage?.put(file.key, body, file.type);
          await sql`INSERT INTO arquivo (key, nome, tamanho, tipo, criado_por) VALUES (${file.key}, ${file.name}, ${body.length}, ${file.type}, 'seed@portal.local') ON CONFLICT (key) DO NOTHING`.execute(
            trx,
          );
        }
      }
      // Numbers and codes the rows carry are not repeated later: the numbering follows the highest stored one (crud/numbering.ts).
      await insertRows(trx, schema, rows);
    }
    await seedDemoSurvey(trx);
    await seedDemoRitSignatures(trx); // the demo RITs' signatures, of their content as stored (issue 40)
    await seedDemoPlantas(trx, storage); // the demo plan set's real PDF, three sheets (issue 42)
    await sql`INSERT INTO _seed (nome) VALUES ('demo'), (${COMPANIES_MARKER})`.execute(trx);
    return true;
  });
}
