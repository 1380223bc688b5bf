/**
 * Where the features plug into the generic engine. Imported once by the composition root
 * (`src/server/app.ts`, `src/server/boot/open-database.ts`), and so by everything that builds the
 * API (the server, the tests' `mocks/test-app.ts`, the benchmarks).
 *
 * - Entity hooks and named workflow guards/effects: one file per entity under `entities/`, each
 *   registering its rules (`registerEntityHooks`, `registerGuard`, `registerAfter`). The order of
 *   the imports is the order the hooks of one entity run in.
 * - Core tables of the engine and the features, and the steps that run with them at every start
 *   (`registerCoreSql`, `registerAfterCoreSql`, src/server/db/migrate.ts).
 */
import { SCHEMAS } from '../../../schemas';
import { registerEntityHooks } from '../crud/hooks-registry';
import { registerAfterCoreSql, registerAfterMigrate, registerCoreSql } from '../db/migrate';
import { MAIL_CORE_SQL } from '../mail/queue';
import { JOB_CORE_SQL } from '../jobs/runner';
import { SCHEDULE_CORE_SQL } from '../schedule/tables';
import { SURVEY_CORE_SQL } from '../survey/invitations';
import { FILE_CORE_SQL } from '../storage/file-tables';
import { SCHEMA_OVERLAY_CORE_SQL } from '../schema-config/store';
import { PENDING_SQL, adoptCompanyReferences } from './empresa';
import { backfillInteractionSites, clientGates, clientReplyDefaults } from './client-replies';

import './entities/diario';
import './entities/diario-os';
import './entities/eap-os';
import './entities/produto-contrato';
import './entities/material';
import './entities/checklist-preenchido';
import './entities/os';
import './entities/relato-etica';
import './entities/empresa';
import './entities/obra';
import './entities/contrato';
import './entities/ticket-interacao';
import './entities/posvenda';
import './entities/usuario';
import './entities/portal-fornecedor';
import './entities/plano-acao';
import './entities/ticket-sgi';

// Decision 30: a client's new record in a related list whose `addBy` admits clients (a ticket's
// interactions) keeps only the fields the list allows, plus the values it sets (client-replies.ts).
for (const schema of SCHEMAS) {
  if (clientGates(schema).length) registerEntityHooks(schema.name, { beforeValidate: ({ schema: s, actor, body }) => clientReplyDefaults(s, actor, body) });
}

registerCoreSql('mail', MAIL_CORE_SQL);
registerCoreSql('jobs', JOB_CORE_SQL);
registerCoreSql('schedule', SCHEDULE_CORE_SQL);
registerCoreSql('survey', SURVEY_CORE_SQL);
registerCoreSql('files', FILE_CORE_SQL);
registerCoreSql('schema-config', SCHEMA_OVERLAY_CORE_SQL);
// Company texts the registry migration could not match (src/server/modules/empresa.ts).
registerCoreSql('empresa', [PENDING_SQL]);
// Free-text company names becoming company references: matched or set aside before the foreign keys.
registerAfterCoreSql('empresa', adoptCompanyReferences);
// Interactions written before they carried their ticket's site get it once (client-replies.ts).
registerAfterMigrate('ticketInteracao', backfillInteractionSites);
