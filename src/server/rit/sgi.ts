/**
 * A finding of a technical inspection report opens an SGI record (issue 40): the step "Abrir
 * registro no SGI" (schemas/rit.ts `abrir-sgi`, keeping the report's state) asks for the finding's
 * number; its effect creates a quality deviation with the finding's description and severity, linked
 * back to the report (`ticketSgi.rit`, `ticketSgi.ritConstatacao`: the report's related list
 * "Registros SGI das constatações") and sends it to triage (src/server/modules/sgi-open.ts). Once
 * per finding: a finding that already opened one is refused (409), a number the report does not
 * have is 400, and nothing is written. The report's content (and so its signatures) is untouched.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import { RIT_SEVERIDADES } from '../../../schemas/rit';
import { ApiError } from '../http/errors';
import { formatDateBr } from '../time';
import { registerAfter } from '../workflow/hooks';
import { openSgiInTriage } from '../modules/sgi-open';

type Row = Record<string, unknown>;

registerAfter('rit-abrir-sgi', async ({ trx, row, actor }) => {
  const sgi = schemaByName('ticketSgi')!;
  const n = Number(row.constatacaoSgi);
  const findings = Array.isArray(row.constatacoes) ? (row.constatacoes as Row[]) : [];
  const finding = Number.isInteger(n) && n >= 1 ? findings[n - 1] : undefined;
  if (!finding) {
    const message = findings.length
      ? `A constatação ${String(row.constatacaoSgi ?? '')} não existe: este relatório tem ${findings.length === 1 ? '1 constatação' : `${findings.length} constatações`}.`
      : 'Este relatório não tem constatações: registre a constatação no relatório antes de abrir o registro no SGI.';
    throw new ApiError(400, message, { constatacaoSgi: [message] });
  }
  const opened = await sql<{ id: number; codigo: string | null }>`
    select id, codigo from ${sql.table(sgi.name)} where rit = ${Number(row.id)} and "ritConstatacao" = ${n} limit 1`.execute(trx);
  if (opened.rows[0]) {
    const ref = opened.rows[0].codigo || `nº ${opened.rows[0].id}`;
    const message = `A constatação ${n} já abriu o registro SGI ${ref}.`;
    throw new ApiError(409, message, { constatacaoSgi: [message] });
  }
  const descricao = String(finding.descricao ?? '').trim();
  const severidade = RIT_SEVERIDADES.includes(String(finding.severidade)) ? String(finding.severidade) : 'Média';
  const numero = String(row.numero ?? row.id);
  await openSgiInTriage(
    trx,
    {
      area: 'Qualidade',
      tipo: 'Desvio',
      severidade,
      origem: 'Inspeção interna',
      titulo: `Constatação ${n} do ${numero}: ${descricao}`.slice(0, 150),
      obra: row.obra ?? null,
      dataOcorrencia: row.data,
      descricao: [
        `Relatório de inspeção técnica ${numero} de ${formatDateBr(row.data)} (${String(row.titulo ?? '')}), constatação ${n}, severidade ${severidade}:`,
        descricao,
        'As fotos da constatação estão no relatório.',
      ]
        .join('\n')
        .slice(0, 4000),
      relator: { mail: actor.email, ...(actor.name ? { nome: actor.name } : {}) },
      rit: Number(row.id),
      ritConstatacao: n,
    },
    actor,
    `constatação do RIT ${numero}`,
  );
});
