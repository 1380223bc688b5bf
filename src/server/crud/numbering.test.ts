import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaByName } from '../../../schemas';
import { numberingScope, parseFormat } from './numbering';

describe('numbering formats', () => {
  it('parses literal text, record fields, coded fields, years and the padded counter', () => {
    expect(parseFormat('{area:prefixo}-{YYYY}-{####}')).toEqual([
      { type: 'field', field: 'area', codes: 'prefixo' },
      { type: 'text', text: '-' },
      { type: 'year' },
      { type: 'text', text: '-' },
      { type: 'counter', width: 4 },
    ]);
    expect(parseFormat('ET-{YYYY:dataFato}/{#}')).toEqual([
      { type: 'text', text: 'ET-' },
      { type: 'year', field: 'dataFato' },
      { type: 'text', text: '/' },
      { type: 'counter', width: 1 },
    ]);
  });

  it('refuses a format without exactly one counter or with an unknown token', () => {
    expect(() => parseFormat('ET-{YYYY}')).toThrow(/exactly one counter/);
    expect(() => parseFormat('{#}-{##}')).toThrow(/exactly one counter/);
    expect(() => parseFormat('{obra-x}-{#}')).toThrow(/invalid token/);
    expect(() => parseFormat('{#:x}')).toThrow(/invalid token/);
    expect(() => parseFormat('{a:b:c}{#}')).toThrow(/invalid token/);
  });
});

describe('numbering scopes of the declared entities', () => {
  const sgi = schemaByName('ticketSgi')!;
  it('SGI: per area prefix and year of today; an area without a prefix takes its first letters, an empty one GER', () => {
    expect(numberingScope(sgi, { area: 'Qualidade' }, '2026-03-04')).toMatchObject({ key: 'ticketSgi:QUA:2026', prefix: 'QUA-2026-', suffix: '', width: 4 });
    expect(numberingScope(sgi, { area: 'Meio Ambiente' }, '2025-12-31')).toMatchObject({ key: 'ticketSgi:MAM:2025', prefix: 'MAM-2025-' });
    // An area added at run time (schema configuration) without a declared prefix.
    expect(numberingScope(sgi, { area: 'saúde' }, '2026-01-01')).toMatchObject({ key: 'ticketSgi:SAÚ:2026', prefix: 'SAÚ-2026-' });
    expect(numberingScope(sgi, { area: null }, '2026-01-01')).toMatchObject({ key: 'ticketSgi:GER:2026', prefix: 'GER-2026-' });
  });

  it('ethics: per year; RDO: per site, not written in the number; post-sales: one counter', () => {
    expect(numberingScope(schemaByName('relatoEtica')!, {}, '2027-01-01')).toMatchObject({ key: 'relatoEtica:2027', prefix: 'ET-2027-', width: 5 });
    expect(numberingScope(schemaByName('diario')!, { obra: '101' })).toMatchObject({ key: 'diario:101', prefix: '', suffix: '', width: 1 });
    expect(numberingScope(schemaByName('diario')!, { obra: '102' }).key).toBe('diario:102');
    expect(numberingScope(schemaByName('posvenda')!, { obra: '101' }).key).toBe('posvenda');
  });

  it('every declaration names a read-only field of its schema, fields and code tables that exist, and how it is assigned', () => {
    const declared = SCHEMAS.filter((s) => s.numbering);
    expect(declared.map((s) => s.name).sort()).toEqual(['diario', 'itemVerificacao', 'posvenda', 'relatoEtica', 'rit', 'ticketSgi']);
    for (const s of declared) {
      const n = s.numbering!;
      const field = s.fields.find((f) => f.name === n.field);
      expect(field?.readOnly, `${s.name}.${n.field}`).toBe(true);
      const parts = parseFormat(n.format);
      // An integer field holds only the counter; a text field the formatted code.
      expect(field!.kind === 'integer', s.name).toBe(parts.length === 1);
      if (field!.kind !== 'integer') expect(field!.kind, s.name).toBe('text');
      for (const p of parts) {
        if (p.type === 'field' || (p.type === 'year' && p.field))
          expect(
            s.fields.some((f) => f.name === p.field),
            `${s.name}: {${p.field}}`,
          ).toBe(true);
        if (p.type === 'field' && p.codes) expect(n.codes?.[p.codes], `${s.name}: codes ${p.codes}`).toBeDefined();
      }
      for (const f of n.per ?? [])
        expect(
          s.fields.some((x) => x.name === f),
          `${s.name}: per ${f}`,
        ).toBe(true);
      const assigning = (s.workflow?.transitions ?? []).filter((t) => t.assignsNumber).map((t) => t.name);
      expect(assigning.length > 0, `${s.name}: transitions assigning the number`).toBe(n.on === 'transition');
    }
    expect(
      SCHEMAS.filter((s) => !s.numbering).flatMap((s) => (s.workflow?.transitions ?? []).filter((t) => t.assignsNumber).map((t) => `${s.name}.${t.name}`)),
    ).toEqual([]);
    expect(sgi.workflow!.transitions.filter((t) => t.assignsNumber).map((t) => t.name)).toEqual(['aceitar']);
  });
});
