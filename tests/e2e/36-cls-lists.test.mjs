// Scenario 36 — no layout shift on lists (issue 28): one list of each kind in the administrator's menu,
// and every list of a client's, loaded as a person does (a full load of the address, signed in), keeps its cumulative
// layout shift at most 0.05 from the first paint until the rows, the total and the pagination are in.
// Measured in the page with the browser's own layout-shift entries (the same ones Lighthouse sums).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, appReady, goto, launch, loginOwnAccount, loginStaff, newPage, step } from './helpers.mjs';
import { cardLinks, settle, sidebarLinks } from './menu-entries.mjs';

const MAX_CLS = 0.05;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Starts collecting layout shifts before the page's own scripts run (every navigation of the context). */
async function recordShifts(page) {
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__cls += e.value;
        window.__shifts.push({
          value: Number(e.value.toFixed(4)),
          nodes: (e.sources ?? []).map((s) => {
            const name = s.node?.className?.toString?.().split(' ')[0] || s.node?.nodeName || '?';
            return `${name} y${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The links of the menu: the sidebar's open entries and Início's module cards (the sidebar's groups start closed). */
async function menuHrefs(page) {
  await settle(page);
  await page.locator('nav [role="menu"] a[href]').first().waitFor();
  // Lists only: Início's cards may also link a record waiting for the person (a RIT to sign, `/rits/2`).
  return [...new Set([...(await sidebarLinks(page)), ...(await cardLinks(page))])].filter((h) => !h.includes('?') && !/\/\d+$/.test(h));
}

const CONTENT = '[data-testid="page-content"]';

/**
 * The administrator's lists measured at desktop width: one of each kind of list screen (the generated
 * list of each module, with filters by site, area or state; the trash, the insurance due dates, the
 * audit log, the service accounts' and webhooks' screens, the users). All 42 of the menu measured 0.000–0.033
 * on 29/11/2026 in 6 minutes of the suite; a shift comes from a screen's kind, which these cover.
 */
const ADMIN_DESKTOP_LISTS = [
  '/todas-obras',
  '/diarios',
  '/posvendas',
  '/contrato',
  '/sgi/seguranca',
  '/cre',
  '/itens-verificacao',
  '/seguros/vencimentos',
  '/lixeira',
  '/admin/usuarios',
  '/admin/auditoria',
  '/admin/webhooks',
  '/fabricacao',
  '/processos-juridicos',
  '/produto/taf',
];

/** Loads an address; when its page is a list, waits for the rows, the total and the pagination and returns its layout shift. */
async function clsIfList(page, href, knownList) {
  await goto(page, href);
  await appReady(page);
  if (!knownList) {
    await settle(page);
    if (!(await page.locator(`${CONTENT} .ant-table`).count())) return undefined;
  }
  await page.locator(`${CONTENT} .ant-table-row, ${CONTENT} .ant-list-item, ${CONTENT} .ant-card, ${CONTENT} .ant-empty`).first().waitFor({ timeout: 20_000 });
  await settle(page);
  await page.waitForTimeout(500);
  return page.evaluate(() => ({ cls: window.__cls, shifts: window.__shifts }));
}

for (const [who, viewport, login] of [
  ['admin@portal.local', DESKTOP, loginStaff],
  ['admin@portal.local', PHONE, loginStaff],
  ['cliente@portal.local', DESKTOP, loginOwnAccount],
]) {
  const label = viewport === PHONE ? 'telefone' : 'computador';
  test(`CLS ≤ ${MAX_CLS} em cada lista do menu de ${who} (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    try {
      await step(page, `36-${who.split('@')[0]}-${label}`, async () => {
        await login(page, who);
        await recordShifts(page);
        // On a phone, six lists named here; on a computer the administrator's ADMIN_DESKTOP_LISTS (each
        // still in its menu) and every menu entry of the client whose page is a list, measured in the same
        // load that finds it is one.
        const phone = viewport === PHONE;
        let hrefs = phone ? ['/diarios', '/posvendas', '/sgi', '/todas-obras', '/contrato', '/processos-juridicos'] : await menuHrefs(page);
        if (!phone && who === 'admin@portal.local') {
          const missing = ADMIN_DESKTOP_LISTS.filter((h) => !hrefs.includes(h));
          assert.deepEqual(missing, [], 'listas escolhidas fora do menu do administrador');
          hrefs = ADMIN_DESKTOP_LISTS;
        }
        const lists = [];
        const bad = [];
        const figures = [];
        for (const href of hrefs) {
          const measured = await clsIfList(page, href, phone);
          if (!measured) continue;
          const { cls, shifts } = measured;
          lists.push(href);
          figures.push(`${href} ${cls.toFixed(3)}`);
          if (cls > MAX_CLS) bad.push(`${href}: CLS ${cls.toFixed(3)} — ${JSON.stringify(shifts.filter((s) => s.value >= 0.005))}`);
        }
        assert.ok(lists.length > 0, 'nenhuma lista no menu');
        console.log(`[36] ${who} (${label}): ${lists.length} listas; ${figures.join(', ')}`);
        assert.deepEqual(bad, [], `listas com deslocamento de layout acima de ${MAX_CLS}`);
      });
    } finally {
      await page.context().close();
    }
  });
}
