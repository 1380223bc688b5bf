/** Where the site chooser leads (issue 36: from the list of every site's reports to the site's own). */
import { describe, expect, it } from 'vitest';
import { ROUTED } from '../../../resources/routes';
import { matchAppRoute } from '../guard/guard-rules';
import { siteListOf, targetForObra } from './site-picker';

const at = (path: string) => {
  const m = matchAppRoute(path.split('?')[0], ROUTED)!;
  return { route: m.route, params: m.params };
};

describe('targetForObra', () => {
  it("from a list of every site, the site's own list of the same entity", () => {
    expect(siteListOf(at('/diarios').route)?.path).toBe('/:obra/diarios');
    expect(targetForObra('102', at('/diarios'), '')).toBe('/102/diarios');
    expect(targetForObra('102', at('/cre'), '')).toBe('/obras/102/cre');
  });

  it("a site's page keeps its place, a site-required page takes ?obra=, any other page opens the site", () => {
    expect(targetForObra('102', { ...at('/101/diarios'), params: { obra: '101' } }, '')).toBe('/102/diarios');
    expect(targetForObra('102', at('/seguros'), '')).toBe('/seguros?obra=102');
    expect(targetForObra('102', at('/pendencias'), '')).toBe('/obras/102');
  });
});
