/**
 * The data a field form needs, kept on the device for the sites the person works on (issue 26):
 * while online, as soon as the person is signed in and then every few hours (or on "Atualizar
 * agora"), the app reads what the field forms the person
 * may fill read — per site, the guard's check of the site, the RDO configuration lists, the EAP items, the OPEN work orders, the
 * checklist templates and the site's people (person fields of the site's people); and the first page
 * of each reference picker and other person field of those forms. The reads
 * go through the screens' own query declarations, so the service worker's API cache (`portal-api`)
 * answers the same addresses offline. Only what the API gives this person is kept, and it is deleted
 * on sign-out.
 */
import { useEffect, useState } from 'react';
import { useDataProvider, useApiUrl, type DataProvider } from '@refinedev/core';
import { SCHEMAS, schemaByName } from '../../../../schemas';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import type { AppAbility } from '../../../access/ability';
import { isExternalUser, type PortalUser } from '../../../access/user';
import { EAP_AREAS, canPickEapCodes } from '../../../access/eap-codes';
import { useAbility, useCurrentUser } from '../../access/ability-context';
import { fetchPeople, peopleQueryUrl } from '../../fields/inputs/people-query';
import { referenceFirstPage, referenceOptionsQuery } from '../../fields/inputs/reference-options-query';
import { refTarget } from '../../fields/options';
import { checklistSourceQueries } from '../checklist/checklist-source-queries';
import { eapCodesQuery } from '../eap/eap-codes-query';
import { rdoOptionsQuery } from '../rdo/rdo-options-query';
import { copyPreviousQuery } from '../rdo/copy-previous-button';
import { SITE_DATA_STAMP } from '../../pwa/sw-routes';
import { createObraCheck } from '../../guard/obra-check';

const EVERY_MS = 4 * 60 * 60 * 1000;
/** A person on many sites: the first ones are kept (the others when visited). */
const MAX_SITES = 10;
/** When the data was last kept on this device, per person (localStorage: a reload or another tab does not start over). */
const STAMP = SITE_DATA_STAMP;
/** Asks the keeper to refresh now ("Atualizar agora" on "No aparelho"). */
export const REFRESH_SITE_DATA = 'portal:atualizar-dados-de-campo';

export interface SiteDataStamp {
  email: string;
  /** ms since the epoch. */
  at: number;
  /** How many reads succeeded, of how many. */
  ok: number;
  total: number;
}

/** When this person's field data was last kept on the device, if ever. */
export function siteDataStamp(email: string | undefined): SiteDataStamp | undefined {
  if (!email) return undefined;
  try {
    const raw = JSON.parse(localStorage.getItem(STAMP) ?? 'null') as SiteDataStamp | null;
    return raw?.email === email && typeof raw.at === 'number' ? raw : undefined;
  } catch {
    return undefined;
  }
}

function lastRun(email: string): number {
  return siteDataStamp(email)?.at ?? 0;
}

/** The fields of a form, those inside row groups too. */
function allFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.flatMap((f) => [f, ...allFields(f.fields ?? [])]);
}

/** The forms that work offline (schemas with `offline: true`) the person may fill, as in effect. */
export function offlineFormsOf(ability: AppAbility): EntitySchema[] {
  return SCHEMAS.filter((s) => s.offline && ability.can('create', s.subject));
}

type Reads = Map<string, () => Promise<unknown>>;

/** Reads a site's field form makes beyond its fields' pickers (its configuration, its sources). */
const SITE_READS: Record<string, (dp: DataProvider, apiUrl: string, obra: string, add: (key: string, run: () => Promise<unknown>) => void) => void> = {
  diario: (dp, apiUrl, obra, add) => {
    // The RDO's configuration lists, and the site's latest report for "Copiar do dia anterior".
    for (const q of [rdoOptionsQuery(apiUrl, obra), copyPreviousQuery(apiUrl, obra)]) {
      if (dp.custom) add(`custom ${q.url} ${JSON.stringify(q.query)}`, () => dp.custom!(q));
    }
  },
  checklistPreenchidoField: (dp, _apiUrl, obra, add) => {
    const os = schemaByName('osField');
    const templates = schemaByName('checklistTemplateField');
    if (os && templates) for (const q of checklistSourceQueries(os, templates, obra)) add(`list ${JSON.stringify(q)}`, () => dp.getList(q));
  },
};

