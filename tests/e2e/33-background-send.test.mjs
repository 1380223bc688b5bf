// Scenario 33 — field first (issue 26): the background send. The site manager saves a report with 3
// photos on the phone without network and closes the portal's tab; when the network returns the
// browser wakes the portal's service worker (Background Sync: here the test fires the sync event
// through DevTools, as Chromium does when it sees the network back), and the report reaches the
// server exactly once with no tab of the portal open. Reopened, the app shows it sent and the worker
// no longer holds the person's token.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, PHONE, appReady, eventually, goto, launch, newPage, shot, step, waitPath } from './helpers.mjs';
import { freeDay, installedOnNewReport, registrationId, writeReport } from './field-helpers.mjs';

const SYNC_TAG = 'portal-aparelho-envio';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The site's reports of `day` carrying `text`, read by the test itself (no tab of the portal involved). */
async function reportsWith(token, day, text) {
  const res = await fetch(new URL(`/api/v1/diarios?obra=101&data=${day.iso}`, BASE), { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return (await res.json()).filter((d) => d.ocorrencias === text);
}

test('sem nenhuma aba do portal aberta, o diário salvo sem sinal é enviado em segundo plano', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  let day;
  const text = `bg-${Date.now().toString(36)} armação da laje, enviado em segundo plano`;
  let token = '';
  try {
    await step(page, '33-instalar', async () => {
      await installedOnNewReport(page);
      day = await freeDay(page, 2021);
      token = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.idToken'))));
      assert.ok(token, 'sessão do site manager');
    });

    await step(page, '33-salvar-sem-sinal', async () => {
      await context.setOffline(true);
      await writeReport(page, day, text);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
      // The app asked the browser for a background send.
      const tags = await page.evaluate(async () => (await navigator.serviceWorker.ready).sync.getTags());
      assert.ok(tags.includes(SYNC_TAG), `etiquetas de sincronização: ${tags.join(', ')}`);
      await shot(page, 'segundo-plano-salvo-no-aparelho-phone');
    });

    const blank = await context.newPage();
    await step(blank, '33-aba-fechada', async () => {
      await page.close();
      assert.equal((await reportsWith(token, day, text)).length, 0, 'nada deveria ter chegado ao servidor sem rede');
      await context.setOffline(false);
      const cdp = await context.newCDPSession(blank);
      const registration = await registrationId(cdp);
      const fire = () =>
        cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(BASE).origin, registrationId: registration, tag: SYNC_TAG, lastChance: false });
      await fire();
      // A failed attempt is fired again by the browser later (here every 15 s, as the test's stand-in).
      let last = Date.now();
      await eventually(
        async () => {
          if (Date.now() - last > 15_000) {
            last = Date.now();
            await fire();
          }
          assert.equal((await reportsWith(token, day, text)).length, 1);
        },
        { timeout: 75_000, interval: 1000 },
      );
      // Fired again (the browser may repeat it): still one report.
      await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(BASE).origin, registrationId: registration, tag: SYNC_TAG, lastChance: false });
      await blank.waitForTimeout(2000);
      const [report, ...others] = await reportsWith(token, day, text);
      assert.deepEqual(others, [], 'o diário deveria estar no servidor exatamente uma vez');
      assert.equal(report.fotos.length, 3);
    });

    await step(blank, '33-reaberto', async () => {
      await goto(blank, '/no-aparelho');
      await appReady(blank);
      await eventually(async () => assert.ok((await blank.getByText('Enviado', { exact: true }).count()) >= 1), { timeout: 20_000 });
      assert.equal(await blank.getByText('Salvo no aparelho', { exact: true }).count(), 0);
      await shot(blank, 'segundo-plano-enviado-phone');
      // The worker keeps no token once nothing waits.
      const session = await blank.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const open = indexedDB.open('portal-aparelho');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const get = db.transaction('sessao').objectStore('sessao').get('envio');
              get.onsuccess = () => resolve(get.result ?? null);
              get.onerror = () => reject(get.error);
            };
          }),
      );
      assert.equal(session, null, 'o token do envio em segundo plano deveria ter sido apagado');
    });
  } finally {
    await context.close();
  }
});
