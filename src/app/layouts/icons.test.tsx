import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../resources/routes';
import { CODE_SCHEMAS } from '../../../schemas/index';
import { ICONS } from './icons';

// The menu and the home page render icons from names in the route table and the schemas; the map
// is explicit (only those icons are bundled), so every name used must have its entry.
describe('route icons', () => {
  it('has an icon for every name the route table and the schemas use', () => {
    const names = new Set<string>([...APP_ROUTES.map((r) => r.icon), ...CODE_SCHEMAS.map((s) => s.menu?.icon)].filter((n): n is string => !!n));
    expect(names.size).toBeGreaterThan(10);
    const missing = [...names].filter((n) => !ICONS[n]);
    expect(missing).toEqual([]);
  });
});
