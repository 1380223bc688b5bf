// Scenario 34, shard of the accessibility sweep (tests/e2e/axe-menus.mjs): admin@ at phone width, fornecedor@.
import { after, before } from 'node:test';
import { launch } from './helpers.mjs';
import { axeMenuTests } from './axe-menus.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

axeMenuTests(() => browser, { emails: ['admin@portal.local'], widths: ['phone'] });
axeMenuTests(() => browser, { emails: ['fornecedor@portal.local'], widths: ['phone'] });
