// Shared by 90-screens-desktop and 91-screens-phone: screenshots of every main screen at desktop
// (1440×900) and phone (390×844) width into tests/e2e/screenshots/ (git-ignored). The administrator
// (acesso_total) opens every module the home offers by clicking it, like a user; each screen must render
// something in Portuguese (no blank page, no English UI words, no crash, nothing past the right edge).
import { pathOf, wideElements } from './helpers.mjs';

// Whole-word English UI texts a Portuguese user should never see (antd/Refine defaults, stray strings).
export const ENGLISH =
  /\b(Loading|Create|Edit|Delete|Show|Save|Search|No data|Cancel|Filter|Reset|Refresh|Are you sure|Logout|Sign in|Sign out|items? per page|Previous Page|Next Page|Actions|Something went wrong|Not found|Unauthorized|Forbidden|Select|Submit|Back|Home)\b/;

export const PHONE_SCREENS = [
  '/obras',
  '/todas-obras',
  '/obras/101',
  '/diarios',
  '/diarios/novo',
  '/posvendas',
  '/contrato',
  '/versoesSistema',
  '/usuarios',
  '/403',
  '/404',
  '/ObraInacessivel',
  '/manutencao',
];

export const slug = (path) => path.replace(/^\//, '').replace(/[/?=&:]+/g, '_') || 'raiz';

/** Waits for the screen to settle: no spinner, no skeleton; a short pause for transitions. */
export async function settle(page) {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [data-testid="loading-overlay"]'), null, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(250);
}

export async function inspect(page, problems, label) {
  const main = page.locator('main, .ant-layout-content, #app').first();
  const text = (await main.innerText().catch(() => '')).trim();
  const where = `${label} (${pathOf(page)})`;
  if (text.length < 15) problems.push(`${where}: tela praticamente vazia`);
  const m = text.match(ENGLISH);
  if (m) problems.push(`${where}: texto em inglês "${m[0]}" — …${text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' ')}…`);
  const title = await page.title();
  if (/refine/i.test(title)) problems.push(`${where}: título da aba "${title}"`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) problems.push(`${where}: a página rola ${overflow}px na horizontal`);
  const wide = await wideElements(page);
  if (wide.length) problems.push(`${where}: elementos além da borda direita: ${wide.join('; ')}`);
}
