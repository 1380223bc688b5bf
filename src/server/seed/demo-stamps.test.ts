import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { demoData } from './demo-data';
import { DEMO_STAMP_RULES, demoStamps } from './demo-stamps';

const NOW = new Date('2026-11-27T12:00:00Z');

describe('demo records carry their own dates and authors (issue 36)', () => {
  it('each rule names fields of its entity of the right kinds; no SLA clock starts at created_at', () => {
    for (const [name, rule] of Object.entries(DEMO_STAMP_RULES)) {
      const schema = schemaByName(name) as EntitySchema;
      expect(schema, name).toBeTruthy();
      const kind = (f: string | undefined) => schema.fields.find((x) => x.name === f)?.kind;
      expect(['date', 'datetime'], `${name}.${rule.at}`).toContain(kind(rule.at));
      if (rule.doneAt) expect(['date', 'datetime'], `${name}.${rule.doneAt}`).toContain(kind(rule.doneAt));
      if (rule.by) expect(kind(rule.by), `${name}.${rule.by}`).toBe('person');
      if (schema.sla) expect(schema.sla.startField, name).toBeTruthy();
    }
  });

  it('a ticket was opened at its opening by its responsible person, and last changed when concluded', () => {
    const posvenda = schemaByName('posvenda')!;
    const tickets = demoData().posvenda;
    const open = tickets.find((t) => !t.conclusao && t.responsavel)!;
    const s = demoStamps(posvenda, open, NOW);
    expect(s.created_at).toBe(new Date(open.abertura as string).toISOString());
    expect(s.updated_at).toBe(s.created_at);
    expect(s.created_by).toBe((open.responsavel as { mail: string }).mail.toLowerCase());
    const done = tickets.find((t) => t.conclusao);
    if (done) expect(demoStamps(posvenda, done, NOW).updated_at).toBe(new Date(done.conclusao as string).toISOString());
  });

  it('an RDO was written on its day by its site manager; a date to come or an entity without a rule keeps the defaults', () => {
    const diario = schemaByName('diario')!;
    const rdo = demoData().diario[0];
    const s = demoStamps(diario, rdo, NOW);
    expect(String(s.created_at).slice(0, 10)).toBe(rdo.data);
    expect(s.created_by).toBe((rdo.siteManager as { mail: string }).mail.toLowerCase());
    expect(demoStamps(diario, { ...rdo, data: '2027-01-04' }, NOW)).toEqual({});
    expect(demoStamps(schemaByName('contrato')!, { dataAssinatura: '2025-01-02' }, NOW)).toEqual({});
  });
});
