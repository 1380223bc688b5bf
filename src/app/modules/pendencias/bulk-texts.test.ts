import { describe, expect, it } from 'vitest';
import { bulkConfirmText, bulkResultText } from './bulk-texts';

describe('bulk action sentences (issue 36)', () => {
  it('asks with the count, singular or plural', () => {
    expect(bulkConfirmText('Aprovar', 3)).toBe('"Aprovar" nas 3 pendências selecionadas?');
    expect(bulkConfirmText('Devolver para revisão', 1)).toBe('"Devolver para revisão" na pendência selecionada?');
  });

  it('tells what was done and what could not be', () => {
    expect(bulkResultText('Aprovar', 3, 0)).toBe('Feito: "Aprovar" em 3 pendências.');
    expect(bulkResultText('Aprovar', 1, 0)).toBe('Feito: "Aprovar" em 1 pendência.');
    expect(bulkResultText('Aprovar', 2, 1)).toBe('Feito: "Aprovar" em 2 pendências. Não foi possível em 1.');
    expect(bulkResultText('Aprovar', 0, 1)).toBe('Não foi possível fazer "Aprovar" na pendência selecionada.');
    expect(bulkResultText('Aprovar', 0, 4)).toBe('Não foi possível fazer "Aprovar" em nenhuma das 4 pendências.');
  });
});
