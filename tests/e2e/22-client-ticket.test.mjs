// Scenario 22 — decision 30, the client's side of a post-sales ticket, at desktop (1280 px) and
// phone (390 px) width: cliente@portal.local finds its open ticket on its start page, opens it, reads
// the team's client-visible reply (never the internal note), answers with "Responder", and its
// answer joins the timeline. Screenshots at both widths (tests/e2e/screenshots/22-*.png).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, launch, loginClient, newPage, noSidewaysScroll, shot, step } from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const TICKET = 'Sensor de fim de curso do pórtico rolante desregulado';
const TEAM_REPLY = /O ajuste do sensor será feito na parada de manutenção/;
const INTERNAL_NOTE = /Conferir o desenho de montagem do eixo C/;
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [viewport, label] of [
  [DESKTOP_1280, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`o cliente responde no ticket da sua obra (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    const token = `Parada confirmada ${label} ${Date.now().toString(36)}`;
    await step(page, `22-${label}-inicio`, async () => {
      await loginClient(page, 'cliente@portal.local');
      const card = page.getByRole('region', { name: 'Seus tickets de pós-venda em aberto' });
      await card.getByText(TICKET).first().waitFor({ timeout: 20_000 });
      await shot(page, `22-${label}-inicio`);
      await card.getByText(TICKET).first().click();
    });
    await step(page, `22-${label}-ticket`, async () => {
      await page.getByText(TEAM_REPLY).first().waitFor({ timeout: 20_000 });
      assert.equal(await page.getByText(INTERNAL_NOTE).count(), 0, 'o cliente vê a nota interna da equipe');
      await shot(page, `22-${label}-ticket`);
      if (label === 'phone') await noSidewaysScroll(page, 'ticket do cliente');
      // The section's own button (each team message also has its "Responder", to answer that message).
      await page.getByRole('button', { name: 'plus Responder' }).click();
    });
    await step(page, `22-${label}-resposta`, async () => {
      const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
      await modal.getByLabel('Texto').fill(token);
      // Only what a client writes: no visibility switch, type or author to choose.
      assert.equal(await modal.getByText('Visível ao cliente').count(), 0, 'o cliente escolhe a visibilidade');
      await shot(page, `22-${label}-resposta`);
      await modal.getByRole('button', { name: 'Salvar' }).click();
      await modal.waitFor({ state: 'hidden', timeout: 20_000 });
      const timeline = page.getByText(token, { exact: true });
      await timeline.first().waitFor({ timeout: 20_000 });
      await timeline.first().scrollIntoViewIfNeeded();
      await shot(page, `22-${label}-respondido`);
      // After a reload too: the answer is stored where the client reads it.
      await page.reload();
      await page.getByText(token, { exact: true }).first().waitFor({ timeout: 20_000 });
    });
    await page.close();
  });
}
