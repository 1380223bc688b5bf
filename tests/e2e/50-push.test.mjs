// Scenario 50 — web push in the browser (issue 41), at 1440 and 390 px, as the planning team's
// account (no other scenario reads its notices), in a browser with a profile on disk as a person's is:
// - the profile's "Notificações no aparelho" turns notifications on from the button (the permission
//   granted beforehand, as a person's "Permitir"). A real subscription needs the browser vendor's push
//   service, which this machine cannot reach: Chromium then never answers `pushManager.subscribe`, and
//   the card stops waiting after 30 s (src/app/pwa/push.ts) with a pt-BR message, stores no device and
//   keeps the button to try again. On a machine that reaches the push service, the device is listed;
// - a preference per kind and channel is changed, saved on the server (GET /api/v1/preferencias) and
//   still shown after a reload;
// - a push message shaped as the server sends it (resources/notificacoes.ts `PushPayload`) is delivered
//   through DevTools to the portal's REAL service worker, which shows the notice with the portal's icon
//   and the record's address; a second push of the same record replaces it;
// - axe, screenshots and, on the phone, no sideways scrolling on the profile's notification cards.
//
// Not shown here: `notificationclick`. DevTools has no command to click a system notification, and a
// NotificationEvent built by a script in the worker is no stand-in: Chromium refuses its `waitUntil`
// ("Can not call waitUntil on a script constructed ExtendableEvent") and, without a real click, refuses
// `clients.openWindow` and `focus` ("Not allowed to open a window"). The tap is proven by
// src/app/pwa/sw-push.test.ts on a stand-in of the worker's scope.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  BASE,
  DESKTOP,
  PHONE,
  apiGet,
  apiSend,
  attachErrorLog,
  chromiumOptions,
  eventually,
  goto,
  loginStaff,
  noSidewaysScroll,
  shot,
  step,
} from './helpers.mjs';
import { noAxe } from './axe.mjs';
import { installed, registrationId } from './field-helpers.mjs';

const PERSON = 'planejamento@portal.local';
const ORIGIN = new URL(BASE).origin;

/**
 * A person's browser: Chromium with a profile on disk. The private contexts of `newPage` would not
 * do: there Chromium refuses every push subscription at once ("Registration failed - permission
 * denied"), as in an incognito window, before any push service is asked.
 */
async function personsBrowser(viewport) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-push-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...chromiumOptions(),
    serviceWorkers: 'allow',
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  attachErrorLog(page);
  const close = async () => {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { page, context, close };
}

/** Removes the person's devices with notifications (a machine that reaches the push service keeps one). */
async function forgetDevices(page) {
  const devices = await apiGet(page, '/api/v1/push/assinaturas');
  for (const d of devices.body ?? []) await apiSend(page, 'DELETE', `/api/v1/push/assinaturas/${d.id}`);
}

/** The notices the portal's worker is showing, as the page's registration lists them. */
function shownNotices(page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      lang: n.lang,
      data: n.data,
    })),
  );
}

/**
 * One width: sign in with service workers allowed and the notifications permission granted, the
 * worker installed, the profile's notification cards checked, one preference changed, and a push
 * delivered to the worker.
 */
