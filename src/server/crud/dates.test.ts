import { describe, expect, it } from 'vitest';
import { isValidDate, isValidDateTime } from '../fields/dates';
import { validateBody } from './validate';
import type { EntitySchema } from '../../../schemas/kinds';

const schema: EntitySchema = {
  name: 't',
  resource: 't',
  label: 'T',
  labelPlural: 'Ts',
  gender: 'm',
  subject: 'Obra',
  titleField: 'd',
  fields: [
    { name: 'd', kind: 'date', label: 'Data' },
    { name: 'dt', kind: 'datetime', label: 'Data e hora' },
  ],
};

describe('strict dates', () => {
  it('accepts real days, refuses impossible ones instead of rolling them over', () => {
    for (const ok of ['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01']) expect(isValidDate(ok), ok).toBe(true);
    for (const bad of ['2026-02-29', '1900-02-29', '2026-02-31', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '2026-1-1', '2026-01-01x'])
      expect(isValidDate(bad), bad).toBe(false);
  });

  it('accepts ISO date-times, refuses impossible times, days and zones', () => {
    for (const ok of ['2026-01-01T10:00:00Z', '2026-01-01T23:59:59.999-03:00', '2026-01-01 10:00', '2024-02-29T00:00:00+14:00'])
      expect(isValidDateTime(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-31T10:00:00Z',
      '2026-01-01T25:61:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60:00Z',
      '2026-01-01T10:00:61Z',
      '2026-01-01T10:00:00+25:00',
      '+275760-09-13T00:00:00Z',
      '2026-01-01',
      'amanhã',
    ])
      expect(isValidDateTime(bad), bad).toBe(false);
  });

  it('validation refuses them with the Portuguese message (no roll-over into March)', () => {
    const r = validateBody(schema, { d: '2026-02-31', dt: '2026-02-31T10:00:00Z' });
    expect(r.errors).toEqual({ d: ['Data inválida (use aaaa-mm-dd).'], dt: ['Data e hora inválidas.'] });
    const ok = validateBody(schema, { d: '2026-02-28', dt: '2026-02-28 10:00:00-03:00' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({ d: '2026-02-28', dt: '2026-02-28T13:00:00.000Z' });
  });
});
