import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { SCHEMAS } from '../../schemas';
import { createApp } from './app';
import { serveBuiltApp } from './http/static-assets';
import { serverConfig } from './config';
import { openDatabase, vacuum } from './boot/open-database';
import { poolSizeFromEnv } from './db/connect';
import { admissionFromEnv } from './http/admission';
import { rateLimitStoreFromEnv } from './http/rate-limit-store';
import { apiRateLimitFromEnv } from './http/rate-limit';
import { storageFromEnv } from './storage/storage';
import { identityConfigFromEnv } from './auth/identity-config';
import { startIdentity } from './identity/start';
import { demoAccountsText } from './identity/seed';
import { createTokenVerifier } from './auth/verify';
import { authenticateWith } from './auth/middleware';
import { configRoute } from './auth/config-route';
import { securityFromEnv } from './http/origins';
import { APP_VERSION } from './version';
import { createMailTransport } from './mail/transport';
import { startMailer } from './mail/mailer';
import { startPushWorker } from './notifications/delivery';
import { startWebhookWorker } from './webhooks/delivery';
import { startEngine } from './db/boss';
import { workDailyJobs } from './jobs/runner';
import { workSlaJob } from './sla/jobs';
import { dailyJobs } from './jobs';
import { signInFailureRecorder } from './audit/sign-in-failures';
import { answerBackupSignal, backupSettings, workBackupJob } from './backup/schedule';
import { actorResolver, workImportJobs } from './import/queue';
import { SchemaRegistry } from './schema-config/registry';
import { localIdentityDataDir } from './backup/identity';
import { localIdentityAdmin } from './site-users/identity-admin';
import { cognitoAdminOptions, cognitoIdentityAdmin } from './site-users/cognito-sdk';
import { EventHub } from './events/hub';
import { startEventListener } from './events/listener';
import { CACHED_TABLES } from './events/notify-sql';
import { setCrossProcessNotices, tableWritten } from './crud/write-events';
import { metricsFromEnv } from './health/metrics';
import { workFileTextJob } from './search/file-text-job';
import { gracefulShutdown, onShutdownSignals, shutdownTimeoutFromEnv, trackConnections, type DrainableServer } from './boot/shutdown';

