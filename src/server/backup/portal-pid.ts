/**
 * The running portal's process id in DATA_DIR/portal.pid (written at start, removed when it stops):
 * the commands that must not open the embedded database while a portal holds it (`npm run backup`,
 * `restore`, `search:rebuild`) ask here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PID_FILE = 'portal.pid';

/** The id of a live portal process on `dataDir`, or undefined (no file, or a process that is gone). */
export function runningPortalPid(dataDir: string): number | undefined {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Whether `dataDir` holds an embedded database (PGlite's data folder). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
