import { describe, expect, it } from 'vitest';
import { abilityFromPacked } from '../../src/access/ability';
import { ROUTED, resolveEntity } from '../../resources/routes';
import { buildMenu, canChooseSite, menuPaths } from '../../src/app/layouts/menu';
import { matchAppRoute } from '../../src/app/guard/guard-rules';
import { DEMO_USERS } from '../../mocks/test-app';
import { BACKENDS, useApi } from './backends';

/**
 * Every menu entry of every demo account leads to a list the API lets that account read: the menu is
 * built as the app builds it (route table + the ability the API sends in /me), on the account's first
 * site for the site and factory layouts, and each entity list it opens is read as the account. The
 * browser's menu sweep (tests/e2e/menu-entries.mjs) renders the screens for one account per kind of
 * person; this covers the entries of all of them.
 */
describe.each(BACKENDS)('menu entries lead to lists the account may read (%s)', (backend) => {
  const t = useApi(backend);

  it('no entry of any demo account is refused by the API', async () => {
    const refused: string[] = [];
    let checked = 0;
    for (const [email, user] of Object.entries(DEMO_USERS)) {
      const me = await t.api.request('/api/v1/me', { as: email });
      expect(me.status, email).toBe(200);
      const ability = abilityFromPacked((await me.json()).rules);
      const obra = user.obra?.[0] ?? (canChooseSite(ability) ? '101' : undefined);
      const paths = new Set(
        (['open', 'general', 'site', 'factory'] as const).flatMap((layout) =>
          layout === 'site' || layout === 'factory' ? (obra ? menuPaths(buildMenu(layout, ability, obra)) : []) : menuPaths(buildMenu(layout, ability, obra)),
        ),
      );
      for (const path of paths) {
        const match = matchAppRoute(path.split('?')[0], ROUTED);
        expect(match, `${email}: ${path} não é uma rota`).toBeTruthy();
        const entity = match!.route.entity && !match!.route.screen ? resolveEntity(match!.route.entity, match!.params) : undefined;
        if (!entity || entity.view !== 'list') continue;
        const params = new URLSearchParams({ _end: '1' });
        const siteParam = match!.params.obra;
        if (siteParam && entity.schema.obraField) params.set(entity.schema.obraField, siteParam);
        const res = await t.api.request(`/api/v1/${entity.schema.resource}?${params}`, { as: email });
        checked++;
        if (res.status !== 200) refused.push(`${email}: ${path} → GET /${entity.schema.resource} ${res.status} ${(await res.text()).slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
    // The sweep saw lists (the accounts' menus are not empty of entities).
    expect(checked).toBeGreaterThan(Object.keys(DEMO_USERS).length);
  });
});
