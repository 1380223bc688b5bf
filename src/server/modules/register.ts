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
// First: the engine's lifecycle of every record (SLA, files, edit rules, trash, transitions' routes).
import './engine-lifecycle';
import { SCHEMAS } from '../../../schemas';
import { registerEntityHooks } from '../crud/hooks-registry';
import { registerAfterCoreSql, registerAfterMigrate, registerAfterTablesSql, registerCoreSql } from '../db/migrate';
import { MAIL_CORE_SQL } from '../mail/queue';
import { AUDIT_CORE_SQL } from '../crud/audit';
import { AUDIT_TRAIL_CORE_SQL } from '../audit/access-events';
import { SESSIONS_CORE_SQL } from '../sessions/store';
import { JOB_CORE_SQL } from '../jobs/runner';
import { SCHEDULE_CORE_SQL } from '../schedule/tables';
import { SURVEY_CORE_SQL } from '../pesquisa-satisfacao/invitations';
import { FILE_CORE_SQL } from '../storage/file-tables';
import { SCHEMA_OVERLAY_CORE_SQL } from '../schema-config/store';
import { CALENDAR_CORE_SQL } from '../sla/calendar-config';
import { SLA_CORE_SQL } from '../sla/policy';
import { backfillSla } from '../sla/engine';
import { cacheNoticeSql, eventsCoreSql } from '../events/notify-sql';
import { EMAIL_ACTION_CORE_SQL } from '../workflow/email-actions';
import { PREFERENCES_CORE_SQL } from '../preferencias/store';
import { NOTIFICATION_CORE_SQL } from '../notifications/tables';
import { CALENDAR_FEED_CORE_SQL } from '../calendar-feed/store';
import { IDEMPOTENCY_CORE_SQL } from '../idempotency';
import { MFA_CORE_SQL } from '../mfa/store';
import { SETTINGS_CORE_SQL } from '../settings/store';
import { TRASH_CORE_SQL } from '../trash/tables';
import { MAINTENANCE_CORE_SQL } from '../maintenance/store';
import { IMPORT_CORE_SQL } from '../import/store';
import '../import/webhook-reader';
import { SEARCH_CORE_SQL } from '../search/tables';
import { SAVED_VIEWS_CORE_SQL } from '../saved-views/tables';
import { ETHICS_CORE_SQL } from '../ethics/tables';
import { SERVICE_ACCOUNTS_CORE_SQL } from '../service-accounts/store';
import { WEBHOOK_CORE_SQL } from '../webhooks/tables';
import { emitWebhookEvent } from '../webhooks/events';
import { onSlaBreach } from '../sla/events';
import { PENDING_SQL, adoptCompanyReferences } from './empresa';
import { backfillInteractionSites, clientGates, clientReplyDefaults } from './client-replies';

// A module in maintenance refuses its writes whatever route or job makes them (issue 40).
import '../maintenance/write-gate';
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
import './entities/ausencia';
import './entities/feriado';
// A site's plan sheets and punch list (issue 42): their write rules, the pins' table (src/server/plantas/).
import './entities/folha-planta';
import './entities/item-verificacao';
import '../plantas/register';
// Signatures of the daily report (issue 26): its tables, the reopening and distribution effects.
import '../signatures/register';
// The technical inspection report as a document of record, its findings opening SGI records (issue 40).
import '../rit/register';
// The weather of the daily report (issue 26): its cache table (src/server/weather/).
import '../weather/register';
// Insurance (issue 40): the policy in force from its issued endorsements, their workflow hooks (src/server/insurance/).
import '../insurance/register';

// Decision 30: a client's new record in a related list whose `addBy` admits clients (a ticket's
// interactions) keeps only the fields the list allows, plus the values it sets (client-replies.ts).
for (const schema of SCHEMAS) {
  if (clientGates(schema).length) registerEntityHooks(schema.name, { beforeValidate: ({ schema: s, actor, body }) => clientReplyDefaults(s, actor, body) });
}

