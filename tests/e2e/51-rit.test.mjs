// Scenario 51 — the technical inspection report (RIT, issue 40) on its own page, as its inspector
// (field@portal.local), at 1440 and 390 px: the demo report returned for correction (RIT-101-004) says
// "Devolvido para correção", shows the inspector's signature voided with the reason and offers
// "Emitir relatório" again, never "Assinar"; the draft with findings (RIT-101-003) offers opening an
// SGI record and a punch item from a finding. Read-only (other scenarios share the demo data). Axe on
// both pages at both widths; nothing scrolls sideways at 390 px; screenshots.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step } from './helpers.mjs';
import { noAxe } from './axe.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const report = async (page, numero) => {
  const r = await apiGet(page, `/api/v1/rits?numero=${encodeURIComponent(numero)}`);
  assert.equal(r.status, 200);
  const found = r.body.find((x) => x.numero === numero);
  assert.ok(found, `o RIT ${numero} do demo`);
  return found;
};

const settled = (page) => page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'));

for (const [label, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE],
]) {
  test(`RIT: devolvido para correção e constatações do rascunho (${label})`, async () => {
    const page = await newPage(browser, viewport ? { viewport } : {});
    try {
      await step(page, `51-login-${label}`, () => loginStaff(page, 'field@portal.local'));

      await step(page, `51-devolvido-${label}`, async () => {
        const returned = await report(page, 'RIT-101-004');
        assert.equal(returned.status, 'Devolvido');
        await goto(page, `/rits/${returned.id}`);
        await page.getByText('Devolvido para correção').first().waitFor();
        await page.getByRole('button', { name: 'Emitir relatório' }).waitFor();
        assert.equal(await page.getByRole('button', { name: /^Assinar/ }).count(), 0, 'um RIT devolvido não se assina');
        assert.equal(await page.getByRole('button', { name: 'Devolver para correção' }).count(), 0);
        await page
          .getByText(/Relatório devolvido/)
          .first()
          .waitFor(); // the voided signature's reason
        await settled(page);
        await shot(page, `rit-devolvido-${label}`);
        await noAxe(page, `RIT devolvido (${label})`);
        if (viewport) await noSidewaysScroll(page, 'a página do RIT devolvido');
      });

      await step(page, `51-rascunho-${label}`, async () => {
        const draft = await report(page, 'RIT-101-003');
        assert.equal(draft.status, 'Rascunho');
        await goto(page, `/rits/${draft.id}`);
        await page.getByRole('button', { name: 'Abrir registro no SGI' }).waitFor();
        await page.getByRole('button', { name: 'Abrir item de verificação' }).waitFor();
        await settled(page);
        await shot(page, `rit-rascunho-${label}`);
        await noAxe(page, `RIT em rascunho (${label})`);
        if (viewport) await noSidewaysScroll(page, 'a página do RIT em rascunho');
      });
    } finally {
      await page.close();
    }
  });
}
