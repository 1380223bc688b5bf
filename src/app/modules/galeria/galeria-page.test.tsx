/**
 * The gallery screen against the real API in-process: a grid of thumbnails (never the full image),
 * the next page when the end of the grid comes into view, the source filter from the URL, the full
 * image only in the lightbox, and each photo linked to its record.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import sharp from 'sharp';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { formatDateTime } from '../../format';
import { GalleryPage, GALLERY_PAGE_SIZE } from './galeria-page';

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

/** IntersectionObserver is not in jsdom: a stand-in the test drives (the end of the grid "comes into view"). */
const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
class TestObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    observers.push({ cb: this.cb, el });
  }
  disconnect() {
    const i = observers.findIndex((o) => o.cb === this.cb);
    if (i >= 0) observers.splice(i, 1);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const scrollToEnd = () => {
  for (const o of [...observers]) o.cb([{ isIntersecting: true, target: o.el! } as IntersectionObserverEntry], {} as IntersectionObserver);
};

const render = (path: string) =>
  renderViews({ schemas: [], path, user: DEMO_USERS[ADMIN], routes: <Route path="/obras/:obra/galeria" element={<GalleryPage />} /> });

describe('gallery', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = TestObserver;
    // More photos than one page: an RDO of site 101 with 30 of them.
    const fotos = [];
    for (let i = 0; i < 30; i++) {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: i * 8, g: 90, b: 160 } } })
        .png()
        .toBuffer();
      // A multipart body by hand: jsdom's FormData is not the one the in-process API reads.
      const b = 'galeria-teste';
      const body = Buffer.concat([
        // When and where it was taken (read from the EXIF on the phone).
        ...Object.entries({ tiradaEm: '2026-10-05T13:45:00Z', latitude: '-23.5505', longitude: '-46.6333' }).map(([k, v]) =>
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="foto-${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      const res = await t.mock.api.request('/api/v1/arquivos?recurso=diarios&campo=fotos', {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        as: ADMIN,
      });
      fotos.push(await res.json());
    }
    const rdo = await t.mock.api.request('/api/v1/diarios', {
      method: 'POST',
      as: ADMIN,
      json: { obra: '101', data: '2026-10-05', siteManager: { mail: 'sm@portal.local', nome: 'SM' }, fotos },
    });
    expect(rdo.status).toBe(201);
  }, 120_000);
  afterEach(() => observers.splice(0));

  it('shows thumbnails, loads the next page on scroll, opens the full image only in the lightbox, links each photo to its record', async () => {
    render('/obras/101/galeria');
    const grid = await screen.findByRole('list', { name: 'Fotos da obra' }, T);
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(GALLERY_PAGE_SIZE), T);
    const total = Number((await screen.findByText(/\d+ fotos/)).textContent!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(GALLERY_PAGE_SIZE);
    const imgs = [...grid.querySelectorAll('img')];
    expect(imgs).toHaveLength(GALLERY_PAGE_SIZE);
    expect(imgs.every((i) => i.src.endsWith('/thumb'))).toBe(true);
    expect(document.querySelectorAll('img:not([src$="/thumb"])')).toHaveLength(0);
    // Each photo links to its record (daily reports, punch items, …), inside the portal.
    const records = within(grid)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!)
      .filter((h) => !h.startsWith('http'));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((h) => /^\/[a-z-]+\/\d+$/.test(h))).toBe(true);
    expect(records.some((h) => /^\/diarios\/\d+$/.test(h))).toBe(true);
    // The photos taken with the date and position: "Tirada em …" and a link to the map.
    expect(within(grid).getAllByText(`Tirada em ${formatDateTime('2026-10-05T13:45:00Z')}`).length).toBeGreaterThan(0);
    const map = within(grid).getAllByRole('link', { name: /Ver no mapa/ })[0] as HTMLAnchorElement;
    expect(map.href).toContain('https://www.openstreetmap.org/?mlat=-23.5505&mlon=-46.6333');

    scrollToEnd();
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(Math.min(total, 2 * GALLERY_PAGE_SIZE)), T);
    const pages = t.requests.filter((r) => r.url.pathname === '/api/v1/obras/101/galeria').map((r) => r.url.searchParams.get('_start'));
    expect(pages).toEqual(['0', String(GALLERY_PAGE_SIZE)]);

    fireEvent.click(imgs[0]);
    const full = imgs[0].src.replace(/\/thumb$/, '');
    await waitFor(() => expect(document.querySelector(`.ant-image-preview-img[src="${full}"]`)).not.toBeNull(), T);
  });

  it('filters by source from the URL', async () => {
    render('/obras/101/galeria?fonte=documento');
    const grid = await screen.findByRole('list', { name: 'Fotos da obra' }, T);
    await waitFor(() => expect(within(grid).getAllByRole('listitem').length).toBeGreaterThan(0), T);
    expect(within(grid).getAllByText(/Biblioteca/).length).toBe(within(grid).getAllByRole('listitem').length);
    expect(t.requests.find((r) => r.url.pathname === '/api/v1/obras/101/galeria')!.url.searchParams.get('fonte')).toBe('documento');
  });
});
