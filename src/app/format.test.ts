import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../schemas/kinds';
import { formatDate, formatDateTime, formatDaysAgo, formatDecimal, formatFileSize, formatMoney, formatPerson, todayIso } from './format';
import { formatValue } from './fields/format-value';

const nb = (s: string) => s.replace(/\u00a0/g, ' ');

describe('format', () => {
  it('formats BRL money, numbers and numeric strings', () => {
    expect(nb(formatMoney(1234.56))).toBe('R$ 1.234,56');
    expect(nb(formatMoney('1234.5'))).toBe('R$ 1.234,50');
    expect(nb(formatMoney(0))).toBe('R$ 0,00');
    expect(nb(formatMoney(-10))).toBe('-R$ 10,00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('formats decimals with the given scale', () => {
    expect(formatDecimal(1234.5, 2)).toBe('1.234,50');
    expect(formatDecimal('12.345', 3)).toBe('12,345');
    expect(formatDecimal(3, 0)).toBe('3');
    expect(formatDecimal(undefined, 2)).toBe('');
  });

  it('formats dates without timezone shift', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2023-12-31')).toBe('31/12/2023');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('formats date-times in local time', () => {
    const d = new Date(2024, 4, 6, 7, 8); // local
    expect(formatDateTime(d.toISOString())).toBe('06/05/2024 07:08');
    expect(formatDateTime('2024-05-06')).toBe('06/05/2024');
  });

  it('formats persons', () => {
    expect(formatPerson({ mail: 'a@b.com', nome: 'Ana' })).toBe('Ana <a@b.com>');
    expect(formatPerson({ mail: 'a@b.com' })).toBe('a@b.com');
    expect(formatPerson(null)).toBe('');
  });

  it('formatValue covers every kind', () => {
    const f = (kind: FieldDef['kind'], extra: Partial<FieldDef> = {}) => ({ name: 'x', label: 'X', kind, ...extra }) as FieldDef;
    expect(formatValue(f('text'), 'abc')).toBe('abc');
    expect(formatValue(f('longtext'), 'a\nb')).toBe('a\nb');
    expect(formatValue(f('email'), 'a@b.com')).toBe('a@b.com');
    expect(formatValue(f('integer'), 1234)).toBe('1.234');
    expect(formatValue(f('decimal', { scale: 1 }), 2.25)).toBe('2,3');
    expect(formatValue(f('decimal'), 2)).toBe('2,00');
    expect(nb(formatValue(f('money'), '99.9'))).toBe('R$ 99,90');
    expect(formatValue(f('date'), '2024-02-29')).toBe('29/02/2024');
    expect(formatValue(f('boolean'), true)).toBe('Sim');
    expect(formatValue(f('boolean'), false)).toBe('Não');
    expect(formatValue(f('enum', { options: ['A'] }), 'A')).toBe('A');
    expect(formatValue(f('reference'), 101)).toBe('101');
    expect(formatValue(f('person'), { mail: 'x@y.z', nome: 'X' })).toBe('X <x@y.z>');
    expect(formatValue(f('tags'), ['a', 'b'])).toBe('a, b');
    expect(formatValue(f('rows'), [{}, {}])).toBe('2 itens');
    expect(formatValue(f('rows'), [{}])).toBe('1 item');
    expect(formatValue(f('attachments'), [{ key: 'k', name: 'n', size: 1, type: 't' }])).toBe('1 arquivo');
    expect(formatValue(f('images'), [])).toBe('0 arquivos');
    expect(
      formatValue(
        f('object', {
          fields: [
            { name: 'a', kind: 'boolean', label: 'Ativo' },
            { name: 'b', kind: 'text', label: 'B' },
          ],
        }),
        { a: true },
      ),
    ).toBe('Ativo: Sim');
    expect(formatValue(f('text'), null)).toBe('');
  });

  it('formats file sizes and today', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5,0 MB');
    expect(todayIso(new Date(2024, 0, 9))).toBe('2024-01-09');
  });

  it('says how many calendar days ago a moment was', () => {
    const now = new Date(2024, 4, 10, 9, 0);
    expect(formatDaysAgo(new Date(2024, 4, 10, 0, 5).toISOString(), now)).toBe('hoje');
    expect(formatDaysAgo(new Date(2024, 4, 9, 23, 50).toISOString(), now)).toBe('ontem');
    expect(formatDaysAgo(new Date(2024, 3, 30, 12, 0).toISOString(), now)).toBe('há 10 dias');
    expect(formatDaysAgo(new Date(2024, 4, 11).toISOString(), now)).toBe('hoje');
    expect(formatDaysAgo(null, now)).toBe('');
    expect(formatDaysAgo('não é data', now)).toBe('');
  });
});
