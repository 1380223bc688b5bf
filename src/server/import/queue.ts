/**
 * The import's phases as jobs of the pg-boss queue `importacao` (src/server/db/boss.ts), worked by
 * every server process (src/server/main.ts), one job at a time per process. Without an engine
 * (tests, tools) a phase runs in this process, in the background.
 */
import type { PgBoss } from 'pg-boss';
import { defineAbilityFor, draftStatesOf } from '../../access/ability';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import { withDirectoryAccess } from '../site-users/directory';
import type { Actor } from '../crud/record-access';
import { runPhase, type ImportDeps } from './job';
import type { Phase } from './store';

export const IMPORT_QUEUE = 'importacao';

export interface ImportJob {
  id: number;
  phase: Phase;
}

/** Phases run in this process without an engine (awaited by `settled()` in tests). */
const running = new Set<Promise<void>>();

export async function startPhase(deps: ImportDeps, id: number, phase: Phase): Promise<void> {
  const boss = bossOf(deps.db);
  if (boss) {
    await boss.send(IMPORT_QUEUE, { id, phase } satisfies ImportJob, { retryLimit: 0 });
    return;
  }
  const p = runPhase(deps, id, phase).catch((e) => console.error('[importacao]', e));
  running.add(p);
  void p.finally(() => running.delete(p));
}

/** Resolves when the phases this process started without an engine have ended. */
export async function settled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** The person as the rules see them when the job runs: the directory's sites and roles; none when deactivated. */
export function actorResolver(
  db: Db,
  opts: { environment: 'prod' | 'dev'; schemas: () => readonly EntitySchema[]; internalFields: () => Readonly<Record<string, readonly string[]>> },
): (user: PortalUser) => Promise<Actor | undefined> {
  return async (stored) => {
    const user = await withDirectoryAccess(db, stored);
    if (!user) return undefined;
    const ability = defineAbilityFor(user, {
      environment: opts.environment,
      internalFields: opts.internalFields(),
      draftStates: draftStatesOf(opts.schemas()),
    });
    return { email: user.email, name: user.name, ability, client: isExternalUser(user), roles: user.roles, emNomeDe: user.emNomeDe };
  };
}

/** This process works the import queue (after `startEngine`). */
export async function workImportJobs(boss: PgBoss, deps: ImportDeps): Promise<{ stop: () => Promise<void> }> {
  if (!(await boss.getQueue(IMPORT_QUEUE))) {
    await boss
      .createQueue(IMPORT_QUEUE, { retryLimit: 0, expireInSeconds: 4 * 3600, heartbeatSeconds: 30 })
      .catch(async (e) => void ((await boss.getQueue(IMPORT_QUEUE)) ?? Promise.reject(e)));
  }
  const id = await boss.work<ImportJob>(IMPORT_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await runPhase(deps, job.data.id, job.data.phase);
  });
  return { stop: () => boss.offWork(IMPORT_QUEUE, { id, wait: true }) };
}
