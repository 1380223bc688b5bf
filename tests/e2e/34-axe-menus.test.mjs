// Scenario 34 — WCAG 2.1 AA: axe-core (WCAG 2.0/2.1 A and AA, best practices) on every screen the menus
// of admin@ (desktop and phone width), sm@, cliente@ and fornecedor@ (phone width) lead to, and on the public pages;
// no serious or critical violation (tests/e2e/axe-menus.mjs). Three shards of about the same length,
// side by side in the runner's slots: this file (admin@ at desktop width, cliente@), 34b (admin@ at
// phone width, fornecedor@), 34c (sm@ and the public pages).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launch } from './helpers.mjs';
import { AXE_EMAILS, AXE_WIDTHS, axeMenuTests } from './axe-menus.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('os shards do cenário 34 cobrem as quatro contas nas suas larguras e as páginas públicas', () => {
  const calls = ['34-axe-menus', '34b-axe-menus', '34c-axe-menus']
    .map((f) => readFileSync(new URL(`./${f}.test.mjs`, import.meta.url), 'utf8'))
    .flatMap((src) => [...src.matchAll(/^axeMenuTests\(\(\) => browser, (\{[^\n]*\})\);$/gm)].map((m) => m[1]));
  const covered = new Set();
  let publicPages = false;
  for (const c of calls) {
    const emails = [...c.matchAll(/'([^']+@portal\.local)'/g)].map((m) => m[1]);
    const widths = /widths: \[([^\]]*)\]/.exec(c)?.[1].match(/desktop|phone/g) ?? ['desktop', 'phone'];
    for (const e of emails) for (const w of widths) covered.add(`${e} ${w}`);
    publicPages ||= /publicPages: true/.test(c);
  }
  assert.deepEqual([...covered].sort(), AXE_EMAILS.flatMap((e) => AXE_WIDTHS[e].map((w) => `${e} ${w}`)).sort());
  assert.ok(publicPages, 'páginas públicas fora da varredura');
});

axeMenuTests(() => browser, { emails: ['admin@portal.local'], widths: ['desktop'] });
axeMenuTests(() => browser, { emails: ['cliente@portal.local'], widths: ['phone'] });
