import { describe, expect, it } from 'vitest';
import { CODE_SCHEMAS } from '../../../../schemas';
import { effectiveSchema } from '../../../../schemas/overlay';
import { describeChange, inverseChange, replayOverlay, requestFor, schemaDiff, type HistoryEntry } from './schema-changes';

const obra = CODE_SCHEMAS.find((s) => s.name === 'obra')!;
const at = (version: number, change: HistoryEntry['change']): HistoryEntry => ({
  version,
  changed_by: 'admin@portal.local',
  changed_at: '2026-01-01T12:00:00Z',
  change,
});
const history: HistoryEntry[] = [
  at(3, { op: 'patchField', name: 'cep', patch: { label: 'CEP da obra', list: true } }),
  at(2, { op: 'patchField', name: 'tipoObra', patch: { addOptions: ['Hospitalar'] } }),
  at(1, { op: 'addField', field: { name: 'cxFiscal', kind: 'text', label: 'Fiscal' } }),
];

describe('schema configuration helpers', () => {
  it('replays the history into the overlay the server holds', () => {
    const o = replayOverlay(history);
    expect(o.custom).toEqual([{ name: 'cxFiscal', kind: 'text', label: 'Fiscal' }]);
    expect(o.fields).toEqual({ tipoObra: { options: ['Hospitalar'] }, cep: { label: 'CEP da obra', list: true } });
    expect(replayOverlay(history, 1).fields).toEqual({});
  });

  it('inverts label/flag changes, added options, new fields and removals', () => {
    expect(inverseChange(obra, history, history[0])).toEqual({ op: 'patchField', name: 'cep', patch: { label: 'CEP', list: false } });
    expect(inverseChange(obra, history, history[1])).toEqual({ op: 'patchField', name: 'tipoObra', patch: { removeOptions: ['Hospitalar'] } });
    expect(inverseChange(obra, history, history[2])).toEqual({ op: 'hideField', name: 'cxFiscal' });
    const hidden = [at(4, { op: 'hideField', name: 'cxFiscal' }), ...history];
    expect(inverseChange(obra, hidden, hidden[0])).toEqual({ op: 'patchField', name: 'cxFiscal', patch: { hidden: false } });
    expect(inverseChange(obra, hidden, hidden[3])).toBeUndefined(); // already removed
  });

  it('diffs two effective schemas per property and describes changes in Portuguese', () => {
    const before = effectiveSchema(obra, replayOverlay(history, 2));
    const after = effectiveSchema(obra, replayOverlay(history));
    expect(schemaDiff(before, after)).toEqual([
      { field: 'cep', label: 'CEP da obra', property: 'Rótulo', before: 'CEP', after: 'CEP da obra' },
      { field: 'cep', label: 'CEP da obra', property: 'Na lista', before: 'Não', after: 'Sim' },
    ]);
    expect(describeChange(obra, history, history[1])).toBe('Campo "Tipo de obra": opções acrescentadas: Hospitalar');
    expect(describeChange(obra, history, history[2])).toBe('Campo novo "Fiscal" (Texto, cxFiscal)');
  });

  it('sends each change with the version read', () => {
    expect(requestFor('obras', { op: 'hideField', name: 'cxFiscal' }, 4)).toEqual({ method: 'DELETE', path: '/schemas/obras/fields/cxFiscal?version=4' });
    expect(requestFor('obras', { op: 'patchField', name: 'cep', patch: { label: 'X' } }, 2)).toEqual({
      method: 'PATCH',
      path: '/schemas/obras/fields/cep',
      body: { label: 'X', version: 2 },
    });
    expect(requestFor('obras', { op: 'purgeField', name: 'cxFiscal' }, 5)).toEqual({
      method: 'DELETE',
      path: '/schemas/obras/fields/cxFiscal?purge=true&version=5',
    });
  });

  it('offers no undo for a purge nor for earlier changes of the purged field, and describes it', () => {
    const purged = [at(5, { op: 'purgeField', name: 'cxFiscal' }), at(4, { op: 'hideField', name: 'cxFiscal' }), ...history];
    expect(purged.filter((h) => h.change.op !== 'patchField').map((h) => inverseChange(obra, purged, h))).toEqual([undefined, undefined, undefined]);
    expect(inverseChange(obra, purged, purged[2])).toEqual({ op: 'patchField', name: 'cep', patch: { label: 'CEP', list: false } });
    expect(describeChange(obra, purged, purged[0])).toBe('Campo "Fiscal" excluído definitivamente, com os seus dados (cxFiscal)');
    // The name is free again: a new field with it can be added and undone.
    const again = [at(6, { op: 'addField', field: { name: 'cxFiscal', kind: 'integer', label: 'Fiscal', storage: 'json' } }), ...purged];
    expect(inverseChange(obra, again, again[0])).toEqual({ op: 'hideField', name: 'cxFiscal' });
    expect(describeChange(obra, again, again[0])).toBe('Campo novo "Fiscal" (Número inteiro, cxFiscal, campo JSON (extra))');
  });
});
