/**
 * The sheet list's thumbnails against the real API in-process (demo site 101's plan set): each row
 * shows its sheet's page fetched with the session from `GET /plantas/{id}/miniatura` (an object URL,
 * lazy, alt "Miniatura da folha <código>"), and a neutral box named the same when there is no image:
 * a sheet without a PDF, an image that fails, a browser without object URLs (jsdom itself).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { SheetList } from './sheet-list';

const T = { timeout: 30_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

const render = (sheets: FolhaDaObra[]) =>
  renderViews({ schemas: [], path: '/lista', user: DEMO_USERS[ADMIN], routes: <Route path="/lista" element={<SheetList obra="101" sheets={sheets} />} /> });

const thumbRequests = () => t.requests.filter((r) => /^\/api\/v1\/plantas\/\d+\/miniatura$/.test(r.url.pathname));
const list = () => screen.getByRole('list', { name: 'Folhas' });

describe('sheet list thumbnails', { timeout: 90_000 }, () => {
  let sheets: FolhaDaObra[];
  const original = URL.createObjectURL;
  beforeAll(async () => {
    sheets = (await (await t.mock.api.request('/api/v1/obras/101/plantas', { as: ADMIN })).json()) as FolhaDaObra[];
    expect(sheets.filter((s) => s.arquivo).length).toBeGreaterThanOrEqual(3);
  });
  afterEach(() => {
    URL.createObjectURL = original;
    vi.restoreAllMocks();
  });

  it("shows each sheet's thumbnail, fetched with the session, in a fixed box", async () => {
    let n = 0;
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), `blob:miniatura-${++n}`));
    render(sheets);
    const first = sheets.find((s) => s.codigo === 'ARQ-101-01')!;
    const img = await within(list()).findByRole('img', { name: 'Miniatura da folha ARQ-101-01' }, T);
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toMatch(/^blob:miniatura-\d+$/);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.parentElement!.style.width).toBe('72px');
    expect(img.parentElement!.style.height).toBe('52px');
    await waitFor(
      () =>
        expect(
          within(list())
            .getAllByRole('img', { name: /^Miniatura da folha / })
            .every((i) => i.tagName === 'IMG'),
        ).toBe(true),
      T,
    );
    expect(blobs.every((b) => b.type === 'image/webp' && b.size > 100)).toBe(true);
    // The address names the sheet's file and page (a new revision, a new address for the caches).
    const asked = thumbRequests().find((r) => r.url.pathname === `/api/v1/plantas/${first.id}/miniatura`)!;
    expect(asked.url.searchParams.get('v')).toBe(`${first.arquivo!.key}#${first.pagina}`);
    // The link still reads as the sheet.
    expect(within(list()).getByRole('link', { name: /ARQ-101-01/ })).toBeInTheDocument();
  });

  it('shows the neutral box for a sheet without a PDF and for an image that fails', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:quebrada');
    const [a, b] = sheets;
    render([{ ...a, arquivo: null }, b]);
    expect(await within(list()).findByRole('img', { name: `Miniatura da folha ${a.codigo} indisponível` }, T)).toBeInTheDocument();
    const img = await within(list()).findByRole('img', { name: `Miniatura da folha ${b.codigo}` }, T);
    fireEvent.error(img);
    expect(await within(list()).findByRole('img', { name: `Miniatura da folha ${b.codigo} indisponível` }, T)).toBeInTheDocument();
    expect(thumbRequests().some((r) => r.url.pathname === `/api/v1/plantas/${a.id}/miniatura`)).toBe(false);
  });

  it('asks for nothing where the browser cannot show a fetched image (the neutral boxes)', async () => {
    URL.createObjectURL = undefined as never;
    render(sheets);
    expect(await within(list()).findAllByRole('img', { name: /indisponível$/ }, T)).toHaveLength(sheets.length);
    expect(thumbRequests()).toHaveLength(0);
  });
});
