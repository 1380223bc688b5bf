/**
 * The data the field forms need, kept on the device (issue 26): for each of the person's sites the
 * app reads the same addresses the RDO form and the checklist fill read, so the service worker's
 * cache answers them offline.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews, TEST_API_URL } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { createDataProvider } from '../../providers/data-provider';
import { DiarioCreate } from '../rdo/diario-form';
import { keepSiteData } from './site-data';

const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;
const T = { timeout: 30_000 };
const address = (u: URL) => u.pathname + u.search;

describe('site data kept on the device', { timeout: 120_000 }, () => {
  it("reads each site's RDO configuration at the address the form uses", async () => {
    // The site manager writes RDOs (the checklist sources are the field technician's; same mechanism, shared queries).
    const ok = await keepSiteData(createDataProvider(TEST_API_URL), TEST_API_URL, ['101', '102'], { rdo: true, checklist: false });
    expect(ok).toBe(2);
    const kept = new Set(t.requests.map((r) => address(r.url)));
    const options = [...kept].filter((a) => a.startsWith('/api/v1/diarios/opcoes'));
    expect(options.map((a) => new URLSearchParams(a.split('?')[1]).get('obra'))).toEqual(['101', '102']);

    t.requests.length = 0;
    renderViews({
      schemas: [diario],
      path: '/102/diarios/novo',
      routes: <Route path="/:obra/diarios/novo" element={<DiarioCreate schema={diario} />} />,
      user: DEMO_USERS[SM],
    });
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toBeInTheDocument(), T);
    const formReads = t.requests.filter((r) => r.url.pathname === '/api/v1/diarios/opcoes').map((r) => address(r.url));
    expect(formReads.length).toBeGreaterThan(0);
    for (const a of formReads) expect(kept.has(a), a).toBe(true);
  });

  it('reads nothing for a right the person does not have', async () => {
    expect(await keepSiteData(createDataProvider(TEST_API_URL), TEST_API_URL, ['101'], { rdo: false, checklist: false })).toBe(0);
    expect(t.requests).toHaveLength(0);
  });
});
