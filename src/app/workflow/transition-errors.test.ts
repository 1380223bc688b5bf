import { describe, expect, it } from 'vitest';
import { material } from '../../../schemas/material';
import { describeProblem, problemFieldLabel } from './transition-errors';

describe('refused steps name fields by their labels', () => {
  it('a row sub-field key (itens.0.quantidade) reads as the field, the line and the sub-field label', () => {
    expect(problemFieldLabel(material, 'itens.0.quantidade')).toBe('Itens, linha 1 — Quantidade');
    expect(problemFieldLabel(material, 'itens.11.descricao')).toBe('Itens, linha 12 — Descrição');
    expect(problemFieldLabel(material, 'Verificador')).toBe('Verificador');
    // An unknown sub-field still names its field; an unknown key stays as sent.
    expect(problemFieldLabel(material, 'itens.0.inexistente')).toBe('Itens');
    expect(problemFieldLabel(material, 'desconhecido')).toBe('desconhecido');
  });

  it('the guard refusal of a materials list lists its items without codes', () => {
    const p = describeProblem(material, {
      statusCode: 400,
      message: 'Informe a quantidade dos itens antes de liberar a lista.',
      errors: { 'itens.0.quantidade': ['Informe uma quantidade maior que zero antes de liberar a lista.'] } as never,
    });
    expect(p.fields).toEqual([
      { name: 'itens.0.quantidade', label: 'Itens, linha 1 — Quantidade', messages: ['Informe uma quantidade maior que zero antes de liberar a lista.'] },
    ]);
  });
});
