import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { diffFields, mergeValues } from './merge';

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
