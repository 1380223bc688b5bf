/**
 * `importacao.concluida` (issue 41): the outbox (src/server/webhooks/outbox.ts) delivers an import
 * run as the subscription's account reads `GET /api/v1/importacoes/{id}` — its own runs, or any run
 * for the imports' administrators. Registered here, since the imports sit above the webhooks
 * (src/server/import/job.ts emits the event); imported by src/server/modules/register.ts.
 */
import { IMPORTS_RESOURCE, registerEventSubjectReader } from '../webhooks/events';
import { importRow } from './store';
import { visibleTo } from './access';
import { summaryOf } from './views';

registerEventSubjectReader(IMPORTS_RESOURCE, async (trx, id, actor, schemas) => {
  const run = visibleTo(await importRow(trx, id), actor);
  return summaryOf(
    run,
    schemas.find((s) => s.resource === run.recurso),
  );
});
