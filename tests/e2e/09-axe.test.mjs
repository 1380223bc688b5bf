// Scenario 9 — accessibility: axe-core (node_modules/axe-core) on the login page, a list and a form
// finds no serious or critical violation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, axeSerious, formatViolations, goto, launch, loginStaff, newPage, step, waitPath } from './helpers.mjs';

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
});
after(async () => {
  await browser?.close();
});

async function check(name) {
  const v = await axeSerious(page);
  assert.equal(v.length, 0, `${name}: violações sérias/críticas do axe-core em ${page.url()}:\n    ${formatViolations(v)}`);
}

test('axe: /login', async () => {
  await step(page, '09-login', async () => {
    await goto(page, '/login');
    await page.getByRole('button', { name: /^entrar$/i }).waitFor();
    await check('login');
  });
});

test('axe: lista (/diarios)', async () => {
  await step(page, '09-lista', async () => {
    await loginStaff(page, 'sm@portal.local');
    await goto(page, '/diarios');
    await page.locator('.ant-table-row').first().waitFor();
    await check('lista');
  });
});

test('axe: formulário (novo diário)', async () => {
  await step(page, '09-form', async () => {
    await page.getByRole('button', { name: /(^|\s)novo$/i }).click();
    await waitPath(page, (p) => /\/diarios\/novo$/.test(p));
    await page.getByLabel('Ocorrências').waitFor();
    await check('formulário');
  });
});

// The screens of issues 25 and 26: the work queue, the business calendar, absences, the SLA drawer,
// the e-mail action page (an invalid link: its refusal), and the public verification page.
for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`axe: pendências, calendário, ausências, SLA, ação do e-mail, campo e verificação (${label})`, async () => {
    const p = await newPage(browser, { viewport });
    const checkOn = async (name) => {
      const v = await axeSerious(p);
      assert.equal(v.length, 0, `${name} (${label}): violações sérias/críticas do axe-core em ${p.url()}:\n    ${formatViolations(v)}`);
    };
    try {
      await step(p, `09-prazos-${label}`, async () => {
        await loginStaff(p, 'admin@portal.local');
        await goto(p, '/pendencias');
        await p
          .getByRole('heading', { name: /Minhas pendências/ })
          .first()
          .waitFor();
        await checkOn('pendências');
        await goto(p, '/admin/calendario');
        await p
          .getByText(/Segunda-feira/)
          .first()
          .waitFor();
        await checkOn('calendário');
        await goto(p, '/ausencias');
        await p.locator('.ant-table, .ant-list, .ant-empty').first().waitFor();
        await checkOn('ausências');
        await goto(p, '/posvendas');
        await p.locator('button').filter({ hasText: /^SLA$/ }).click();
        await p
          .getByRole('dialog')
          .getByText(/Primeira resposta/)
          .first()
          .waitFor();
        await checkOn('SLA');
        await goto(p, '/acao-email/link-invalido');
        await p
          .getByText(/inválido/)
          .first()
          .waitFor();
        await checkOn('ação do e-mail');
      });
      await step(p, `09-campo-${label}`, async () => {
        // Issue 26: the site's impracticable days and what waits on the device.
        await goto(p, '/101/diarios/impraticaveis?de=2025-01-01&ate=2025-07-31');
        await p.getByRole('region', { name: 'Diários com turno impraticável' }).locator('.ant-table-row').first().waitFor();
        await checkOn('dias impraticáveis');
        await goto(p, '/no-aparelho');
        await p.getByText(/Nada guardado neste aparelho/).waitFor();
        await checkOn('no aparelho');
      });
      await step(p, `09-verificar-${label}`, async () => {
        await goto(p, '/verificar/ZZZZZZZZZZ');
        await p.getByText('Código de verificação inexistente.').first().waitFor();
        await checkOn('verificação');
      });
    } finally {
      await p.context().close();
    }
  });
}
