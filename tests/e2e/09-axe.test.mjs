// Scenario 9 — accessibility: axe-core (node_modules/axe-core) on the login page, a list and a form
// finds no serious or critical violation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeSerious, formatViolations, goto, launch, loginStaff, newPage, step, waitPath } from './helpers.mjs';

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
