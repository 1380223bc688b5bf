/**
 * What the maintenance switch adds to the engine (imported by src/server/modules/register.ts): a
 * write gate. The HTTP guard (routes.ts) refuses the writes sent to a module's own routes; this gate
 * refuses those that reach the module's records another way — a spreadsheet import, a bulk action of
 * "Minhas pendências", an e-mail button, a restore from the trash — with the same 503 and sentence.
 * Administrators keep writing (`bypassesMaintenance`); the system's own writes (no person) go on.
 */
import { bypassesMaintenance, resourceMaintenance } from '../../../resources/maintenance';
import { registerWriteGate } from '../crud/hooks-registry';
import { ApiError } from '../http/errors';
import { activeMaintenance, maintenanceMessage } from './store';

registerWriteGate(async ({ db, schema, actor }) => {
  if (!actor || bypassesMaintenance(actor.ability)) return;
  const m = resourceMaintenance(schema.resource, await activeMaintenance(db));
  if (m) throw new ApiError(503, maintenanceMessage(m));
});
