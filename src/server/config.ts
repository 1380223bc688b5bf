import { resolve } from 'node:path';

/** Server settings from the environment, with the embedded defaults. */
export function serverConfig(env = process.env) {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    environment: (env.PORTAL_ENV === 'dev' ? 'dev' : 'prod') as 'prod' | 'dev',
    seed: env.SEED !== '0',
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
  };
}
export type ServerConfig = ReturnType<typeof serverConfig>;
