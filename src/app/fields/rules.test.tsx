import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import type { FieldDef } from '../../../schemas/kinds';
import { rulesFor, validateFile, MESSAGES } from './form-items';

/** Run antd rules the way a Form does (required flag + validators), returning the messages. */
async function check(field: FieldDef, value: unknown): Promise<string[]> {
  const errors: string[] = [];
  for (const rule of rulesFor(field)) {
    const r = (typeof rule === 'function' ? rule({} as never) : rule) as Exclude<FormRule, (...a: never[]) => unknown>;
    if (r.validator) {
      try {
        await r.validator(r as never, value, () => {});
      } catch (e) {
        errors.push((e as Error).message);
      }
    } else if (r.required && r.type === 'array') {
      if (!Array.isArray(value) || value.length < (r.min ?? 1)) errors.push(String(r.message));
    }
  }
  return errors;
}

const f = (kind: FieldDef['kind'], extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'x', label: 'X', kind, ...extra });

describe('rulesFor', () => {
  it('required in Portuguese, for scalars, persons and lists', async () => {
    expect(await check(f('text', { required: true }), '  ')).toEqual(['Campo obrigatório.']);
    expect(await check(f('text', { required: true }), 'ok')).toEqual([]);
    expect(await check(f('integer', { required: true }), null)).toEqual(['Campo obrigatório.']);
    expect(await check(f('person', { required: true }), { mail: '' })).toContain('Campo obrigatório.');
    expect(await check(f('rows', { required: true }), [])).toEqual(['Campo obrigatório.']);
    expect(await check(f('boolean', { required: true }), false)).toEqual([]);
  });

  it('length bounds', async () => {
    expect(await check(f('text', { maxLength: 3 }), 'abcd')).toEqual(['Máximo de 3 caracteres.']);
    expect(await check(f('text', { minLength: 3 }), 'ab')).toEqual(['Mínimo de 3 caracteres.']);
    expect(await check(f('text', { minLength: 3 }), '')).toEqual([]);
  });

  it('number bounds and integers', async () => {
    expect(await check(f('decimal', { min: 0 }), -1)).toEqual(['O valor mínimo é 0.']);
    expect(await check(f('money', { max: 1000 }), 1000.01)).toEqual(['O valor máximo é 1.000.']);
    expect(await check(f('integer'), 1.5)).toEqual(['Informe um número inteiro.']);
    expect(await check(f('integer', { min: 1, max: 10 }), 5)).toEqual([]);
  });

  it('e-mail and enum', async () => {
    expect(await check(f('email'), 'nope')).toEqual(['E-mail inválido.']);
    expect(await check(f('email'), 'a@b.co')).toEqual([]);
    expect(await check(f('person'), { mail: 'x' })).toEqual(['E-mail inválido.']);
    expect(await check(f('person'), { nome: 'Só nome' })).toEqual(['Campo obrigatório.']);
    expect(await check(f('enum', { options: ['A', 'B'] }), 'C')).toEqual(['Valor inválido. Opções: A, B.']);
  });

  it('tags and files', async () => {
    expect(await check(f('tags', { maxLength: 3 }), ['ok', 'longa'])).toEqual([MESSAGES.tagLength(3)]);
    expect(await check(f('attachments', { maxFiles: 1 }), [{ key: 'a' }, { key: 'b' }])).toEqual(['No máximo 1 arquivo(s).']);
  });

  it('validateFile checks type prefix, size and count', () => {
    const img = f('images', { accept: ['image/'], maxSizeMb: 1, maxFiles: 2 });
    expect(validateFile(img, { name: 'a.png', size: 10, type: 'image/png' })).toBeNull();
    expect(validateFile(img, { name: 'a.pdf', size: 10, type: 'application/pdf' })).toBe('Tipo de arquivo não permitido: a.pdf.');
    expect(validateFile(img, { name: 'big.png', size: 2 * 1024 * 1024, type: 'image/png' })).toBe('O arquivo big.png excede o limite de 1 MB.');
    expect(validateFile(img, { name: 'c.png', size: 10, type: 'image/png' }, 2)).toBe('No máximo 2 arquivo(s).');
  });
});
