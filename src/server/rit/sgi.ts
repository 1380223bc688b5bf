/**
 * A finding of a technical inspection report opens an SGI record (issue 40): the step "Abrir
 * registro no SGI" (schemas/rit.ts `abrir-sgi`, keeping the report's state) asks for the finding's
 * number; its effect (findings.ts) creates a quality deviation with the finding's description and
 * severity, linked back to the report (`ticketSgi.rit`, `ticketSgi.ritConstatacao`: the report's
 * related list "Registros SGI das constatações") and sends it to triage
 * (src/server/sgi/open.ts). Once per finding (409 after), 400 for a number the report does
 * not have.
 */
import { openSgiInTriage } from '../sgi/open';
import { registerFindingOpener } from './findings';

registerFindingOpener('abrir-sgi', {
  asked: 'constatacaoSgi',
  entity: 'ticketSgi',
  what: 'o registro no SGI',
  opened: (sgi) => `o registro SGI ${String(sgi.codigo || `nº ${String(sgi.id)}`)}`,
  open: async ({ trx, row, actor }, f) => {
    await openSgiInTriage(
      trx,
      {
        area: 'Qualidade',
        tipo: 'Desvio',
        severidade: f.severidade,
        origem: 'Inspeção interna',
        titulo: `Constatação ${f.n} do ${f.numero}: ${f.descricao}`.slice(0, 150),
        obra: row.obra ?? null,
        dataOcorrencia: row.data,
        descricao: [`${f.origem}, constatação ${f.n}, severidade ${f.severidade}:`, f.descricao, 'As fotos da constatação estão no relatório.']
          .join('\n')
          .slice(0, 4000),
        relator: { mail: actor.email, ...(actor.name ? { nome: actor.name } : {}) },
        ...f.link,
      },
      actor,
      `constatação do RIT ${f.numero}`,
    );
  },
});
