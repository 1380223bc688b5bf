import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { formatValue } from '../fields/format-value';
import { deviceTitle } from './device-title';

describe('name of a record kept on the device', () => {
  it('says entity, site and date once, in Brazilian format', () => {
    const diario = schemaByName('diario')!;
    expect(deviceTitle(diario, { obra: '101', data: '2023-04-19' }, formatValue)).toBe('Diário de obra · obra 101 · 19/04/2023');
    expect(deviceTitle(diario, { obra: '101', data: '2023-04-19' }, formatValue, '7')).toBe('Diário de obra · obra 101 · 19/04/2023');
  });
});
