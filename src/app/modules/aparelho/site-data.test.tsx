/**
 * The data the field forms need, kept on the device (issue 26): for each of the person's sites the
 * app reads the same addresses the RDO form, the work-order report and the checklist fill read (their
 * configuration, EAP items, pickers and people), so the service worker's cache answers them offline.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews, TEST_API_URL } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { createDataProvider } from '../../providers/data-provider';
import { defineAbilityFor } from '../../../access/ability';
import { DiarioCreate } from '../rdo/diario-form';
import { keepSiteData, siteDataReads, siteDataStamp, SiteDataKeeper } from './site-data';
import { DeviceListPage } from './device-list-page';
import { clearOfflineCaches } from '../../pwa/caches';

const SM = 'sm@portal.local';
const FIELD = 'field@portal.local';
const keep = (email: string, sites: string[]) =>
  keepSiteData(createDataProvider(TEST_API_URL), TEST_API_URL, sites, defineAbilityFor(DEMO_USERS[email]), DEMO_USERS[email]);
/** What each read answers (by its key), as the device keeps it. */
async function keptData(email: string, sites: string[]): Promise<Map<string, unknown>> {
  const reads = siteDataReads(createDataProvider(TEST_API_URL), TEST_API_URL, sites, defineAbilityFor(DEMO_USERS[email]), DEMO_USERS[email]);
  const out = new Map<string, unknown>();
  for (const [key, run] of reads) out.set(key, await run());
  return out;
}
const SM_PEOPLE = '/api/v1/pessoas?q=&perfil=site_manager&perfil=site_manager_substituto';
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;
const T = { timeout: 30_000 };
const address = (u: URL) => u.pathname + u.search;

describe('site data kept as soon as the person is signed in (issue 36)', { timeout: 120_000 }, () => {
  it('reads at once, not after the first screen settles, and "No aparelho" says when', async () => {
    localStorage.clear();
    const started = Date.now();
    renderViews({
      schemas: [diario],
      path: '/no-aparelho',
      routes: (
        <Route
          path="/no-aparelho"
          element={
            <>
              <SiteDataKeeper />
              <DeviceListPage />
            </>
          }
        />
      ),
      user: DEMO_USERS[SM],
    });
    // Before anything is kept, the page says so.
    expect(await screen.findByText(/ainda não foram guardados neste aparelho/, {}, T)).toBeInTheDocument();
    await screen.findByText(/atualizados em \d{2}\/\d{2}\/\d{4}/, {}, T);
    const eap = t.requests.filter((r) => r.url.pathname === '/api/v1/obras/101/cronograma'); // the RDO's EAP items of site 101
    expect(eap.length).toBeGreaterThan(0);
    // The site's latest report too: "Copiar do dia anterior" works offline from the device's copy.
    expect(t.requests.some((r) => r.url.pathname === '/api/v1/diarios/copia-anterior' && r.url.searchParams.get('obra') === '101')).toBe(true);
    // Well within the old 5 s wait after the first screen (the page's own load included).
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(siteDataStamp(SM)).toMatchObject({ email: SM, ok: expect.any(Number), total: expect.any(Number) });
    // Signed out: the kept data and its stamp go together.
    await clearOfflineCaches();
    expect(siteDataStamp(SM)).toBeUndefined();
  });
});

