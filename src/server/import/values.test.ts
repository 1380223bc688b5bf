/** Spreadsheet cells as Brazilian offices write them, read as the API's values (src/server/import/values.ts). */
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../schemas/kinds';
import { WallTime } from './cells';
import { coerceCell, parseBrDate, parseBrNumber, wallToInstant } from './values';
import { closest, normalizeText } from './text-match';
import { detectDelimiter, decodeCsv } from './csv-reader';

const field = (kind: FieldDef['kind'], extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'x', label: 'X', kind, ...extra });

describe('spreadsheet values', () => {
  it('reads pt-BR numbers: thousands separators, decimal comma, R$, negatives', () => {
    expect(parseBrNumber('1.234,56')).toBe(1234.56);
    expect(parseBrNumber('R$ 2.500,00')).toBe(2500);
    expect(parseBrNumber(' 1234.56 ')).toBe(1234.56);
    expect(parseBrNumber('1.234')).toBe(1234);
    expect(parseBrNumber('1.234.567')).toBe(1234567);
    expect(parseBrNumber('1,5')).toBe(1.5);
    expect(parseBrNumber('1,234,567')).toBe(1234567);
    expect(parseBrNumber('-3,2')).toBe(-3.2);
    expect(parseBrNumber('(10,00)')).toBe(-10);
    expect(parseBrNumber('0.5')).toBe(0.5);
    expect(parseBrNumber('muito')).toBeUndefined();
    expect(parseBrNumber('1,2,3')).toBeUndefined();
  });

  it('reads dates dd/mm/aaaa (and aa, -, .), ISO, with a time; refuses impossible days', () => {
    expect(parseBrDate('31/12/2026')).toEqual({ date: '2026-12-31' });
    expect(parseBrDate('1/2/26')).toEqual({ date: '2026-02-01' });
    expect(parseBrDate('05-03-2026 14:30')).toEqual({ date: '2026-03-05', time: '14:30:00' });
    expect(parseBrDate('2026-03-05')).toEqual({ date: '2026-03-05' });
    expect(parseBrDate('31/02/2026')).toBeUndefined();
    expect(parseBrDate('12/31/2026')).toBeUndefined();
    expect(wallToInstant('2026-03-05', '14:30:00', 'America/Sao_Paulo')).toBe('2026-03-05T17:30:00.000Z');
  });

  it('turns cells into the values the API takes, or the message of the spreadsheet', () => {
    expect(coerceCell(field('boolean'), 'Sim')).toEqual({ value: true });
    expect(coerceCell(field('boolean'), ' não ')).toEqual({ value: false });
    expect(coerceCell(field('boolean'), 'talvez')).toEqual({ error: 'Informe sim ou não (Sim ou Não).' });
    expect(coerceCell(field('date'), new WallTime('2026-03-05T00:00:00', false))).toEqual({ value: '2026-03-05' });
    expect(coerceCell(field('date'), '2026/13/40')).toEqual({ error: 'Data inválida (use dd/mm/aaaa).' });
    expect(coerceCell(field('money'), '1.234,56')).toEqual({ value: 1234.56 });
    expect(coerceCell(field('integer'), 'doze')).toEqual({ value: 'doze' }); // the API says "Informe um número inteiro."
    const area = field('enum', { options: ['FIELD', 'AUTOMACAO'], optionLabels: { FIELD: 'Campo', AUTOMACAO: 'Automação' } });
    expect(coerceCell(area, 'automacao')).toEqual({ value: 'AUTOMACAO' });
    expect(coerceCell(area, 'Campos')).toEqual({ error: 'Valor inválido. Opções: Campo, Automação. Você quis dizer "Campo"?' });
    expect(coerceCell(field('person'), 'Maria Souza <Maria@Empresa.com.br>')).toEqual({ value: { mail: 'maria@empresa.com.br', nome: 'Maria Souza' } });
    expect(coerceCell(field('person'), 'Maria Souza')).toEqual({ value: { nome: 'Maria Souza' } });
    expect(coerceCell(field('tags', { options: ['a', 'b'], optionLabels: { a: 'Alfa', b: 'Beta' } }), 'Alfa; beta')).toEqual({ value: ['a', 'b'] });
    expect(coerceCell(field('text'), 101)).toEqual({ value: '101' });
    expect(coerceCell(field('text'), null)).toEqual({ value: null });
  });

  it('matches names without case, accents or the mark of a required column; suggests the closest', () => {
    expect(normalizeText('Nº do Contrato *')).toBe('no do contrato');
    expect(normalizeText('Início da vigência (obrigatório)')).toBe('inicio da vigencia');
    expect(closest('Concreta Pre Moldadas', ['Andrade & Lobo Advogados', 'Concreta Pré-Moldados', 'Clima Floripa'])).toBe('Concreta Pré-Moldados');
    expect(closest('xyz', ['Concreta Pré-Moldados'])).toBeUndefined();
  });

  it('reads CSV text in UTF-8 (with or without BOM) or Windows-1252, and finds its separator', () => {
    expect(decodeCsv(Buffer.from('\ufeffAção;b')).text).toBe('Ação;b');
    expect(decodeCsv(Buffer.from('A\xe7\xe3o;b', 'latin1'))).toEqual({ text: 'Ação;b', encoding: 'windows-1252' });
    expect(detectDelimiter('a;b;"c,d"\n1,2')).toBe(';');
    expect(detectDelimiter('a,b,c\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
  });
});
