import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../../schemas';
import { defaultsFromShifts, schemaWithRdoOptions, type RdoOptions } from './rdo-options';

const diario = schemaByName('diario')!;
const opts: RdoOptions = {
  obra: '101',
  turnos: [
    { periodo: 'Tarde', inicio: '13:00', fim: '17:00' },
    { periodo: 'Manhã', inicio: '07:00', fim: '12:00' },
  ],
  maoDeObra: [
    { empresa: 'Zeta Ltda.', funcao: 'Soldador' },
    { empresa: 'Alfa S.A.', funcao: 'Soldador' },
    { empresa: 'Alfa S.A.', funcao: 'Armador' },
  ],
  equipamentos: [{ equipamento: 'Guindaste 50 t' }],
  estacoes: [{ nome: 'Mirante de Santana', codigo: 'A701', fonte: 'INMET' }],
  obrigatorias: ['clima', 'fotos'],
};
const field = (s: typeof diario, name: string, sub?: string) => {
  const f = s.fields.find((x) => x.name === name)!;
  return sub ? f.fields!.find((x) => x.name === sub)! : f;
};

describe('RDO configuration in the report form', () => {
  it('offers the lists as options and makes the mandatory sections required', () => {
    const s = schemaWithRdoOptions(diario, opts);
    expect(field(s, 'maoDeObra', 'empresa')).toMatchObject({ kind: 'enum', options: ['Alfa S.A.', 'Zeta Ltda.'] });
    expect(field(s, 'maoDeObra', 'funcao')).toMatchObject({ kind: 'enum', options: ['Armador', 'Soldador'] });
    expect(field(s, 'maoDeObra', 'quantidade').kind).toBe('integer');
    expect(field(s, 'equipamentos', 'equipamento')).toMatchObject({ kind: 'enum', options: ['Guindaste 50 t'] });
    expect(field(s, 'estacaoMeteorologica')).toMatchObject({ kind: 'enum', options: ['Mirante de Santana (A701)'] });
    expect(field(s, 'clima').required).toBe(true);
    expect(field(s, 'fotos').required).toBe(true);
    expect(field(s, 'atividades').required).toBeFalsy();
    // The shared schema is not changed.
    expect(field(diario, 'maoDeObra', 'empresa').kind).toBe('text');
    expect(field(diario, 'clima').required).toBeFalsy();
  });

  it('on edit, keeps offering the values the stored report holds, and only where the site has a list', () => {
    const stored = {
      maoDeObra: [{ empresa: 'Beta Montagens', funcao: 'Soldador', quantidade: 2 }],
      equipamentos: [{ equipamento: 'Trator' }],
      estacaoMeteorologica: 'Antiga (X1)',
    };
    const s = schemaWithRdoOptions(diario, { ...opts, equipamentos: [] }, stored);
    expect(field(s, 'maoDeObra', 'empresa')).toMatchObject({ kind: 'enum', options: ['Alfa S.A.', 'Zeta Ltda.', 'Beta Montagens'] });
    expect(field(s, 'maoDeObra', 'funcao')).toMatchObject({ kind: 'enum', options: ['Armador', 'Soldador'] });
    expect(field(s, 'estacaoMeteorologica')).toMatchObject({ kind: 'enum', options: ['Mirante de Santana (A701)', 'Antiga (X1)'] });
    expect(field(s, 'equipamentos', 'equipamento').kind).toBe('text');
  });

  it("offers each labour row the roles its company has in the site's list, and the stored pairs on edit (issue 36)", () => {
    const s = schemaWithRdoOptions(diario, opts);
    expect(field(s, 'maoDeObra', 'funcao').optionsBy).toEqual({
      field: 'empresa',
      options: { 'Alfa S.A.': ['Armador', 'Soldador'], 'Zeta Ltda.': ['Soldador'] },
    });
    const stored = { maoDeObra: [{ empresa: 'Zeta Ltda.', funcao: 'Armador', quantidade: 1 }] };
    expect(field(schemaWithRdoOptions(diario, opts, stored), 'maoDeObra', 'funcao').optionsBy?.options?.['Zeta Ltda.']).toEqual(['Armador', 'Soldador']);
    // Without a list the role is free text, with no dependency to apply.
    expect(field(schemaWithRdoOptions(diario, { ...opts, maoDeObra: [] }), 'maoDeObra', 'funcao')).toMatchObject({
      kind: 'text',
      optionsBy: { field: 'empresa' },
    });
  });

  it('keeps free text where the site has no list', () => {
    const s = schemaWithRdoOptions(diario, { ...opts, maoDeObra: [], equipamentos: [], estacoes: [], obrigatorias: [] });
    expect(field(s, 'maoDeObra', 'empresa').kind).toBe('text');
    expect(field(s, 'equipamentos', 'equipamento').kind).toBe('text');
    expect(schemaWithRdoOptions(diario, undefined)).toBe(diario);
  });

  it("starts a new report with one weather row per shift and the day's hours", () => {
    expect(defaultsFromShifts(opts)).toEqual({
      clima: [
        { periodo: 'Tarde', tempo: 'Ensolarado', condicao: 'Praticável' },
        { periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável' },
      ],
      horarioInicio: '07:00',
      horarioFim: '17:00',
      estacaoMeteorologica: 'Mirante de Santana (A701)',
    });
    expect(defaultsFromShifts(undefined)).toEqual({});
  });
});
