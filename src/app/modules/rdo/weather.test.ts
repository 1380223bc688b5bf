/** What the forecast may fill in a daily report's form: only what the person has not typed. */
import { describe, expect, it } from 'vitest';
import { filledValues, weatherPatch, type FieldPath, type FillRules } from './weather';

const WEATHER = {
  periodos: [
    { periodo: 'Manhã', tempo: 'Garoa', chuvaMm: 0.3, temperaturaC: 21.5 },
    { periodo: 'Tarde', tempo: 'Tempestade', chuvaMm: 22.1, temperaturaC: 22.2 },
    { periodo: 'Noite', tempo: 'Parcialmente nublado', chuvaMm: 0, temperaturaC: null },
  ],
  chuvaMm: 22.53,
};
const rules = (typed: string[] = [], suggested: Record<string, unknown> = {}): FillRules => ({
  typed: (p: FieldPath) => typed.includes(p.join('.')),
  suggested: (p: FieldPath, v: unknown) => p.join('.') in suggested && suggested[p.join('.')] === v,
});

describe('weatherPatch', () => {
  it('gives a report without rows one row per period, and the day’s rain', () => {
    expect(weatherPatch({}, WEATHER, rules())).toEqual({
      clima: [
        { periodo: 'Manhã', tempo: 'Garoa', condicao: 'Praticável', temperaturaC: 21.5 },
        { periodo: 'Tarde', tempo: 'Tempestade', condicao: 'Praticável', temperaturaC: 22.2 },
        { periodo: 'Noite', tempo: 'Parcialmente nublado', condicao: 'Praticável', temperaturaC: null },
      ],
      chuvaMm: 22.53,
    });
    // Rows the person removed on purpose are not brought back.
    expect(weatherPatch({ clima: [], chuvaMm: 1 }, WEATHER, rules(['clima']))).toBeNull();
  });

  it('fills empty and suggested values of the rows, never what the person typed', () => {
    const clima = [
      { periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável', temperaturaC: 25 },
      { periodo: 'Tarde', tempo: 'Nublado', condicao: 'Impraticável' },
      { periodo: 'Extra', tempo: 'Ensolarado', condicao: 'Praticável' },
    ];
    const patch = weatherPatch(
      { clima, chuvaMm: 4.5 },
      WEATHER,
      rules(['clima.0.temperaturaC', 'clima.1.tempo', 'chuvaMm'], { 'clima.0.tempo': 'Ensolarado' }),
    );
    expect(patch).toEqual({
      clima: [
        { periodo: 'Manhã', tempo: 'Garoa', condicao: 'Praticável', temperaturaC: 25 }, // the typed temperature stays
        { periodo: 'Tarde', tempo: 'Nublado', condicao: 'Impraticável', temperaturaC: 22.2 }, // the typed weather stays
        { periodo: 'Extra', tempo: 'Ensolarado', condicao: 'Praticável' }, // no forecast for it
      ],
    });
    // A value nobody typed but that is not a suggestion (e.g. stored) is not replaced either.
    expect(weatherPatch({ clima: [{ periodo: 'Manhã', tempo: 'Chuvoso', temperaturaC: 19 }], chuvaMm: 2 }, WEATHER, rules())).toBeNull();
    // Empty rain is filled; the same answer twice changes nothing.
    const once = weatherPatch({ clima: [{ periodo: 'Noite', tempo: '' }], chuvaMm: null }, WEATHER, rules());
    expect(once).toEqual({ clima: [{ periodo: 'Noite', tempo: 'Parcialmente nublado' }], chuvaMm: 22.53 });
    const again = Object.fromEntries(filledValues(once!));
    expect(again).toEqual({ 'clima.0.tempo': 'Parcialmente nublado', chuvaMm: 22.53 });
    expect(weatherPatch({ clima: once!.clima, chuvaMm: once!.chuvaMm }, WEATHER, rules([], again))).toBeNull();
    // A later answer (another date) replaces what the forecast filled before, still not what was typed.
    const other = { periodos: [{ periodo: 'Noite', tempo: 'Nublado', chuvaMm: 0, temperaturaC: 17 }], chuvaMm: 0 };
    expect(weatherPatch({ clima: once!.clima, chuvaMm: once!.chuvaMm }, other, rules([], again))).toEqual({
      clima: [{ periodo: 'Noite', tempo: 'Nublado', temperaturaC: 17 }],
      chuvaMm: 0,
    });
  });
});
