// Part of `npm run bench:offline` (scripts/bench-offline.mjs): goal 2, records queued on the device
// sent by the app's own outbox (src/app/offline/outbox.ts) when the network returns.
//
// The records and photos are written straight into the app's IndexedDB ('portal-aparelho', stores
// 'registros' and 'arquivos', the shapes of src/app/offline/device-db.ts and device-files.ts: a photo
// in a form value is a StoredFile whose key is 'aparelho:<id of the file on the device>'), as the RDO
// form does on "Salvar" without network. Then the network comes back and "Enviar agora" is clicked
// on /no-aparelho; the time runs until every record is 'enviado' in IndexedDB.
import { photoLikeJpeg } from './bench-offline-photo.mjs';

/**
 * In the page: `window.benchDeviceDb()` opens the app's device database, created as the app creates
 * it when it is not there yet (defined through the DevTools protocol: the portal's CSP forbids eval).
 */
async function installDeviceDb(page) {
  await page.evaluate(() => {
    window.benchDeviceDb = () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('portal-aparelho', 1);
        req.onupgradeneeded = () => {
          const db = req.result;
          db.createObjectStore('registros', { keyPath: 'id' }).createIndex('owner', 'owner');
          db.createObjectStore('arquivos', { keyPath: 'id' }).createIndex('owner', 'owner');
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
  });
}

/** The states of this run's records in IndexedDB: { state: count }, and their server ids. */
async function deviceStates(page, ids) {
  return page.evaluate(async (wanted) => {
    const db = await window.benchDeviceDb();
    const all = await new Promise((resolve, reject) => {
      const req = db.transaction('registros').objectStore('registros').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const mine = all.filter((r) => wanted.includes(r.id));
    const counts = {};
    for (const r of mine) counts[r.state] = (counts[r.state] ?? 0) + 1;
    return { counts, recordIds: mine.map((r) => r.recordId).filter(Boolean), reasons: mine.filter((r) => r.reason).map((r) => r.reason) };
  }, ids);
}

/** Writes one queued RDO with its photos into the device database (in the page). */
async function queueRecord(page, { date, photos, owner }) {
  return page.evaluate(
    async ([d, files, who]) => {
      const db = await window.benchDeviceDb();
      const put = (store, value) =>
        new Promise((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          tx.objectStore(store).put(value);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      const fotos = [];
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        const id = crypto.randomUUID();
        const blob = new Blob([bytes], { type: 'image/jpeg' });
        await put('arquivos', { id, owner: who.email, field: 'fotos', blob, name: f.name, type: 'image/jpeg', size: blob.size, tiradaEm: f.tiradaEm });
        fotos.push({ key: `aparelho:${id}`, name: f.name, size: blob.size, type: 'image/jpeg', tiradaEm: f.tiradaEm });
      }
      const now = Date.now();
      const id = crypto.randomUUID();
      await put('registros', {
        id,
        owner: who.email,
        resource: 'diarios',
        action: 'create',
        values: {
          data: d,
          obra: '101',
          status: 'Rascunho',
          siteManager: { mail: who.email, nome: who.name },
          ocorrencias: `Medição bench:offline (${d}).`,
          fotos,
        },
        state: 'salvo',
        key: crypto.randomUUID(),
        path: '/101/diarios/novo',
        title: `Diário de obra de ${d.split('-').reverse().join('/')}`,
        createdAt: now,
        updatedAt: now,
        attempts: 0,
      });
      db.close();
      return id;
    },
    [date, photos, owner],
  );
}

/** GET on the API with the page's ID token (Amplify keeps it in localStorage). */
export async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const res = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
    return { status: res.status, body: await res.json().catch(() => null), total: res.headers.get('x-total-count') };
  }, path);
}

/** The signed-in person as the outbox sees it (the ID token's e-mail) and the name /me gives. */
async function whoAmI(page) {
  const email = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const payload = localStorage.getItem(key).split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)).email;
  });
  const me = await apiGet(page, '/api/v1/me');
  return { email, name: me.body?.user?.name ?? email };
}

/**
 * Goal 2 on a signed-in page of the portal: `count` RDOs of site 101 (one per day from `firstDate`),
 * each with `perRecord` photos of ~300 KB, queued while offline, then sent.
 */
export async function measureOutboxSync(page, { base, count = 20, perRecord = 2, firstDate = '2024-02-01', timeoutMs = 300_000, log = () => {} }) {
  const dates = Array.from({ length: count }, (_, i) => {
    const d = new Date(`${firstDate}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });
  const range = `obra=101&data_gte=${dates[0]}&data_lte=${dates.at(-1)}`;
  const before = await apiGet(page, `/api/v1/diarios?${range}&_end=1`);
  if (Number(before.total) !== 0) throw new Error(`já há ${before.total} RDOs da obra 101 entre ${dates[0]} e ${dates.at(-1)}`);

  const photos = [];
  for (let i = 0; i < count * perRecord; i++) {
    const day = dates[Math.floor(i / perRecord)];
    const takenAt = `${day.replace(/-/g, ':')} ${String(8 + (i % perRecord)).padStart(2, '0')}:15:00`;
    photos.push(await photoLikeJpeg({ width: 1600, height: 1200, quality: 73, seed: 100 + i, takenAt }));
  }
  const photoBytes = photos.reduce((s, p) => s + p.length, 0);
  log(`${photos.length} fotos geradas (${(photoBytes / photos.length / 1024).toFixed(0)} KB em média, ${(photoBytes / 1024 / 1024).toFixed(1)} MB ao todo)`);

  await page.goto(`${base}/no-aparelho`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: /enviar agora/i }).waitFor();
  const owner = await whoAmI(page);
  await installDeviceDb(page);
  await page.context().setOffline(true); // "Salvo no aparelho": nothing leaves until the network returns
  const ids = [];
  for (const [i, date] of dates.entries()) {
    const files = photos.slice(i * perRecord, (i + 1) * perRecord).map((b, j) => ({
      base64: b.toString('base64'),
      name: `RDO_${date}_${j + 1}.jpg`,
      tiradaEm: new Date(`${date}T${String(8 + j).padStart(2, '0')}:15:00-03:00`).toISOString(),
    }));
    ids.push(await queueRecord(page, { date, photos: files, owner }));
  }
  // The list and the runner hear of the change as the app's own writes announce it.
  await page.evaluate(() => new BroadcastChannel('portal-aparelho').postMessage('mudou'));
  const queued = await deviceStates(page, ids);
  log(`no aparelho: ${JSON.stringify(queued.counts)}`);

  const t0 = Date.now();
  await page.context().setOffline(false);
  await page.getByRole('button', { name: /enviar agora/i }).click({ timeout: 10_000 });
  let states;
  for (;;) {
    states = await deviceStates(page, ids);
    const c = states.counts;
    if ((c.enviado ?? 0) === count || c.recusado || c.conflito) break;
    if (Date.now() - t0 > timeoutMs) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const ms = Date.now() - t0;

  // The server's side: the reports of those days, each with its photos.
  const list = await apiGet(page, `/api/v1/diarios?${range}&_end=100`);
  let serverPhotos = 0;
  for (const id of states.recordIds) {
    const r = await apiGet(page, `/api/v1/diarios/${encodeURIComponent(id)}`);
    serverPhotos += (r.body?.fotos ?? []).filter((f) => typeof f?.key === 'string' && !f.key.startsWith('aparelho:')).length;
  }
  return {
    ms,
    count,
    photos: photos.length,
    photoBytes,
    states: states.counts,
    reasons: states.reasons,
    serverReports: Number(list.total),
    serverPhotos,
  };
}
