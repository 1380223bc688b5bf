/** The trash's daily purge (src/server/trash/purge.ts) as one of the daily jobs: once a day whatever the number of processes, from 2 h. */
import type { FileStorage } from '../storage/storage';
import { removeStoredFiles } from '../storage/file-access';
import { purgeExpiredIn } from '../trash/purge';
import type { DailyJob } from './runner';

export function trashPurgeJob(storage: FileStorage | undefined): DailyJob {
  return {
    name: 'expurgo-lixeira',
    fromHour: 2,
    run: async (trx) => purgeExpiredIn(trx),
    // The stored objects of the files only the purged entries held go once the purge committed.
    afterCommit: async (result) => {
      const { freed } = result as { freed: string[] };
      if (storage && freed.length) await removeStoredFiles(storage, freed);
    },
  };
}
