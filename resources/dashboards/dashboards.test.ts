/**
 * Every declared dashboard names real things: entities, group/measure/period fields, filter
 * fields (also in share formulas), record columns and sort; share widgets count, records widgets
 * do not aggregate.
 */
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../schemas';
import type { EntitySchema } from '../../schemas/kinds';
import { DASHBOARDS } from '.';

const SYSTEM = ['id', 'created_at', 'updated_at', 'created_by', 'updated_by'];
const has = (s: EntitySchema, path: string) => SYSTEM.includes(path) || s.fields.some((f) => f.name === path.split('.')[0]);
const filterField = (key: string) => /^(.*?)(?:_(ne|gte|lte|like))?$/.exec(key)![1];

describe('declared dashboards', () => {
  const widgets = Object.values(DASHBOARDS).flatMap((d) => d.widgets.map((w) => ({ d, w })));

  it('have unique ids and widget ids', () => {
    for (const d of Object.values(DASHBOARDS)) expect(new Set(d.widgets.map((w) => w.id)).size, d.id).toBe(d.widgets.length);
  });

  it.each(widgets.map(({ d, w }) => [`${d.id}/${w.id}`, w] as const))('%s names real fields', (_name, w) => {
    const s = schemaByName(w.entity) as EntitySchema;
    expect(s, w.entity).toBeDefined();
    if (w.groupBy) expect(has(s, w.groupBy), w.groupBy).toBe(true);
    if (w.periodField) expect(['date', 'datetime']).toContain(s.fields.find((f) => f.name === w.periodField)?.kind);
    const m = /^(?:sum|avg|min|max|avgDays):(.+)$/.exec(w.measure ?? 'count');
    if (w.measure && w.measure !== 'count') expect(m, w.measure).not.toBeNull();
    for (const f of m?.[1].split(',') ?? []) expect(has(s, f), f).toBe(true);
    if (w.measure?.startsWith('avgDays:')) for (const f of m![1].split(',')) expect(['date', 'datetime']).toContain(s.fields.find((x) => x.name === f)?.kind);
    const filters = { ...w.filters, ...w.share?.of, ...w.share?.minus };
    for (const k of Object.keys(filters)) expect(has(s, filterField(k)), k).toBe(true);
    if (w.share) {
      expect(w.measure ?? 'count').toBe('count');
      expect(w.top).toBeUndefined();
    }
    if (w.kind === 'records') {
      expect(w.columns?.length).toBeGreaterThan(0);
      for (const c of w.columns!) expect(has(s, c), c).toBe(true);
      if (w.sort) expect(has(s, w.sort.field)).toBe(true);
      expect(w.groupBy ?? w.measure ?? w.share).toBeUndefined();
    }
  });

  it('satisfaction: CSAT is the share of 4–5 answers, NPS promoters minus detractors', () => {
    const s = DASHBOARDS.satisfacao.widgets;
    expect(s.find((w) => w.id === 'csat')?.share).toEqual({ of: { notaAtendimento_gte: '4' } });
    expect(s.find((w) => w.id === 'nps')?.share).toEqual({ of: { nps_gte: '9' }, minus: { nps_lte: '6' }, display: 'score' });
    expect(s.filter((w) => w.groupBy === 'categoria' || w.groupBy === 'obra').length).toBeGreaterThanOrEqual(4);
  });

  it('the factory dashboard of a site filters every widget by the site', () => {
    for (const w of DASHBOARDS['fabrica-obra'].widgets) expect(w.filters?.obra, w.id).toBe(':obra');
  });
});
