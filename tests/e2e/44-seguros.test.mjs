// Scenario 44 — insurance in force (issue 40): an insurance person (beatriz.ramos@portal.local, role
// `seguros`, the demo policies' responsible person) opens "Vencimentos de apólices" on a computer and on a phone, sees the demo policy ending within 30 days under "A vencer em até 30 dias"
// with its date in pt-BR, opens a policy and sees "Apólice em vigor" (the contracted values and the
// issued endorsements). Axe on both screens at both widths; nothing scrolls sideways at 390 px; screenshots.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step, waitPath } from './helpers.mjs';
import { noAxe } from './axe.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const SOON = '01.67.0021877'; // ends 20 days after the seeding (src/server/seed/demo-seguros.ts)
const RENEWAL = '01.67.0021450'; // a renewal with one issued endorsement and one draft

const brDate = (iso) => iso.split('-').reverse().join('/');
const policy = async (page, numero) => {
  const r = await apiGet(page, `/api/v1/seguros?numeroApolice=${encodeURIComponent(numero)}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.length, 1, `a apólice ${numero} do demo`);
  return r.body[0];
};

for (const [label, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE],
]) {
  test(`seguros: vencimentos e apólice em vigor (${label})`, async () => {
    const page = await newPage(browser, viewport ? { viewport } : {});
    try {
      await step(page, `44-login-${label}`, () => loginStaff(page, 'beatriz.ramos@portal.local'));
      const soon = await policy(page, SOON);
      assert.equal(soon.vencimento, 'A vencer em até 30 dias');

      await step(page, `44-vencimentos-${label}`, async () => {
        await goto(page, '/seguros/vencimentos');
        await page.getByRole('heading', { name: 'Vencimentos de apólices' }).waitFor();
        const group = page.getByRole('region', { name: 'A vencer em até 30 dias' });
        const item = group.getByRole('listitem').filter({ has: page.getByRole('link', { name: SOON }) });
        await item.getByText(brDate(soon.fimVigenciaAtual)).waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'));
        await shot(page, `seguros-vencimentos-${label}`);
        await noAxe(page, `vencimentos (${label})`);
        if (viewport) await noSidewaysScroll(page, 'Vencimentos de apólices');
        await item.getByRole('link', { name: SOON }).click();
        await waitPath(page, `/seguros/${soon.id}`);
        await page.getByText('Apólice em vigor', { exact: true }).waitFor();
      });

      await step(page, `44-apolice-${label}`, async () => {
        const renewal = await policy(page, RENEWAL);
        await goto(page, `/seguros/${renewal.id}`);
        // The innermost card around the title (the page itself is a card too).
        const card = page.getByText('Apólice em vigor', { exact: true }).locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-card ")][1]');
        // Its one issued endorsement (a table on a computer, a list on a phone); the draft is left out.
        await card
          .getByText(/Inclusão de cobertura/)
          .first()
          .waitFor();
        assert.equal(await card.getByText(/Prorrogação de vigência/).count(), 0);
        // The contracted insured amount struck through, then the one in force.
        await card.locator('del').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'));
        await shot(page, `seguros-apolice-${label}`);
        await noAxe(page, `apólice em vigor (${label})`);
        if (viewport) await noSidewaysScroll(page, 'a página da apólice');
      });
    } finally {
      await page.close();
    }
  });
}
