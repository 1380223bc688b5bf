import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { canKeepBoth, diffFields, mergeValues } from './merge';

const diario = schemaByName('diario')!;

describe('merge of a record changed on the device and on the server', () => {
  const base = { ocorrencias: 'Início.', horarioInicio: '07:00', version: 1 };
  const mine = { ocorrencias: 'Mudado no campo.', horarioInicio: '07:00', version: 1 };
  const theirs = { ocorrencias: 'Mudado no escritório.', horarioInicio: '06:30', version: 2 };

  it('lists every field that differs, proposing mine where I changed it and theirs where only they did', () => {
    const diffs = diffFields(diario, mine, theirs, base);
    expect(diffs.map((d) => [d.field.name, d.proposed])).toEqual(
      [
        ['horarioInicio', 'theirs'],
        ['ocorrencias', 'mine'],
      ].sort((a, b) => diario.fields.findIndex((f) => f.name === a[0]) - diario.fields.findIndex((f) => f.name === b[0])),
    );
  });

  it('keeps both versions of a text written on both sides, mine first; not for other kinds (issue 36)', () => {
    const diffs = diffFields(diario, mine, theirs, base);
    const occ = diffs.find((d) => d.field.name === 'ocorrencias')!;
    const hour = diffs.find((d) => d.field.name === 'horarioInicio')!;
    expect(canKeepBoth(occ)).toBe(true);
    expect(mergeValues(mine, theirs, diffs, { ocorrencias: 'both' })).toMatchObject({ ocorrencias: 'Mudado no campo.\n\nMudado no escritório.', version: 2 });
    expect(canKeepBoth(hour)).toBe(false); // "07:00 / 06:30" would not fit its 5 characters
    expect(mergeValues(mine, theirs, diffs, { horarioInicio: 'both' })).toMatchObject({ horarioInicio: '07:00' });
    const emptyMine = diffFields(diario, { ...mine, ocorrencias: '' }, theirs, base).find((d) => d.field.name === 'ocorrencias')!;
    expect(canKeepBoth(emptyMine)).toBe(false);
  });

  it('without the starting record every difference proposes mine (nothing typed is dropped)', () => {
    expect(diffFields(diario, mine, theirs).every((d) => d.proposed === 'mine')).toBe(true);
  });

  it('merges on the server version, following the choices and otherwise the proposals', () => {
    const diffs = diffFields(diario, mine, theirs, base);
    expect(mergeValues(mine, theirs, diffs, {})).toMatchObject({ ocorrencias: 'Mudado no campo.', horarioInicio: '06:30', version: 2 });
    expect(mergeValues(mine, theirs, diffs, { ocorrencias: 'theirs', horarioInicio: 'mine' })).toMatchObject({
      ocorrencias: 'Mudado no escritório.',
      horarioInicio: '07:00',
      version: 2,
    });
  });
});
