import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { SCHEMAS } from '../../schemas';
import { createApp } from './app';
import { serverConfig } from './config';
import { openDatabase, vacuum } from './db/open';
import { storageFromEnv } from './storage/storage';
import { identityConfigFromEnv } from './identity/config';
import { startIdentity } from './identity/start';
import { demoAccountsText } from './identity/seed';
import { createTokenVerifier } from './auth/verify';
import { authenticateWith } from './auth/middleware';
import { configRoute } from './auth/config-route';
import { APP_VERSION } from './version';
import { createMailTransport } from './mail/transport';
import { startMailer } from './mail/mailer';
import { localIdentityAdmin } from './site-users/identity-admin';
import { cognitoAdminOptions, cognitoIdentityAdmin } from './site-users/cognito-sdk';

async function main() {
  const cfg = serverConfig();
  const started = Date.now();
  const storage = await storageFromEnv(cfg.dataDir);
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, seed: cfg.seed, storage });
  const mailTransport = createMailTransport({ smtpUrl: process.env.SMTP_URL || undefined, dataDir: cfg.dataDir });
  const mailer = startMailer(database.db, mailTransport);

  // Real Cognito when the environment names it; otherwise the local stack on fixed ports
  // (COGNITO_PORT, IDP_PORT), so tokens a browser kept stay valid across restarts.
  const local = !identityConfigFromEnv();
  const stack = await startIdentity({ ...process.env, DATA_DIR: cfg.dataDir, PUBLIC_URL: cfg.publicUrl });
  const identity = stack.config;
  const verify = createTokenVerifier(identity);
  // People of a site: the local pool through the emulator, or the real pool through the AWS SDK.
  const identityAdmin = stack.emulator ? localIdentityAdmin(stack.emulator, identity.userPoolId) : cognitoIdentityAdmin(cognitoAdminOptions(identity));

  const app = createApp({
    db: database.db,
    schemas: SCHEMAS,
    storage,
    version: APP_VERSION,
    environment: cfg.environment,
    authenticate: authenticateWith(verify),
    identityAdmin,
    publicRoutes: (api) => api.route('/config', configRoute(identity, APP_VERSION)),
  });

  // The single-page app: static files, and index.html for every other path (client routing).
  if (existsSync(join(cfg.staticDir, 'index.html'))) {
    const indexHtml = await readFile(join(cfg.staticDir, 'index.html'), 'utf8');
    app.use('/assets/*', serveStatic({ root: cfg.staticDir, onFound: (_p, c) => { c.header('cache-control', 'public, max-age=31536000, immutable'); } }));
    app.use('*', serveStatic({ root: cfg.staticDir }));
    app.get('*', (c) => c.html(indexHtml));
  }

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
    }
    console.log(lines.join('\n') + '\n');
  });

  // The embedded database's stand-in for autovacuum.
  const vacuumTimer =
    database.kind === 'pglite'
      ? setInterval(() => void vacuum(database).catch((e) => console.error('[db] VACUUM falhou', e)), 10 * 60 * 1000).unref()
      : undefined;

  const shutdown = async () => {
    clearInterval(vacuumTimer);
    server.close();
    await mailer.stop();
    await stack.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
