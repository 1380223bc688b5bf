import { describe, expect, it } from 'vitest';
import { showPath } from './links';

describe('showPath', () => {
  it('uses the show route of the route table', () => {
    expect(showPath('contratos', 12)).toBe('/contrato/12');
    // Spec routes that are the show page, with their own param name.
    expect(showPath('diarios', 3)).toBe('/diarios/3');
    expect(showPath('posvendas', '7')).toBe('/posvendas/7');
  });

  it('is undefined for unknown resources', () => {
    expect(showPath('nao-existe', 1)).toBeUndefined();
  });
});