async function journey(viewport, label, { kind, kindLabel, channel, channelLabel }) {
  const { page, context, close } = await personsBrowser(viewport);
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  const prefix = `50-${label}`;
  const checkboxName = `${kindLabel}: ${channelLabel}`;
  try {
    await step(page, `${prefix}-login`, async () => {
      await loginStaff(page, PERSON);
      // This channel on, as a person who never changed it (a failed run may have left it off).
      const reset = await apiSend(page, 'PUT', '/api/v1/preferencias', { notificacoes: { [kind]: { [channel]: true } } });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      await forgetDevices(page);
      await goto(page, '/usuarios');
      await installed(page);
    });

    const device = page.locator('#notificacoes-aparelho');
    const prefs = page.locator('#preferencias-notificacoes');
    await step(page, `${prefix}-ativar`, async () => {
      await device.scrollIntoViewIfNeeded();
      assert.equal(await page.evaluate(() => Notification.permission), 'granted');
      await device.getByText('Nenhum aparelho com notificações ativadas.').waitFor();
      const turnOn = device.getByRole('button', { name: 'Ativar notificações neste aparelho' });
      const t0 = Date.now();
      await turnOn.click();
      // The browser subscribes at its vendor's push service: with it out of reach (this machine has no
      // internet) the card says so in pt-BR within 30 s (src/app/pwa/push.ts) and stores no device.
      const outcome = await Promise.race([
        device
          .getByText('Ativadas neste aparelho')
          .waitFor({ timeout: 60_000 })
          .then(() => 'ativadas'),
        device
          .locator('.ant-alert-error')
          .waitFor({ timeout: 60_000 })
          .then(() => 'erro'),
      ]);
      const devices = await apiGet(page, '/api/v1/push/assinaturas');
      assert.equal(devices.status, 200);
      console.log(`# ${label}: "Ativar notificações neste aparelho" → ${outcome} em ${Date.now() - t0} ms; aparelhos guardados: ${devices.body.length}`);
      if (outcome === 'erro') {
        // Nothing half-made on the browser's side either.
        assert.equal(await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration()).pushManager.getSubscription()) === null), true);
        const text = await device.locator('.ant-alert-error').innerText();
        assert.match(text, /não conseguiu se registrar no serviço de notificações dele/, text);
        assert.doesNotMatch(text, /Registration failed|push service/i, 'a recusa do navegador em inglês não deve aparecer');
        assert.deepEqual(devices.body, [], 'nenhum aparelho deveria ter sido guardado');
        await device.getByText('Nenhum aparelho com notificações ativadas.').waitFor();
        assert.equal(await turnOn.isEnabled(), true, 'o botão continua para tentar de novo');
      } else {
        // A machine that reaches the push service: this device is listed as such.
        assert.equal(devices.body.length, 1, JSON.stringify(devices.body));
        await device.getByLabel(`${devices.body[0].aparelho} (este aparelho)`).waitFor();
        await device.getByRole('status').getByText('Notificações ativadas neste aparelho.').waitFor();
      }
      await shot(page, `push-ativar-${label}`);
    });

    await step(page, `${prefix}-preferencia`, async () => {
      const box = prefs.getByRole('checkbox', { name: checkboxName, exact: true });
      await box.scrollIntoViewIfNeeded();
      assert.equal(await box.isChecked(), true, `${checkboxName} deveria começar ligado`);
      await box.click();
      await prefs.getByRole('status').getByText(`${kindLabel}: ${channelLabel.toLowerCase()} desligado.`).waitFor();
      const saved = await apiGet(page, '/api/v1/preferencias');
      assert.equal(saved.status, 200);
      assert.equal(saved.body.notificacoes[kind][channel], false, JSON.stringify(saved.body));
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.locator('#preferencias-notificacoes').getByRole('checkbox', { name: checkboxName, exact: true }).waitFor();
      await eventually(async () => assert.equal(await prefs.getByRole('checkbox', { name: checkboxName, exact: true }).isChecked(), false));
      await eventually(async () => assert.equal(await prefs.getByRole('checkbox', { name: checkboxName, exact: true }).isEnabled(), true));
    });

    await step(page, `${prefix}-telas`, async () => {
      await device.scrollIntoViewIfNeeded();
      await noAxe(page, `notificações no perfil (${label})`);
      if (viewport.width < 600) await noSidewaysScroll(page, 'perfil, notificações (390 px)');
      await shot(page, `push-perfil-${label}`);
      await prefs.scrollIntoViewIfNeeded();
      await shot(page, `push-preferencias-${label}`);
    });

    await step(page, `${prefix}-push`, async () => {
      const cdp = await context.newCDPSession(page);
      const registration = await registrationId(cdp);
      const tag = `sla-contrato-${label}`;
      const payload = {
        title: 'Prazo de SLA perto do fim: Contrato CT-12',
        body: 'A etapa "Validação" vence em 2 horas.',
        url: '/contratos/show/12',
        kind: 'sla',
        tag,
      };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: ORIGIN, registrationId: registration, data: JSON.stringify(payload) });
      await eventually(
        async () => {
          const shown = (await shownNotices(page)).filter((n) => n.tag === tag);
          assert.equal(shown.length, 1, JSON.stringify(shown));
          assert.deepEqual(shown[0], {
            title: payload.title,
            body: payload.body,
            tag,
            icon: `${ORIGIN}/icons/icon-192.png`,
            lang: 'pt-BR',
            data: { url: `${ORIGIN}/contratos/show/12` },
          });
        },
        { timeout: 20_000 },
      );
      // The same record again: the newer notice replaces the first one on the device.
      const newer = { ...payload, title: 'Prazo de SLA vencido: Contrato CT-12', body: 'A etapa "Validação" venceu.' };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: ORIGIN, registrationId: registration, data: JSON.stringify(newer) });
      await eventually(
        async () => {
          const shown = (await shownNotices(page)).filter((n) => n.tag === tag);
          assert.equal(shown.length, 1, JSON.stringify(shown));
          assert.equal(shown[0].title, newer.title);
          assert.equal(shown[0].body, newer.body);
        },
        { timeout: 20_000 },
      );
      await cdp.detach();
    });
  } finally {
    await apiSend(page, 'PUT', '/api/v1/preferencias', { notificacoes: { [kind]: { [channel]: true } } }).catch(() => {});
    await forgetDevices(page).catch(() => {});
    await close();
  }
}

test('notificações no aparelho, no computador: ativar, uma preferência salva e um push mostrado pelo service worker', { timeout: 300_000 }, async () => {
  await journey(DESKTOP, 'desktop', { kind: 'sla', kindLabel: 'Prazos de SLA', channel: 'email', channelLabel: 'E-mail' });
});

test('notificações no aparelho, no celular (390 px): ativar, uma preferência salva e um push mostrado pelo service worker', { timeout: 300_000 }, async () => {
  await journey(PHONE, 'phone', {
    kind: 'respostaCliente',
    kindLabel: 'Respostas de clientes',
    channel: 'push',
    channelLabel: 'Notificação no aparelho',
  });
});
