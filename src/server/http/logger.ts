/**
 * The API's structured logs (issue 35): one JSON object per line on standard output (pino), so
 * support goes from the "código do erro" of a screenshot to the request's line (`requestId`).
 * `LOG_LEVEL` (fatal, error, warn, info, debug, trace, silent) sets the level: `info` by default,
 * `silent` under the tests unless set.
 */
import { pino, type Logger, type LevelWithSilent } from 'pino';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The level of `LOG_LEVEL` (an unknown value falls back to the default). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const asked = (env.LOG_LEVEL ?? '').trim().toLowerCase() as LevelWithSilent;
  if (LEVELS.includes(asked)) return asked;
  return env.VITEST ? 'silent' : 'info';
}

/** A logger writing JSON lines to `destination` (standard output by default). */
export function createLogger(opts: { level?: LevelWithSilent; destination?: { write(line: string): void } } = {}): Logger {
  const options = {
    level: opts.level ?? logLevelFromEnv(),
    base: { app: 'portal' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return opts.destination ? pino(options, opts.destination as never) : pino(options);
}

/** The process's logger. */
export const logger: Logger = createLogger();
