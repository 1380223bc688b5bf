/**
 * A finding of a technical inspection report opens a record of another module (issue 40): the RIT's
 * steps declared with `findingStep` (schemas/rit.ts: "Abrir registro no SGI", "Abrir item de
 * verificação") ask for the finding's number; their effect, registered here as `rit-<step>`, finds
 * the finding (400 when the report has no such number), refuses a finding that already opened a
 * record of that kind (409: the record names the report in `rit` and the finding in
 * `ritConstatacao`, the report's related lists), refuses while the record's module is in maintenance
 * (503, like any other way of writing it), and lets the module create its record from the finding in
 * the step's transaction. Nothing is written when refused; the report's content (and so its
 * signatures) is untouched.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import { RIT_SEVERIDADES } from '../../../schemas/rit';
import { ApiError } from '../http/errors';
import { formatDateBr } from '../time';
import { runWriteGates } from '../crud/hooks-registry';
import { registerAfter, type HookContext } from '../workflow/hooks';

type Row = Record<string, unknown>;

/** The finding chosen, as the module's opener receives it. */
export interface Finding {
  /** Its number in the report (1 for the first). */
  n: number;
  descricao: string;
  /** One of `RIT_SEVERIDADES` ('Média' when the stored one is not). */
  severidade: string;
  fotos: unknown[];
  /** The report's number (RIT-101-001) and "Relatório de inspeção técnica RIT-101-001 de 15/10/2026 (título)". */
  numero: string;
  origem: string;
  /** The link back to the report, for the record's `rit` and `ritConstatacao`. */
  link: { rit: number; ritConstatacao: number };
}

export interface FindingOpener {
  /** The report's field the step asks the finding's number in. */
  asked: string;
  /** The entity of the records opened (with the `rit` and `ritConstatacao` fields). */
  entity: string;
  /** The record as the refusals say it: "o registro no SGI", "o item de verificação". */
  what: string;
  /** The record already opened, as "A constatação 1 já abriu …" ends: "o registro SGI QUA-2026-0001". */
  opened: (row: Row) => string;
  /** Creates the record from the finding, in the step's transaction (`ctx.trx`). */
  open: (ctx: HookContext, finding: Finding) => Promise<void>;
}

/** The finding the step names, or the 400 on the asked field. */
function findingOf(row: Row, asked: string, what: string): { n: number; finding: Row } {
  const n = Number(row[asked]);
  const findings = Array.isArray(row.constatacoes) ? (row.constatacoes as Row[]) : [];
  const finding = Number.isInteger(n) && n >= 1 ? findings[n - 1] : undefined;
  if (finding) return { n, finding };
  const message = findings.length
    ? `A constatação ${String(row[asked] ?? '')} não existe: este relatório tem ${findings.length === 1 ? '1 constatação' : `${findings.length} constatações`}.`
    : `Este relatório não tem constatações: registre a constatação no relatório antes de abrir ${what}.`;
  throw new ApiError(400, message, { [asked]: [message] });
}

/** Registers the effect `rit-<step>` of a step that opens records of `opener.entity` from findings. */
export function registerFindingOpener(step: string, opener: FindingOpener): void {
  registerAfter(`rit-${step}`, async (ctx) => {
    const { trx, row } = ctx;
    const target = schemaByName(opener.entity)!;
    const { n, finding } = findingOf(row, opener.asked, opener.what);
    const opened = await sql<Row>`
      select * from ${sql.table(target.name)} where rit = ${Number(row.id)} and "ritConstatacao" = ${n} order by id limit 1`.execute(trx);
    if (opened.rows[0]) {
      const message = `A constatação ${n} já abriu ${opener.opened(opened.rows[0])}.`;
      throw new ApiError(409, message, { [opener.asked]: [message] });
    }
    // A module in maintenance refuses its records whatever way they come (src/server/maintenance/write-gate.ts).
    await runWriteGates({ db: trx, schema: target, actor: ctx.actor });
    const numero = String(row.numero ?? row.id);
    await opener.open(ctx, {
      n,
      descricao: String(finding.descricao ?? '').trim(),
      severidade: RIT_SEVERIDADES.includes(String(finding.severidade)) ? String(finding.severidade) : 'Média',
      fotos: Array.isArray(finding.foto) ? finding.foto : [],
      numero,
      origem: `Relatório de inspeção técnica ${numero} de ${formatDateBr(row.data)} (${String(row.titulo ?? '')})`,
      link: { rit: Number(row.id), ritConstatacao: n },
    });
  });
}