async function main() {
  const cfg = serverConfig();
  const started = Date.now();
  const storage = await storageFromEnv(cfg.dataDir);
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, seed: cfg.seed, storage });
  const mailTransport = createMailTransport({ smtpUrl: process.env.SMTP_URL || undefined, dataDir: cfg.dataDir });
  // GET /metrics when METRICS_TOKEN is set (its mail counters hear the mailer's drains).
  const metrics = metricsFromEnv({ db: database.db, poolStats: database.poolStats });
  // Background work on pg-boss, in the same database (src/server/db/boss.ts): the mail's deliveries and the schedules.
  const engine = await startEngine(database);
  await startMailer(database.db, mailTransport, { onDrain: metrics?.mailDrained });
  // Push notifications to the devices people turned on (issue 41): VAPID keys from the environment or DATA_DIR/secrets.
  await startPushWorker(database.db);
  // Signed webhooks (issue 41): the history after the commit becomes deliveries, sent and retried from the queue.
  const webhooks = await startWebhookWorker(database.db);
  // Daily jobs (delay warning): claimed per day in the database, so one server runs each day's job.
  // The trash's purge of what is past the administrators' period (src/server/trash/purge.ts) is one of them.
  await workDailyJobs(engine.boss, database.db, dailyJobs(storage));
  // SLA (issue 25): breaches, reminders and escalations, every minute; each event claimed once in the database.
  await workSlaJob(engine.boss, database.db, SCHEMAS);
  // The search (issue 39): the text of attached PDF and Office files, read in the background every minute.
  await workFileTextJob(engine.boss, database.db, storage);
  // Backups (issue 35): the daily one, and `npm run backup` answered by this process (src/server/backup/).
  // With the local identity stack, its accounts (DATA_DIR/cognito) go into the backup too.
  const identityDataDir = localIdentityDataDir(cfg.dataDir);
  const backup = { database, storage, databaseUrl: cfg.databaseUrl, schemas: SCHEMAS, version: APP_VERSION, settings: backupSettings(), identityDataDir };
  await workBackupJob(engine.boss, backup);
  // Spreadsheet imports (issue 38): each dry run or import a job of the queue, worked here with the effective schemas.
  const importSchemas = new SchemaRegistry(database.db, SCHEMAS);
  await workImportJobs(engine.boss, {
    db: database.db,
    ready: () => importSchemas.fresh(),
    schemaOf: (resource) => importSchemas.get(resource),
    schemaByName: (name) => importSchemas.all().find((s) => s.name === name),
    actorFor: actorResolver(database.db, {
      environment: cfg.environment,
      schemas: () => importSchemas.all(),
      internalFields: () => importSchemas.internalFields(),
    }),
  });

  const stopAnsweringBackups = answerBackupSignal(cfg.dataDir, backup);
  // Live updates: this process's LISTEN on portal_eventos feeds its open streams (src/server/events/).
  const events = new EventHub();
  // The same connection hears which cached tables any process wrote (NOTIFY portal_cache): this
  // process's caches drop what they derived from them at once (src/server/crud/write-events.ts).
  const listener = startEventListener(database.listenVia, () => events.signal(), {
    onCacheNotice: (table) => {
      if (table !== '*') return tableWritten(table);
      setCrossProcessNotices(true); // back after a lost connection: forget everything once
      for (const t of CACHED_TABLES) tableWritten(t);
    },
    onLost: () => setCrossProcessNotices(false),
  });
  void listener.ready.then(() => setCrossProcessNotices(true));

  // Real Cognito when the environment names it; otherwise the local stack on fixed ports
  // (COGNITO_PORT, IDP_PORT), so tokens a browser kept stay valid across restarts.
  const local = !identityConfigFromEnv();
  // Sign-in throttling and the API's rate limit count in Redis (REDIS_URL) or the database: shared by every process.
  const rateLimits = rateLimitStoreFromEnv(database.db);
  // The local stack's failed sign-ins, with their reason, go to the audit trail (issue 35; with Cognito the app reports them).
  const stack = await startIdentity(
    { ...process.env, DATA_DIR: cfg.dataDir, PUBLIC_URL: cfg.publicUrl },
    { throttle: { store: rateLimits.store, onFailure: signInFailureRecorder(database.db) } },
  );
  const identity = stack.config;
  const verify = createTokenVerifier(identity);
  // People of a site: the local pool through the emulator, or the real pool through the AWS SDK.
  const identityAdmin = stack.emulator ? localIdentityAdmin(stack.emulator, identity.userPoolId) : cognitoIdentityAdmin(cognitoAdminOptions(identity));

  let draining = false;
  const app = createApp({
    db: database.db,
    schemas: SCHEMAS,
    storage,
    version: APP_VERSION,
    environment: cfg.environment,
    authenticate: authenticateWith(verify),
    identityAdmin,
    security: securityFromEnv(process.env, identity),
    publicRoutes: (api) => api.route('/config', configRoute(identity, APP_VERSION)),
    admission: admissionFromEnv(database.kind, poolSizeFromEnv()),
    rateLimit: apiRateLimitFromEnv(rateLimits.store),
    events,
    draining: () => draining,
    metrics: metrics ?? null,
    poolStats: database.poolStats,
    signInFailureReports: !local,
  });

  // The single-page app: static files, and index.html for every other path (client routing).
  // Precompressed (.br/.gz) by Accept-Encoding; hashed assets immutable, index.html no-cache.
  if (existsSync(join(cfg.staticDir, 'index.html'))) serveBuiltApp(app, cfg.staticDir);

  const server = serve({ fetch: app.fetch, port: cfg.port, hostname: cfg.host }, (info) => {
    const url = cfg.publicUrl;
    const lines = [
      '',
      `Portal ${APP_VERSION} em ${url}  (porta ${info.port}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `Banco de dados: ${database.kind === 'pglite' ? `PGlite embutido em ${cfg.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}${database.seeded ? ' — dados de demonstração criados' : ''}`,
      `E-mails: ${mailTransport.where}`,
    ];
    if (local) {
      lines.push(`Identidade local: pool ${identity.userPoolId}, login corporativo em https://${identity.oauth.domain}`);
      lines.push('', demoAccountsText());
      lines.push(
        '',
        `Abra ${url} no navegador (este endereço: o login volta só para ele).`,
        'Contas corporativas: na primeira entrada o navegador avisa que a página de login local não é segura',
        '(certificado criado nesta máquina): escolha "Avançado" e "Continuar"; contas de login próprio entram direto.',
      );
    } else lines.push('', `Abra ${url} no navegador.`);
    console.log(lines.join('\n') + '\n');
  });

  const connections = trackConnections(server as DrainableServer); // the drain needs to know which are busy

  // The embedded database's stand-in for autovacuum.
  const vacuumTimer =
    database.kind === 'pglite'
      ? setInterval(() => void vacuum(database).catch((e) => console.error('[db] VACUUM falhou', e)), 10 * 60 * 1000).unref()
      : undefined;

  // Graceful shutdown (src/server/boot/shutdown.ts): in-flight requests and running jobs finish, within SHUTDOWN_TIMEOUT_MS.
  onShutdownSignals(async () => {
    clearInterval(vacuumTimer);
    const outcome = await gracefulShutdown({
      server: server as DrainableServer,
      connections,
      beginDrain: () => {
        draining = true;
        events.close(); // open streams end, so the server can close
      },
      // The engine stops its workers (mail, push, daily jobs, SLA) and waits for their running jobs, up to a second before the limit.
      // The webhooks' outbox pass and worker first (their timer must not run on a closed database).
      stopWork: [() => webhooks.stop().then(() => engine.stop(Math.max(1000, shutdownTimeoutFromEnv() - 1000)))],
      finally: [() => listener.stop(), () => stack.stop(), () => rateLimits.close(), () => database.close(), async () => stopAnsweringBackups()],
      timeoutMs: shutdownTimeoutFromEnv(),
    });
    console.log(`[encerramento] concluído em ${outcome.ms} ms${outcome.clean ? '' : ' (com cortes no limite)'}`);
  });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
