// Scenario 34, shard of the accessibility sweep (tests/e2e/axe-menus.mjs): sm@ at desktop and phone width, and the public pages.
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

axeMenuTests(() => browser, { emails: ['sm@portal.local'], widths: ['phone'], publicPages: true });