registerCoreSql('audit', AUDIT_CORE_SQL); // who acted "em nome de" whom (decision 31)
// The audit trail (issue 35): access events, and where each history entry came from (src/server/audit/).
registerCoreSql('audit-trail', AUDIT_TRAIL_CORE_SQL);
registerCoreSql('mail', MAIL_CORE_SQL);
registerCoreSql('jobs', JOB_CORE_SQL);
// The e-mail buttons spent (one row per jti) and each person's preferences (daily digest), issue 25.
registerCoreSql('acoes-email', EMAIL_ACTION_CORE_SQL);
registerCoreSql('preferencias', PREFERENCES_CORE_SQL);
registerCoreSql('notificacoes', NOTIFICATION_CORE_SQL); // push devices and notices (issue 41)
registerCoreSql('calendario-feed', CALENDAR_FEED_CORE_SQL); // personal calendar addresses (issue 41)
// The first answers of the writes sent with an Idempotency-Key (issue 26, src/server/idempotency/).
registerCoreSql('idempotencia', IDEMPOTENCY_CORE_SQL);
// The second factor's enrolments and hashed recovery codes (src/server/mfa, issue 35).
registerCoreSql('mfa', MFA_CORE_SQL);
// Each person's sessions: last use, device, place, ended at/by (src/server/sessions, issue 35).
registerCoreSql('sessoes', SESSIONS_CORE_SQL);
// The portal settings administrators change (src/server/settings, issue 35).
registerCoreSql('configuracoes', SETTINGS_CORE_SQL);
// Deleted records, restorable for the period the administrators set (src/server/trash, issue 35).
registerCoreSql('lixeira', TRASH_CORE_SQL);
// The maintenance switch: the scopes in maintenance, a cached table of every process (src/server/maintenance, issue 40).
registerCoreSql('manutencao', MAINTENANCE_CORE_SQL);
// Spreadsheet imports: each run, its rows' outcomes, the last mapping per person, the records each file created (issue 38).
registerCoreSql('importacao', IMPORT_CORE_SQL);
// The search across every module: its index, kept by a trigger on the history (src/server/search, issue 39).
registerCoreSql('busca', SEARCH_CORE_SQL);
// Saved views of the lists and the inbox, each person's default per list (src/server/saved-views, issue 39).
registerCoreSql('visoes', SAVED_VIEWS_CORE_SQL);
// The public ethics channel: follow-up passwords (hashed), the threads, files not yet in a report (issue 40).
registerCoreSql('canal-etica', ETHICS_CORE_SQL);
// Service accounts and their API keys (hashed), for other systems (src/server/service-accounts, issue 41).
registerCoreSql('contas-servico', SERVICE_ACCOUNTS_CORE_SQL);
// Signed webhooks: subscriptions, their deliveries, the outbox's cursor in the history (src/server/webhooks, issue 41).
registerCoreSql('webhooks', WEBHOOK_CORE_SQL);
// An SLA breach is the webhook event `sla.estourado` of its record, by the clock, written with the breach's claim.
onSlaBreach((trx, schema, id) => emitWebhookEvent(trx, { evento: 'sla.estourado', recurso: schema.resource, registroId: id }));
registerCoreSql('schedule', SCHEDULE_CORE_SQL);
registerCoreSql('pesquisa-satisfacao', SURVEY_CORE_SQL);
registerCoreSql('files', FILE_CORE_SQL);
registerCoreSql('schema-config', SCHEMA_OVERLAY_CORE_SQL);
// The business calendar's working hours, one record (src/server/sla/calendar-config.ts; holidays: the entity feriado).
registerCoreSql('calendario', CALENDAR_CORE_SQL);
// Live updates: a committed history entry of a pending resource sends NOTIFY portal_eventos (src/server/events/).
registerCoreSql('events', eventsCoreSql(SCHEMAS));
// Writes of the tables processes cache notify every process (src/server/events/notify-sql.ts).
registerAfterTablesSql('cache-notices', cacheNoticeSql());
// Company texts the registry migration could not match (src/server/modules/empresa.ts).
registerCoreSql('empresa', [PENDING_SQL]);
// Free-text company names becoming company references: matched or set aside before the foreign keys.
registerAfterCoreSql('empresa', adoptCompanyReferences);
// Interactions written before they carried their ticket's site get it once (client-replies.ts).
registerAfterMigrate('ticketInteracao', backfillInteractionSites);
// SLA (issue 25): its tables, and the deadlines of the records written before the SLA fields existed.
registerCoreSql('sla', SLA_CORE_SQL);
registerAfterMigrate('sla', backfillSla);