/** Every read, once per address, for the person's field forms on `sites`. */
export function siteDataReads(dp: DataProvider, apiUrl: string, sites: string[], ability: AppAbility, user: PortalUser | null): Reads {
  const reads: Reads = new Map();
  const add = (key: string, run: () => Promise<unknown>) => void (reads.has(key) || reads.set(key, run));
  const kept = sites.slice(0, MAX_SITES);
  // The guard's check of each site (the site's pages open offline only with its answer on the device).
  const forms = offlineFormsOf(ability);
  if (forms.some((s) => s.obraField)) {
    const check = createObraCheck({ apiUrl });
    for (const obra of kept)
      add(`obra ${obra}`, () =>
        check(obra).then((r) => {
          if (r.state !== 'ok') throw new Error(`obra ${obra}: ${r.state}`);
        }),
      );
  }
  for (const schema of forms) {
    for (const obra of kept) SITE_READS[schema.name]?.(dp, apiUrl, obra, add);
    for (const field of allFields(schema.fields)) {
      // The staff directory is for staff; a picker's records only where the person reads them.
      if (field.kind === 'person' && user && !isExternalUser(user)) {
        // A picker of the site's people: each site's own (the API answers only for a site the person reads).
        const people = field.personOfSite && schema.obraField ? kept : [undefined];
        for (const obra of people) add(`pessoas ${peopleQueryUrl(field, '', apiUrl, obra)}`, () => fetchPeople(field, '', obra));
      }
      const target = field.kind === 'reference' ? refTarget(field) : undefined;
      if (target && ability.can('read', target.subject)) {
        const q = referenceOptionsQuery(field);
        if (q) add(`list ${JSON.stringify(referenceFirstPage(q))}`, () => dp.getList(referenceFirstPage(q)));
      }
      const eap = field.eapCodeOf;
      if (eap && dp.custom) {
        for (const obra of kept) {
          const areas = eap.area ? EAP_AREAS.filter((a) => canPickEapCodes(ability, user, obra, a)) : [undefined];
          for (const area of areas) {
            const q = eapCodesQuery(apiUrl, obra, area);
            add(`custom ${q.url} ${JSON.stringify(q.query)}`, () => dp.custom!(q));
          }
        }
      }
    }
  }
  return reads;
}

/** Reads what the person's field forms need on `sites`; answers how many reads succeeded. */
export async function keepSiteData(dp: DataProvider, apiUrl: string, sites: string[], ability: AppAbility, user: PortalUser | null): Promise<number> {
  return (await keepSiteDataCounted(dp, apiUrl, sites, ability, user)).ok;
}

async function keepSiteDataCounted(dp: DataProvider, apiUrl: string, sites: string[], ability: AppAbility, user: PortalUser | null) {
  const reads = [...siteDataReads(dp, apiUrl, sites, ability, user).values()];
  const results = await Promise.allSettled(reads.map((run) => run()));
  return { ok: results.filter((r) => r.status === 'fulfilled').length, total: reads.length };
}

/** This person's stamp, following each refresh (for "No aparelho"). */
export function useSiteDataStamp(email: string | undefined): SiteDataStamp | undefined {
  const [stamp, setStamp] = useState(() => siteDataStamp(email));
  useEffect(() => {
    const update = () => setStamp(siteDataStamp(email));
    update();
    window.addEventListener(STAMP, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(STAMP, update);
      window.removeEventListener('storage', update);
    };
  }, [email]);
  return stamp;
}

export function SiteDataKeeper(): null {
  const user = useCurrentUser();
  const ability = useAbility();
  const dataProvider = useDataProvider();
  const apiUrl = useApiUrl();
  const sites = user?.obra ?? [];
  const forms = offlineFormsOf(ability).map((s) => s.name);
  const key = `${user?.email}|${sites.join(',')}|${forms.join(',')}`;

  useEffect(() => {
    if (!user?.email || !forms.length) return;
    let running = false;
    // The reads stay on the device only through the service worker (its API cache): on the first visit
    // it controls the page a moment after the sign-in, and the keeping waits for it (a stamp taken
    // before would say the data is kept when it is not, for hours).
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const run = (force = false) => {
      if (worker && !worker.controller) return;
      if (running || !navigator.onLine || (!force && Date.now() - lastRun(user.email) < EVERY_MS)) return;
      running = true;
      void keepSiteDataCounted(dataProvider(), apiUrl, sites, ability, user)
        .then(({ ok, total }) => {
          // Stamped once kept (a failed pass is tried again at the next chance, not hours later).
          if (ok > 0) localStorage.setItem(STAMP, JSON.stringify({ email: user.email, at: Date.now(), ok, total } satisfies SiteDataStamp));
          window.dispatchEvent(new Event(STAMP));
        })
        .catch(() => undefined)
        .finally(() => (running = false));
    };
    // As soon as the person is signed in with sites (issue 36: waiting for the first screen to settle,
    // restarted at each page load, left a site manager who lost signal early with a free-text EAP box).
    const timer = setTimeout(() => run(), 0);
    const onOnline = () => run();
    const onAsk = () => run(true);
    window.addEventListener('online', onOnline);
    window.addEventListener(REFRESH_SITE_DATA, onAsk);
    worker?.addEventListener('controllerchange', onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener(REFRESH_SITE_DATA, onAsk);
      worker?.removeEventListener('controllerchange', onOnline);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
