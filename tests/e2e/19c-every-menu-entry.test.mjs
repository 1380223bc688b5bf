// Scenario 19, shard 3 of 3: every menu entry of a third of the demo accounts (tests/e2e/menu-entries.mjs).
import { after, before } from 'node:test';
import { launch } from './helpers.mjs';
import { menuEntryTests } from './menu-entries.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

menuEntryTests(() => browser, 2);
