/**
 * The engine's lifecycle of every record (src/server/crud/lifecycle.ts), installed once: the
 * workflow's edit rules and transitions' routes, the SLA's clocks, the files a record names and the
 * trash. Imported first by `src/server/modules/register.ts`, so that whatever builds the API (the
 * server, the tests, the benchmarks) has it before the first write.
 */
import { registerEngineLifecycle } from '../crud/lifecycle';
import { refuseDeleteInState, refuseStateEdit, stateEditRight } from '../workflow/edit-rules';
import { transitionRoutes } from '../workflow/transition-routes';
import { applySla } from '../sla/engine';
import { attachRecordFiles } from '../storage/file-access';
import { moveToTrash } from '../trash/move';

registerEngineLifecycle({
  refuseStateEdit,
  stateEditRight,
  refuseDeleteInState,
  afterStore: (trx, schema, row) => applySla(trx, schema, row),
  attachFiles: attachRecordFiles,
  moveToTrash,
  recordRoutes: transitionRoutes,
});
