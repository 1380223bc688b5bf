// Scenario 41 — the maintenance switch (issue 40): the administrator puts "Seguros" in maintenance from
// "Manutenção" (an expected end in the past is refused in Portuguese, nothing changed); the site
// manager who opens the insurance list, on a computer and on a phone, lands on /manutencao with the
// message and the expected end, and the API answers his writes 503 with Retry-After; the administrator
// still opens the list, and ends the maintenance. Axe on both screens; screenshots at 1440 and 390 px.
// Seguros is chosen because no other scenario writes to it (the switch is shared by the whole portal).
// One screen alone: the administrator, on a phone, closes only "Endossos" from the list of screens; the
// site manager is sent from it to /manutencao while the policies' list of the same module stays open.
// Also: the build's version and commit on "Versões do sistema" and on the profile (issue 40).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { apiGet, apiSend, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step, waitPath } from './helpers.mjs';
import { noAxe } from './axe.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const MESSAGE = 'Ajuste nas apólices em andamento. As consultas voltam em seguida.';
const pad = (n) => String(n).padStart(2, '0');
const typed = (d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Types a date and time into the open dialog's "Previsão de término"; Enter confirms it and sends the form (its last field). */
async function setEnd(dialog, page, text) {
  const input = dialog.getByLabel('Previsão de término');
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

test('manutenção: o administrador fecha Seguros; o site manager vê a página de manutenção (computador e celular)', async () => {
  const admin = await newPage(browser);
  await step(admin, '41-login-admin', () => loginStaff(admin, 'admin@portal.local'));
  try {
    await step(admin, '41-iniciar', async () => {
      await goto(admin, '/admin/manutencao');
      const item = admin.getByTestId('manutencao-seguros');
      await item.getByText('Disponível').waitFor();
      await noAxe(admin, 'manutenção (administrador)');
      await item.getByRole('button', { name: 'Colocar em manutenção' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Colocar em manutenção: Seguros' });
      await dialog.getByLabel('Mensagem para quem usa o portal').fill(MESSAGE);
      await setEnd(dialog, admin, '10/01/2020 10:00');
      await dialog.getByText(/A previsão de término \(10\/01\/2020 \d{2}:00\) já passou: informe uma data e hora futuras\./).waitFor();
      await shot(admin, 'manutencao-fim-passado-desktop');
      assert.deepEqual((await apiGet(admin, '/api/v1/manutencao')).body.ativas, []);

      const end = new Date(Date.now() + 2 * 3_600_000);
      end.setMinutes(0, 0, 0);
      await setEnd(dialog, admin, typed(end));
      await dialog.waitFor({ state: 'hidden' });
      await item.getByText('Em manutenção').waitFor();
      await item.getByText(MESSAGE).waitFor();
      await shot(admin, 'manutencao-admin-desktop');
      await noAxe(admin, 'manutenção (administrador, em manutenção)');
      const phone = await newPage(browser, { viewport: PHONE });
      await loginStaff(phone, 'admin@portal.local');
      await goto(phone, '/admin/manutencao');
      await phone.getByTestId('manutencao-seguros').getByText('Em manutenção').waitFor();
      await phone.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      await phone.getByTestId('manutencao-seguros').scrollIntoViewIfNeeded();
      await shot(phone, 'manutencao-admin-phone');
      await noAxe(phone, 'manutenção (administrador, 390 px)');
      await noSidewaysScroll(phone, 'a tela de manutenção');
      await phone.close();
    });

    for (const [label, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ]) {
      const sm = await newPage(browser, viewport ? { viewport } : {});
      await step(sm, `41-sm-${label}`, async () => {
        await loginStaff(sm, 'sm@portal.local');
        await goto(sm, '/seguros?obra=101');
        await waitPath(sm, (p) => p === '/manutencao');
        assert.match(new URL(sm.url()).search, /escopo=seguros/);
        await sm.getByRole('heading', { name: 'Seguros em manutenção' }).waitFor();
        await sm.getByText(MESSAGE).waitFor();
        await sm.getByText(/Previsão de término:/).waitFor();
        assert.match(await sm.getByTestId('manutencao-aviso').innerText(), /Previsão de término:\s*[a-zçá-]+, \d{2}\/\d{2}\/\d{4} às \d{2}:00/);
        await shot(sm, `manutencao-sm-${label}`);
        await noAxe(sm, `página de manutenção (${label})`);
        if (label === 'phone') await noSidewaysScroll(sm, 'a página de manutenção');
        // The API refuses his writes to the module with the message and when to try again.
        const refused = await sm.evaluate(async () => {
          const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
          const res = await fetch('/api/v1/seguros', {
            method: 'POST',
            headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' },
            body: '{}',
          });
          return { status: res.status, retry: res.headers.get('retry-after'), body: await res.json() };
        });
        assert.equal(refused.status, 503);
        assert.equal(refused.body.codigo, 'manutencao');
        assert.ok(Number(refused.retry) > 60, `Retry-After ${refused.retry}`);
        assert.match(refused.body.message, /^Seguros em manutenção \(previsão de término: .*\)\. Ajuste nas apólices/);
      });
      await sm.close();
    }

    await step(admin, '41-admin-passa', async () => {
      await goto(admin, '/seguros?obra=101');
      await admin.locator('.ant-table, .ant-list, .ant-empty').first().waitFor();
      assert.equal(new URL(admin.url()).pathname, '/seguros');
    });
  } finally {
    await step(admin, '41-encerrar', async () => {
      await goto(admin, '/admin/manutencao');
      const item = admin.getByTestId('manutencao-seguros');
      await item
        .getByText(/Em manutenção|Disponível/)
        .first()
        .waitFor();
      if (await item.getByRole('button', { name: 'Encerrar' }).count()) {
        await item.getByRole('button', { name: 'Encerrar' }).click();
        await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Encerrar' }).click();
        await item.getByText('Disponível').waitFor();
      }
      const left = await apiGet(admin, '/api/v1/manutencao');
      if (left.body.ativas.length) await apiSend(admin, 'DELETE', '/api/v1/manutencao/seguros');
    });
  }
});

test('manutenção de uma tela: o administrador fecha só Endossos pelo celular; o resto de Seguros continua aberto', async () => {
  const admin = await newPage(browser, { viewport: PHONE });
  const screenLabel = 'Endossos (risco de engenharia)';
  await step(admin, '41-login-admin-tela', () => loginStaff(admin, 'admin@portal.local'));
  try {
    await step(admin, '41-iniciar-tela', async () => {
      await goto(admin, '/admin/manutencao');
      const chooser = admin.getByRole('combobox', { name: 'Tela para colocar em manutenção' });
      await chooser.click();
      await chooser.fill('Endossos');
      await admin.locator('.ant-select-item-option-content', { hasText: screenLabel }).click();
      await admin.getByRole('button', { name: 'Colocar a tela em manutenção' }).click();
      const dialog = admin.getByRole('dialog', { name: `Colocar em manutenção: ${screenLabel}` });
      await dialog.getByLabel('Mensagem para quem usa o portal').fill('Revisão dos endossos. As apólices continuam abertas.');
      const end = new Date(Date.now() + 3_600_000);
      end.setMinutes(0, 0, 0);
      await setEnd(dialog, admin, typed(new Date(end.getTime() + 3_600_000)));
      await dialog.waitFor({ state: 'hidden' });
      const item = admin.getByTestId('manutencao-tela:endossos');
      await item.getByText('Em manutenção').waitFor();
      await item.scrollIntoViewIfNeeded();
      await shot(admin, 'manutencao-tela-admin-phone');
      await noAxe(admin, 'manutenção de uma tela (administrador, 390 px)');
      await noSidewaysScroll(admin, 'a tela de manutenção com uma tela fechada');
      assert.deepEqual(
        (await apiGet(admin, '/api/v1/manutencao')).body.ativas.map((a) => a.escopo),
        ['tela:endossos'],
      );
    });
    const sm = await newPage(browser);
    await step(sm, '41-sm-tela', async () => {
      await loginStaff(sm, 'sm@portal.local');
      await goto(sm, '/endossos');
      await waitPath(sm, (p) => p === '/manutencao');
      assert.match(decodeURIComponent(new URL(sm.url()).search), /escopo=tela:endossos/);
      await sm.getByRole('heading', { name: `${screenLabel} em manutenção` }).waitFor();
      await sm.getByText('Revisão dos endossos. As apólices continuam abertas.').waitFor();
      await shot(sm, 'manutencao-tela-sm-desktop');
      await noAxe(sm, 'página de manutenção de uma tela');
      await goto(sm, '/seguros?obra=101');
      await sm.locator('.ant-table, .ant-list, .ant-empty').first().waitFor();
      assert.equal(new URL(sm.url()).pathname, '/seguros');
    });
    await sm.close();
  } finally {
    await apiSend(admin, 'DELETE', '/api/v1/manutencao/tela:endossos').catch(() => undefined);
    await admin.close();
  }
});

test('versão do portal: a versão do package.json e o commit em Versões do sistema e no perfil', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  for (const [label, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ]) {
    const page = await newPage(browser, viewport ? { viewport } : {});
    await step(page, `41-versao-${label}`, async () => {
      await loginStaff(page, 'sm@portal.local');
      await goto(page, '/versoesSistema');
      const current = page.getByTestId('versao-atual');
      await current.waitFor();
      assert.match(await current.innerText(), new RegExp(`Versão atual: ${version.replace(/\./g, '\\.')} · commit [0-9a-f]{7,12}`));
      await page.getByRole('article', { name: `Versão ${version}` }).waitFor();
      await shot(page, `versoes-${label}`);
      await goto(page, '/usuarios');
      const mine = page.getByTestId('perfil-versao');
      await mine.waitFor();
      assert.match(await mine.innerText(), new RegExp(`^${version.replace(/\./g, '\\.')} \\([0-9a-f]{7,12}\\)$`));
      await mine.scrollIntoViewIfNeeded();
      await shot(page, `perfil-versao-${label}`);
    });
    await page.close();
  }
});
