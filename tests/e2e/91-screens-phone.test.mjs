// Screenshots of the main screens at phone width (390×844) into tests/e2e/screenshots/; see screens.mjs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, goto, launch, loginStaff, newPage, shot, step } from './helpers.mjs';
import { PHONE_SCREENS, inspect, settle, slug } from './screens.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('telas principais — telefone', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  const problems = [];
  await step(page, '90-login-phone', () => loginStaff(page, 'admin@portal.local'));
  for (const path of PHONE_SCREENS) {
    page.errors.length = 0;
    await goto(page, path);
    await settle(page);
    await shot(page, `tela-${slug(path)}-phone`);
    await inspect(page, problems, path);
    const crash = page.errors.find((e) => e.startsWith('pageerror'));
    if (crash) problems.push(`${path}: erro de JavaScript: ${crash}`);
  }
  await page.context().close();
  assert.deepEqual(problems, [], `problemas visíveis:\n  ${problems.join('\n  ')}`);
});

test('telas públicas — computador e telefone', async () => {
  for (const [vp, tag] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ]) {
    const page = await newPage(browser, { viewport: vp });
    const problems = [];
    for (const path of ['/login', '/esqueciSenha']) {
      await goto(page, path);
      await settle(page);
      await shot(page, `tela-${slug(path)}-${tag}`);
      await inspect(page, problems, path);
    }
    await page.context().close();
    assert.deepEqual(problems, [], `problemas visíveis (${tag}):\n  ${problems.join('\n  ')}`);
  }
});
