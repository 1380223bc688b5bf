// axe-core in the browser scenarios: the WCAG 2.0/2.1 A and AA rules (and axe's best practices) on the
// current page, serious and critical violations only.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** The rule sets the browser suite checks: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let axeSource;

/**
 * axe-core (node_modules/axe-core/axe.min.js) on the current page with the tags of AXE_TAGS: the serious
 * and critical violations, and the ids of the rules that ran (`rules`). axe is injected once per document.
 */
export async function axeAudit(page, { exclude = [] } = {}) {
  // Evaluated through the DevTools protocol: the portal's CSP (script-src 'self') blocks an injected <script>.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    axeSource ??= await readFile(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const { violations, rules } = await page.evaluate(
    async ([exclude, tags]) => {
      const r = await window.axe.run(exclude.length ? { exclude } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return {
        rules: [...new Set([...r.violations, ...r.passes, ...r.incomplete, ...r.inapplicable].map((x) => x.id))],
        violations: r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ')}`),
          count: v.nodes.length,
        })),
      };
    },
    [exclude, AXE_TAGS],
  );
  return { serious: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), rules };
}

/** The serious and critical violations axe-core finds on the current page (see axeAudit). */
export async function axeSerious(page, opts) {
  return (await axeAudit(page, opts)).serious;
}

export function formatViolations(vs) {
  return vs.map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.count} nós)\n      ${v.nodes.join('\n      ')}`).join('\n    ');
}

/** Fails when axe-core finds a serious or critical violation on the current page (`what` names the screen). */
export async function noAxe(page, what, opts) {
  const v = await axeSerious(page, opts);
  assert.equal(v.length, 0, `${what}: violações sérias/críticas do axe-core em ${page.url()}:\n    ${formatViolations(v)}`);
}
