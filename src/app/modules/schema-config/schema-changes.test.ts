import { describe, expect, it, vi } from 'vitest';
import { CODE_SCHEMAS } from '../../../../schemas';
import { effectiveSchema } from '../../../../schemas/overlay';
import { describeChange, inverseChange, replayOverlay, schemaDiff, sendChange, type HistoryEntry } from './schema-changes';

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

  it('sends each change with the version read, to the route its declaration names', async () => {
    const sent: { method?: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ method: init.method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ version: sent.length + 4, schema: obra }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    try {
      expect(await sendChange('/api/v1', 'obras', { op: 'hideField', name: 'cxFiscal' }, 4)).toBe(5);
      expect(await sendChange('/api/v1', 'obras', { op: 'patchField', name: 'cep', patch: { label: 'X' } }, 2)).toBe(6);
      expect(await sendChange('/api/v1', 'obras', { op: 'purgeField', name: 'cxFiscal' }, 5)).toBe(7);
      expect(await sendChange('/api/v1', 'obras', { op: 'addField', field: { name: 'cxNovo', kind: 'text', label: 'Novo' } }, 7)).toBe(8);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/v1/schemas/obras/fields/cxFiscal?version=4', body: undefined },
      { method: 'PATCH', url: '/api/v1/schemas/obras/fields/cep', body: { label: 'X', version: 2 } },
      { method: 'DELETE', url: '/api/v1/schemas/obras/fields/cxFiscal?purge=true&version=5', body: undefined },
      { method: 'POST', url: '/api/v1/schemas/obras/fields', body: { name: 'cxNovo', kind: 'text', label: 'Novo', version: 7 } },
    ]);
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