describe('site data kept on the device', { timeout: 120_000 }, () => {
  it("reads each site's RDO configuration, EAP and people at the addresses the form uses", async () => {
    const ok = await keep(SM, ['101', '102']);
    expect(ok).toBeGreaterThanOrEqual(5);
    const kept = new Set(t.requests.map((r) => address(r.url)));
    const options = [...kept].filter((a) => a.startsWith('/api/v1/diarios/opcoes'));
    expect(options.map((a) => new URLSearchParams(a.split('?')[1]).get('obra'))).toEqual(['101', '102']);
    expect(kept).toContain('/api/v1/obras/101/cronograma');
    expect(kept).toContain('/api/v1/obras/102/cronograma');
    // The people of each site, not the whole staff directory.
    expect(kept).toContain(`${SM_PEOPLE}&obra=101`);
    expect(kept).toContain(`${SM_PEOPLE}&obra=102`);
    expect(kept).not.toContain(SM_PEOPLE);

    t.requests.length = 0;
    renderViews({
      schemas: [diario],
      path: '/102/diarios/novo',
      routes: <Route path="/:obra/diarios/novo" element={<DiarioCreate schema={diario} />} />,
      user: DEMO_USERS[SM],
    });
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toBeInTheDocument(), T);
    await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/pessoas')).toBe(true), T);
    const formReads = t.requests.filter((r) => ['/api/v1/diarios/opcoes', '/api/v1/pessoas'].includes(r.url.pathname)).map((r) => address(r.url));
    expect(formReads.length).toBeGreaterThan(1);
    for (const a of formReads) expect(kept.has(a), a).toBe(true);
  });

  it("reads the field technician's EAP items of the FIELD area, work orders, templates and pickers per site", async () => {
    await keep(FIELD, ['101', '103']);
    const kept = t.requests.map((r) => r.url);
    for (const obra of ['101', '103']) {
      const eap = kept.find((u) => u.pathname === `/api/v1/obras/${obra}/eap-codigos`);
      expect(eap?.searchParams.get('area'), obra).toBe('FIELD');
      expect(kept.some((u) => u.pathname === '/api/v1/os-field' && u.searchParams.get('obra') === obra)).toBe(true);
    }
    // Not the EAP of an area the person does not work in.
    expect(kept.some((u) => u.searchParams.get('area') === 'AUTOMACAO')).toBe(false);
    // The first page of the work-order picker of the report (20 rows, as the picker asks).
    expect(kept.some((u) => u.pathname === '/api/v1/os-field' && u.searchParams.get('_end') === '20')).toBe(true);
  });

  it('keeps only the OPEN work orders of the site (not a concluded or cancelled one)', async () => {
    t.mock.setUser(FIELD);
    const data = await keptData(FIELD, ['101']);
    const [orders] = [...data].filter(([k]) => k.startsWith('list ') && k.includes('"resource":"os-field"') && k.includes('"obra"')).map(([, v]) => v);
    const numeros = ((orders as { data: { numero: string; status: string }[] }).data ?? []).map((o) => `${o.numero} ${o.status}`);
    expect(numeros).toEqual(expect.arrayContaining(['OSF-101-0002 Em execução', 'OSF-101-0003 Em execução']));
    // OSF-101-0001 is concluded: the site has it, the device does not keep it.
    expect(numeros.some((n) => n.startsWith('OSF-101-0001'))).toBe(false);
    expect(numeros.every((n) => n.startsWith('OSF-101-'))).toBe(true);
  });

  it("keeps the people of the person's sites, not those of another site", async () => {
    const data = await keptData(SM, ['102']);
    const people = data.get(`pessoas ${TEST_API_URL}/pessoas?q=&perfil=site_manager&perfil=site_manager_substituto&obra=102`) as { mail: string }[];
    const mails = people.map((p) => p.mail);
    expect(mails).toContain(SM);
    // A site manager of sites 101 and 103–105 only, whom the whole directory lists: not kept for site 102.
    const everyone = (await (await fetch(`${TEST_API_URL}/pessoas?q=&perfil=site_manager`)).json()) as { mail: string; nome: string }[];
    const other = everyone.find((p) => !mails.includes(p.mail));
    expect(other, 'a site manager of another site').toBeDefined();
    expect([...data.keys()].some((k) => k.startsWith('pessoas ') && k.includes('perfil=site_manager') && !k.includes('&obra='))).toBe(false);
    // A site the person cannot read (here: none such): the API does not tell its people.
    expect((await fetch(`${TEST_API_URL}/pessoas?q=&obra=9999`)).status).toBe(404);
  });

  it('reads nothing for a person who fills no field form', async () => {
    expect(await keep('cliente@portal.local', ['101'])).toBe(0);
    expect(t.requests).toHaveLength(0);
  });
});
