import { describe, expect, it } from 'vitest';
import { checkPhotoMeta } from './photo-meta';

const now = Date.UTC(2026, 2, 10, 12, 0, 0);

describe('checkPhotoMeta', () => {
  it('normalises a valid date-time and position', () => {
    expect(checkPhotoMeta({ tiradaEm: '2026-03-01T14:30:00-03:00', latitude: '-23.55', longitude: -46.63 }, now)).toEqual({
      value: { tiradaEm: '2026-03-01T17:30:00.000Z', latitude: -23.55, longitude: -46.63 },
      errors: {},
    });
    expect(checkPhotoMeta({}, now)).toEqual({ value: {}, errors: {} });
    expect(checkPhotoMeta({ tiradaEm: '', latitude: null }, now)).toEqual({ value: {}, errors: {} });
  });

  it('allows up to a day ahead (clocks and time zones), not more', () => {
    expect(checkPhotoMeta({ tiradaEm: new Date(now + 23 * 3_600_000).toISOString() }, now).errors).toEqual({});
    expect(checkPhotoMeta({ tiradaEm: new Date(now + 25 * 3_600_000).toISOString() }, now).errors.tiradaEm).toEqual([expect.stringMatching(/futuro/)]);
  });

  it('refuses other formats, out-of-range and lone coordinates with per-field messages', () => {
    for (const tiradaEm of ['01/03/2026', '2026-03-01', '2026-02-30T10:00:00Z', '1800-01-01T00:00:00Z', 20260301])
      expect(checkPhotoMeta({ tiradaEm }, now).errors.tiradaEm, String(tiradaEm)).toEqual([expect.stringMatching(/ISO 8601/)]);
    expect(checkPhotoMeta({ latitude: '90.5', longitude: '181' }, now).errors).toEqual({
      latitude: [expect.stringMatching(/-90 e 90/)],
      longitude: [expect.stringMatching(/-180 e 180/)],
    });
    expect(checkPhotoMeta({ latitude: '1e3', longitude: '0' }, now).errors).toEqual({ latitude: [expect.any(String)] });
    expect(checkPhotoMeta({ latitude: '10' }, now).errors).toEqual({ longitude: [expect.stringMatching(/juntas/)] });
    expect(checkPhotoMeta({ longitude: '10' }, now).errors).toEqual({ latitude: [expect.stringMatching(/juntas/)] });
  });
});
