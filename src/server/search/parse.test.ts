/** What a typed search asks for (issue 39): words, code key, module words, the tsquery text, snippets. */
import { describe, expect, it } from 'vitest';
import { CODE_SCHEMAS } from '../../../schemas';
import { familyOf, fold, modulesNamed, parseSearch, tsqueryText } from './parse';
import { snippetOf, termRoots } from './snippet';
import { searchParts } from './parts';

describe('parseSearch', () => {
  it('keeps letters and digits only, without accents, and the code key', () => {
    expect(parseSearch('Ação corretiva: MAM-2025-0003!', CODE_SCHEMAS)).toMatchObject({
      tokens: ['acao', 'corretiva', 'mam', '2025', '0003'],
      codeKey: 'acaocorretivamam20250003',
    });
    expect(parseSearch('12.345.678/0001-95', CODE_SCHEMAS).codeKey).toBe('12345678000195');
  });

  it('lets no tsquery or LIKE operator through', () => {
    for (const q of ['&', '|', '!', ':*', '%', '_', '\\', "'", '<->', '(a)']) {
      const p = parseSearch(q, CODE_SCHEMAS);
      expect(
        p.tokens.every((t) => /^[a-z0-9]+$/.test(t)),
        q,
      ).toBe(true);
      expect(/^[a-z0-9]*$/.test(p.codeKey), q).toBe(true);
    }
    expect(tsqueryText(parseSearch('guindaste & laje | !x:*', CODE_SCHEMAS).tokens)).toBe('guindaste & laje:*');
  });

  it('reads a leading module word ("RDO 245", "CT-2025") and module labels', () => {
    expect(parseSearch('RDO 245', CODE_SCHEMAS).alias).toEqual({ modules: ['diario'], tokens: ['245'], codeKey: '245' });
    expect(parseSearch('CT-2025', CODE_SCHEMAS).alias?.modules).toEqual(['contrato']);
    expect(modulesNamed('contrato', CODE_SCHEMAS)).toContain('contrato');
    expect(parseSearch('RDO', CODE_SCHEMAS).alias).toBeUndefined();
  });

  it('builds the tsquery: every word, the last as a prefix, corrections and long words’ family as alternatives', () => {
    expect(tsqueryText(['guindaste', 'laje'])).toBe('guindaste & laje:*');
    expect(tsqueryText(['guidaste'], new Map([['guidaste', ['guindaste']]]))).toBe('(guidaste:* | guindaste | guida:*)');
    expect(familyOf('concretagem')).toBe('concret');
    expect(tsqueryText(['a', 'de'])).toBe('de:*');
  });
});

describe('snippets', () => {
  it('marks the words that start with a query word, its family or a correction, around the first one', () => {
    const roots = termRoots(['concretagem', 'guidaste'], new Map([['guidaste', ['guindaste']]]));
    const pieces = snippetOf('O guindaste quebrou quando íamos concretar a laje.', roots)!;
    expect(pieces.filter((p) => p.destaque).map((p) => p.texto)).toEqual(['guindaste', 'concretar']);
    expect(pieces.map((p) => p.texto).join('')).toBe('O guindaste quebrou quando íamos concretar a laje.');
    expect(snippetOf('Nada aqui.', roots)).toBeNull();
    expect(fold('Ação')).toBe('acao');
  });

  it('cuts long texts with an ellipsis on both sides', () => {
    const text = `${'palavra '.repeat(60)}guindaste ${'outra '.repeat(60)}`;
    const pieces = snippetOf(text, ['guindaste'], 120)!;
    expect(pieces[0].texto.startsWith('…')).toBe(true);
    expect(pieces[pieces.length - 1].texto.endsWith('…')).toBe(true);
    expect(pieces.some((p) => p.destaque && p.texto === 'guindaste')).toBe(true);
  });
});

describe('searchParts', () => {
  it('weighs codes and titles A, long texts C, internal fields D, and always includes the numbering', () => {
    const posvenda = CODE_SCHEMAS.find((s) => s.name === 'posvenda')!;
    const parts = Object.fromEntries(searchParts(posvenda).map((p) => [p.field.name, p]));
    expect(parts.codigo).toMatchObject({ weight: 'A', code: true });
    expect(parts.titulo.weight).toBe('A');
    expect(parts.descricao.weight).toBe('C');
    expect(parts.comentario).toMatchObject({ weight: 'D', internal: true });
    expect(parts.responsavel.weight).toBe('B');
    expect(searchParts(CODE_SCHEMAS.find((s) => s.name === 'empresa')!).find((p) => p.field.name === 'cnpj')?.code).toBe(true);
  });
});
