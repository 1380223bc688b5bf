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
import { keepSiteData } from './site-data';

const SM = 'sm@portal.local';
const FIELD = 'field@portal.local';
const keep = (email: string, sites: string[]) =>
  keepSiteData(createDataProvider(TEST_API_URL), TEST_API_URL, sites, defineAbilityFor(DEMO_USERS[email]), DEMO_USERS[email]);
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;
const T = { timeout: 30_000 };
const address = (u: URL) => u.pathname + u.search;

describe('site data kept on the device', { timeout: 120_000 }, () => {
  it("reads each site's RDO configuration, EAP and people at the addresses the form uses", async () => {
    const ok = await keep(SM, ['101', '102']);
    expect(ok).toBeGreaterThanOrEqual(5);
    const kept = new Set(t.requests.map((r) => address(r.url)));
    const options = [...kept].filter((a) => a.startsWith('/api/v1/diarios/opcoes'));
    expect(options.map((a) => new URLSearchParams(a.split('?')[1]).get('obra'))).toEqual(['101', '102']);
    expect(kept).toContain('/api/v1/obras/101/cronograma');
    expect(kept).toContain('/api/v1/obras/102/cronograma');
    expect(kept).toContain('/api/v1/pessoas?q=&perfil=site_manager&perfil=site_manager_substituto');

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

  it('reads nothing for a person who fills no field form', async () => {
    expect(await keep('cliente@portal.local', ['101'])).toBe(0);
    expect(t.requests).toHaveLength(0);
  });
});
