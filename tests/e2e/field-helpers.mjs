// Shared by the report scenarios (30, 32, 33): a day no other scenario writes,
// phone-like photos, the installed service worker, and the report form filled with 3 photos.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { BASE, apiGet, appReady, eventually, goto, loginStaff } from './helpers.mjs';

const pad = (n) => String(n).padStart(2, '0');
const taken = new Set();
/**
 * A day of `year` on which site 101 has no report yet (one report per site per day), asked of the API
 * while online; each scenario file writes in a year of its own, so files running side by side never
 * draw the same day, and a day drawn earlier in this file is not drawn again.
 */
export async function freeDay(page, year) {
  for (;;) {
    const [m, d] = [1 + Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)];
    const iso = `${year}-${pad(m)}-${pad(d)}`;
    if (taken.has(iso)) continue;
    taken.add(iso);
    const found = await apiGet(page, `/api/v1/diarios?obra=101&data=${iso}`);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    if (found.body.length === 0) return { iso, br: `${pad(d)}/${pad(m)}/${year}` };
  }
}

/** A photo-like JPEG (noise over a gradient), as a phone camera would give. */
export async function photo(seed) {
  const w = 1200;
  const h = 900;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (((i * 7 + seed * 131) % 256) + Math.floor(Math.random() * 60)) % 256;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The service worker installed and controlling the page (after one online visit). */
export async function installed(page) {
  try {
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 120_000 });
  } catch (e) {
    // Say where the install stood: no registration, an install that failed, a worker waiting…
    const state = await page
      .evaluate(async () => {
        const reg = await navigator.serviceWorker?.getRegistration();
        if (!reg) return 'sem registro';
        return ['installing', 'waiting', 'active'].map((k) => `${k}: ${reg[k]?.state ?? '—'}`).join(', ');
      })
      .catch((err) => `estado ilegível (${err.message})`);
    e.message = `${e.message}\n  service worker: ${state}`;
    throw e;
  }
}

/**
 * The site manager opens the RDO form of site 101 with the network, the worker installs, and the form
 * is opened once more online so that its own reads go through the worker and stay on the device.
 */
export async function installedOnNewReport(page) {
  await loginStaff(page, 'sm@portal.local');
  await goto(page, '/101/diarios/novo');
  await installed(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await appReady(page);
  await page.getByLabel('Ocorrências').waitFor();
}

/** Types `day` (dd/mm/aaaa) into the form's "Data" and closes its calendar. */
export async function fillDate(page, day) {
  const date = page.getByLabel('Data', { exact: true });
  await date.click();
  await date.fill(day.br);
  await date.press('Enter');
  await page.keyboard.press('Escape').catch(() => {});
}

/**
 * In the open signature dialog: "Confirmar com meu login" (tapped again while the dialog still zooms
 * in, when a tap can miss), the confirmation ticked, `beforeSign` (e.g. a screenshot), then "Assinar".
 */
export async function signWithLogin(dialog, beforeSign = async () => {}) {
  await eventually(
    async () => {
      await dialog.getByText('Confirmar com meu login', { exact: true }).click();
      await dialog.getByRole('checkbox').waitFor({ timeout: 2_000 });
    },
    { timeout: 15_000 },
  );
  await dialog.getByRole('checkbox').check();
  await beforeSign();
  await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function writeReport(page, day, text) {
  await fillDate(page, day);
  await page.getByLabel('Ocorrências').fill(text);
  const files = await Promise.all([1, 2, 3].map(async (i) => ({ name: `foto-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(i) })));
  await photosItem(page).locator('input[type=file]').setInputFiles(files);
  await eventually(async () => assert.equal(await donePhotos(page).count(), 3), { timeout: 30_000 });
}

export const photosItem = (page) => page.locator('.ant-form-item').filter({ has: page.getByText('Fotos', { exact: true }) });
export const donePhotos = (page) =>
  photosItem(page).locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-error):not(.ant-upload-list-item-uploading)');

/** The id of the portal's service-worker registration, seen through DevTools (`cdp`: a CDP session of a page of the portal's origin). */
export async function registrationId(cdp) {
  const scope = new URL('/', BASE).toString();
  const found = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return Promise.race([found, new Promise((_, reject) => setTimeout(() => reject(new Error(`nenhum service worker em ${scope}`)), 15_000))]);
}
