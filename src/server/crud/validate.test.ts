import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../../schemas/kinds';
import { validateBody } from './validate';

const s: EntitySchema = {
  name: 't',
  resource: 'ts',
  label: 'T',
  labelPlural: 'Ts',
  gender: 'm',
  subject: 'Obra',
  titleField: 'nome',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome', required: true, maxLength: 5 },
    { name: 'qtd', kind: 'integer', label: 'Qtd', min: 0, max: 10 },
    { name: 'chuva', kind: 'decimal', label: 'Chuva', scale: 2 },
    { name: 'valor', kind: 'money', label: 'Valor' },
    { name: 'dia', kind: 'date', label: 'Dia' },
    { name: 'quando', kind: 'datetime', label: 'Quando' },
    { name: 'ok', kind: 'boolean', label: 'Ok' },
    { name: 'tipo', kind: 'enum', label: 'Tipo', options: ['A', 'B'], default: 'A' },
    { name: 'resp', kind: 'person', label: 'Resp' },
    { name: 'tags', kind: 'tags', label: 'Tags' },
    {
      name: 'acesso',
      kind: 'object',
      label: 'Acesso',
      fields: [
        { name: 'full', kind: 'tags', label: 'Full' },
        { name: 'rOnly', kind: 'tags', label: 'R' },
      ],
    },
    {
      name: 'itens',
      kind: 'rows',
      label: 'Itens',
      fields: [
        { name: 'd', kind: 'text', label: 'D', required: true },
        { name: 'q', kind: 'decimal', label: 'Q', min: 0 },
      ],
    },
    { name: 'seq', kind: 'integer', label: 'Seq', readOnly: true },
  ],
};

describe('validateBody', () => {
  it('normalises valid input and applies defaults on create', () => {
    const { values, errors } = validateBody(s, {
      nome: ' abc ',
      qtd: '3',
      chuva: 1.005,
      valor: 10.499,
      dia: '2026-02-28',
      quando: '2026-02-28T10:00:00-03:00',
      ok: false,
      resp: { mail: 'A@B.COM', nome: 'Ana' },
      tags: ['x', 'x', ' y '],
      acesso: { full: [], rOnly: ['r'] },
      itens: [{ d: 'a', q: 2 }],
      seq: 99,
      id: 7,
      version: 2,
    });
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      nome: 'abc',
      qtd: 3,
      chuva: 1.01,
      valor: 10.5,
      dia: '2026-02-28',
      quando: '2026-02-28T13:00:00.000Z',
      ok: false,
      tipo: 'A',
      resp: { mail: 'a@b.com', nome: 'Ana' },
      tags: ['x', 'y'],
      itens: [{ d: 'a', q: 2 }],
    });
    // Empty sub-lists are not stored, so `acesso.full` does not exist.
    expect(values.acesso).toEqual({ rOnly: ['r'] });
    expect(values).not.toHaveProperty('seq');
  });

  it('returns one Portuguese message per bad field', () => {
    const { errors } = validateBody(s, {
      nome: 'abcdefg',
      qtd: 2.5,
      chuva: 'muito',
      dia: '2026-02-30',
      quando: 'ontem',
      ok: 'talvez',
      tipo: 'C',
      resp: { mail: 'nao-email' },
      tags: 'x',
      itens: [{ q: -1 }],
      extra: 1,
    });
    expect(errors.nome).toEqual(['Máximo de 5 caracteres.']);
    expect(errors.qtd).toEqual(['Informe um número inteiro.']);
    expect(errors.chuva).toEqual(['Informe um número.']);
    expect(errors.dia[0]).toMatch(/Data inválida/);
    expect(errors.quando[0]).toMatch(/Data e hora inválidas/);
    expect(errors.ok[0]).toMatch(/sim ou não/);
    expect(errors.tipo[0]).toMatch(/Opções: A, B/);
    expect(errors['resp.mail']).toEqual(['E-mail inválido.']);
    expect(errors.tags).toEqual(['Informe uma lista.']);
    expect(errors['itens.0.d']).toEqual(['Campo obrigatório.']);
    expect(errors['itens.0.q'][0]).toMatch(/mínimo é 0/);
    expect(errors.extra).toEqual(['Campo desconhecido.']);
  });

  it('checks required fields on the merged record for partial updates', () => {
    expect(validateBody(s, { qtd: 1 }, { nome: 'ok' }).errors).toEqual({});
    expect(validateBody(s, { nome: '' }, { nome: 'ok' }).errors.nome).toEqual(['Campo obrigatório.']);
    expect(validateBody(s, {}).errors.nome).toEqual(['Campo obrigatório.']);
    expect(validateBody(s, [] as unknown).errors._).toBeTruthy();
  });
});
