/**
 * The data a field form needs, kept on the device for the sites the person works on (issue 26):
 * while online, once per session and every few hours, the app reads for each of the person's sites
 * what its field forms read (the site's RDO configuration lists; the work orders and checklist
 * templates of the checklist fill). The reads go through the data provider with the same
 * parameters as the screens, so the service worker's API cache (`portal-api`) answers the same
 * addresses offline. Only what the API gives this person is kept, and it is deleted on sign-out.
 */
import { useEffect } from 'react';
import { useDataProvider, useApiUrl, type DataProvider } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import { useAbility, useCurrentUser } from '../../access/ability-context';
import { checklistSourceQueries } from '../checklist/checklist-source-queries';
import { rdoOptionsQuery } from '../rdo/rdo-options-query';

const EVERY_MS = 4 * 60 * 60 * 1000;
/** A person on many sites: the first ones are kept (the others when visited). */
const MAX_SITES = 10;
const STAMP = 'dadosDeCampo';

function lastRun(email: string): number {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STAMP) ?? 'null') as { email?: string; at?: number } | null;
    return raw?.email === email && typeof raw.at === 'number' ? raw.at : 0;
  } catch {
    return 0;
  }
}

/** Reads, per site, what the field forms the person may fill read; answers how many reads succeeded. */
export async function keepSiteData(dp: DataProvider, apiUrl: string, sites: string[], can: { rdo: boolean; checklist: boolean }): Promise<number> {
  const reads: Promise<unknown>[] = [];
  const os = schemaByName('osField');
  const templates = schemaByName('checklistTemplateField');
  for (const obra of sites.slice(0, MAX_SITES)) {
    if (can.rdo && dp.custom) reads.push(dp.custom(rdoOptionsQuery(apiUrl, obra)));
    if (can.checklist && os && templates) for (const q of checklistSourceQueries(os, templates, obra)) reads.push(dp.getList(q));
  }
  const results = await Promise.allSettled(reads);
  return results.filter((r) => r.status === 'fulfilled').length;
}

export function SiteDataKeeper(): null {
  const user = useCurrentUser();
  const ability = useAbility();
  const dataProvider = useDataProvider();
  const apiUrl = useApiUrl();
  const sites = user?.obra ?? [];
  const can = { rdo: ability.can('create', 'RDO'), checklist: ability.can('create', 'FIELD') };
  const key = `${user?.email}|${sites.join(',')}|${can.rdo}|${can.checklist}`;

  useEffect(() => {
    if (!user?.email || !sites.length || (!can.rdo && !can.checklist)) return;
    const run = () => {
      if (!navigator.onLine || Date.now() - lastRun(user.email) < EVERY_MS) return;
      sessionStorage.setItem(STAMP, JSON.stringify({ email: user.email, at: Date.now() }));
      void keepSiteData(dataProvider(), apiUrl, sites, can).catch(() => undefined);
    };
    // After the first screen settled: it has the network first.
    const timer = setTimeout(run, 5_000);
    window.addEventListener('online', run);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', run);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
