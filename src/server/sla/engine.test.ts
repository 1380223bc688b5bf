import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../../schemas/kinds';
import type { SlaDecl } from '../../../schemas/sla-types';
import { SCHEMAS } from '../../../schemas';
import { posvenda } from '../../../schemas/posvenda';
import { makeCalendar } from './calendar';
import { computeSla, stateTimeline, type StateEvent } from './engine';
import { dueEvents } from './jobs';
import { validateSlaDecl } from './policy';

// Mon–Fri 08–12, 13–18 in São Paulo (UTC−3); 2026-11-20 (Friday) is a holiday (Consciência Negra).
const cal = makeCalendar(undefined, ['2026-11-20']);
const at = (local: string) => new Date(`${local}-03:00`);
const ev = (local: string, from: string | null, to: string): StateEvent => ({ at: at(local), from, to });
const decl = posvenda.sla!;

const ticket = (prioridade: string, status: string, abertura = '2026-11-16T09:00:00') => ({
  id: 1,
  prioridade,
  status,
  abertura: at(abertura).toISOString(),
  created_at: at(abertura).toISOString(),
});

describe('SLA engine', () => {
  it('gives the deadlines of the priority in business hours (lunch, night, weekend)', () => {
    // Monday 09:00 + 4 business hours (Alta, first response) = 14:00 (lunch 12–13 not counted).
    const r = computeSla(posvenda, decl, ticket('Alta', 'Aberto'), [], cal, at('2026-11-16T10:00:00'));
    expect(r.values.slaMetas!.map((m) => [m.meta, m.prazo])).toEqual([
      ['primeira-resposta', at('2026-11-16T14:00:00').toISOString()],
      // 16 business hours: Mon 09–18 (8h), Tue 08–17 (8h).
      ['resolucao', at('2026-11-17T17:00:00').toISOString()],
    ]);
    expect(r.values.slaSituacao).toBe('Em dia');
    expect(r.values.slaPrazo).toBe(at('2026-11-16T14:00:00').toISOString());
    // Crítica: 2h; Friday 17:00 + 2h crosses the weekend → Monday 09:00.
    const fri = computeSla(posvenda, decl, ticket('Crítica', 'Aberto', '2026-11-13T17:00:00'), [], cal, at('2026-11-13T17:30:00'));
    expect(fri.values.slaPrazo).toBe(at('2026-11-16T09:00:00').toISOString());
    // Across a holiday: Thursday 17:00 + 2h → Monday 09:00 (Friday 20 is a holiday).
    const hol = computeSla(posvenda, decl, ticket('Crítica', 'Aberto', '2026-11-19T17:00:00'), [], cal, at('2026-11-19T17:30:00'));
    expect(hol.values.slaPrazo).toBe(at('2026-11-23T09:00:00').toISOString());
  });

  it('fulfils the first response when the ticket leaves Aberto, and stops the clock while waiting for the client', () => {
    const events = [
      ev('2026-11-16T09:00:00', null, 'Aberto'),
      ev('2026-11-16T10:00:00', 'Aberto', 'Em análise'),
      ev('2026-11-16T11:00:00', 'Em análise', 'Em atendimento'),
      ev('2026-11-16T14:00:00', 'Em atendimento', 'Aguardando cliente'),
    ];
    const paused = computeSla(posvenda, decl, ticket('Alta', 'Aguardando cliente'), events, cal, at('2026-11-17T10:00:00'));
    const first = paused.values.slaMetas!.find((m) => m.meta === 'primeira-resposta')!;
    expect(first).toMatchObject({ cumpridoEm: at('2026-11-16T10:00:00').toISOString(), violado: false });
    expect(paused.values.slaSituacao).toBe('Pausado');
    expect(paused.values.slaPrazo).toBeNull();
    // On hold Mon 14:00–18:00 (4h) + Tue 08:00–10:00 (2h).
    expect(paused.values.slaPausaMin).toBe(360);
    // Resumed Tuesday 10:00: 16h − 4h used (09–12, 13–14) = 12h left → Tue 10–12, 13–18 (7h), Wed 08–12, 13–14 (5h) → Wed 14:00.
    const resumed = computeSla(
      posvenda,
      decl,
      ticket('Alta', 'Em atendimento'),
      [...events, ev('2026-11-17T10:00:00', 'Aguardando cliente', 'Em atendimento')],
      cal,
      at('2026-11-17T11:00:00'),
    );
    expect(resumed.values.slaPrazo).toBe(at('2026-11-18T14:00:00').toISOString());
    expect(resumed.values.slaSituacao).toBe('Em dia');
  });

  it('a target already late when the clock stops stays late, on hold, with the deadline that passed (issue 36)', () => {
    // Alta: resolution 16h from Mon 09:00 → Tue 17:00; waiting for the client from Wed 10:00.
    const events = [
      ev('2026-11-16T09:00:00', null, 'Aberto'),
      ev('2026-11-16T10:00:00', 'Aberto', 'Em análise'),
      ev('2026-11-18T10:00:00', 'Em análise', 'Aguardando cliente'),
    ];
    const r = computeSla(posvenda, decl, ticket('Alta', 'Aguardando cliente'), events, cal, at('2026-11-19T10:00:00'));
    const resolucao = r.values.slaMetas!.find((m) => m.meta === 'resolucao')!;
    expect(resolucao).toMatchObject({ prazo: at('2026-11-17T17:00:00').toISOString(), violado: true, pausado: true, cumpridoEm: null });
    expect(r.values.slaSituacao).toBe('Violado');
    expect(r.values.slaPrazo).toBe(at('2026-11-17T17:00:00').toISOString());
  });

  it('marks a breach, keeps it after the fulfilment, and drops targets of a cancelled ticket', () => {
    const late = computeSla(posvenda, decl, ticket('Crítica', 'Aberto'), [], cal, at('2026-11-16T12:30:00'));
    expect(late.values.slaSituacao).toBe('Violado');
    expect(late.metas.find((m) => m.meta === 'primeira-resposta')!.violado).toBe(true);
    const events = [
      ev('2026-11-16T09:00:00', null, 'Aberto'),
      ev('2026-11-16T15:00:00', 'Aberto', 'Em análise'),
      ev('2026-11-16T16:00:00', 'Em análise', 'Concluído'),
    ];
    const done = computeSla(posvenda, decl, ticket('Crítica', 'Concluído'), events, cal, at('2026-11-17T10:00:00'));
    expect(done.values.slaSituacao).toBe('Violado'); // the first response came 15:00, after 11:00
    expect(done.values.slaMetas!.find((m) => m.meta === 'resolucao')!.violado).toBe(false);
    const cancelled = computeSla(
      posvenda,
      decl,
      ticket('Alta', 'Cancelado'),
      [ev('2026-11-16T09:00:00', null, 'Aberto'), ev('2026-11-16T09:30:00', 'Aberto', 'Cancelado')],
      cal,
      at('2026-11-18T10:00:00'),
    );
    expect(cancelled.values).toMatchObject({ slaSituacao: null, slaPrazo: null, slaMetas: [] });
  });

  it('reopening a resolved ticket resumes the resolution clock without counting the time it was closed', () => {
    const events = [
      ev('2026-11-16T09:00:00', null, 'Aberto'),
      ev('2026-11-16T10:00:00', 'Aberto', 'Em análise'),
      ev('2026-11-16T11:00:00', 'Em análise', 'Concluído'),
      ev('2026-11-17T11:00:00', 'Concluído', 'Em atendimento'),
    ];
    const r = computeSla(posvenda, decl, ticket('Alta', 'Em atendimento'), events, cal, at('2026-11-17T12:00:00'));
    // Used Mon 09–11 (2h); closed Mon 11:00 → Tue 11:00 (8h on hold); 14h left from Tue 11:00 → Tue 11–12,13–18 (6h), Wed 08–12,13–17 (8h) → Wed 17:00.
    expect(r.values.slaPrazo).toBe(at('2026-11-18T17:00:00').toISOString());
  });

  it('stage targets start at the latest entry into the stage and count business days', () => {
    const contrato = SCHEMAS.find((s) => s.name === 'contrato')!;
    const row = { id: 1, status: 'Emitido para o Jurídico', created_at: at('2026-11-16T09:00:00').toISOString() };
    const events = [ev('2026-11-16T09:00:00', null, 'Revisão'), ev('2026-11-17T10:00:00', 'Revisão', 'Emitido para o Jurídico')];
    const r = computeSla(contrato, contrato.sla!, row, events, cal, at('2026-11-17T11:00:00'));
    expect(r.values.slaMetas!.map((m) => m.meta)).toEqual(['revisao', 'juridico']);
    expect(r.values.slaMetas![0]).toMatchObject({ cumpridoEm: at('2026-11-17T10:00:00').toISOString(), violado: false });
    // 5 business days after Tuesday 17: Wed, Thu, (Fri holiday), Mon, Tue, Wed 25 → end of Wednesday's hours.
    expect(r.values.slaPrazo).toBe(at('2026-11-25T18:00:00').toISOString());
  });

  it('a due-date target ends at the end of the date (CRE client approval)', () => {
    const projeto = SCHEMAS.find((s) => s.name === 'projeto')!;
    const row = { id: 1, Situacao: 'PAP', prazoAprovacao: '2026-11-26', created_at: at('2026-11-16T09:00:00').toISOString() };
    const events = [ev('2026-11-16T09:00:00', null, 'EL'), ev('2026-11-16T10:00:00', 'EL', 'PAP')];
    const r = computeSla(projeto, projeto.sla!, row, events, cal, at('2026-11-26T20:00:00'));
    expect(r.values.slaPrazo).toBe(new Date(at('2026-11-27T00:00:00').getTime() - 1).toISOString());
    expect(r.values.slaSituacao).toBe('Em dia');
    const late = computeSla(projeto, projeto.sla!, row, events, cal, at('2026-11-27T08:00:00'));
    expect(late.values.slaSituacao).toBe('Violado');
  });

  it('due events: the reminder at 20% left, the breach and its escalation', () => {
    const ctx = { decl, cal };
    const row = ticket('Baixa', 'Aberto');
    // 16h first response from Mon 09:00 → Tue 17:00; 20% = 3h12 → due from Tue 13:48.
    const early = computeSla(posvenda, decl, row, [], cal, at('2026-11-17T13:00:00'));
    expect(dueEvents(ctx, early.metas, at('2026-11-17T13:00:00'))).toEqual([]);
    const near = computeSla(posvenda, decl, row, [], cal, at('2026-11-17T14:00:00'));
    expect(dueEvents(ctx, near.metas, at('2026-11-17T14:00:00')).map((e) => `${e.meta.meta}:${e.kind}`)).toEqual(['primeira-resposta:lembrete']);
    const late = computeSla(posvenda, decl, row, [], cal, at('2026-11-17T17:30:00'));
    expect(dueEvents(ctx, late.metas, at('2026-11-17T17:30:00')).map((e) => `${e.meta.meta}:${e.kind}`)).toEqual([
      'primeira-resposta:violacao',
      'primeira-resposta:escalonamento',
    ]);
  });

  it('timeline without history: the current state since the start', () => {
    expect(stateTimeline('Em análise', 'Aberto', at('2026-11-16T09:00:00'), [])).toEqual([{ state: 'Em análise', from: at('2026-11-16T09:00:00'), to: null }]);
  });
});

describe('SLA policies', () => {
  it('every schema declaration is valid', () => {
    for (const s of SCHEMAS.filter((x) => x.sla)) {
      const { errors } = validateSlaDecl(s, s.sla);
      expect(errors, s.name).toEqual({});
      for (const f of ['slaPrazo', 'slaSituacao', 'slaPausaMin', 'slaMetas']) expect(s.fields.find((x) => x.name === f)?.readOnly, `${s.name}.${f}`).toBe(true);
    }
    expect(
      SCHEMAS.filter((x) => x.sla)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['contrato', 'itemVerificacao', 'material', 'planoAcao', 'posvenda', 'projeto', 'ticketSgi']);
  });

  it('refuses unknown fields and values, non-positive targets, unknown states and roles, in pt-BR', () => {
    const bad = (mutate: (d: SlaDecl) => void, schema: EntitySchema = posvenda) => {
      const d = structuredClone(decl);
      mutate(d);
      return validateSlaDecl(schema, d).errors;
    };
    expect(bad((d) => (d.policies[0].when = { inexistente: 'x' }))['policies.0.when.inexistente'][0]).toMatch(/Campo desconhecido/);
    expect(bad((d) => (d.policies[0].when = { slaSituacao: 'Violado' }))['policies.0.when.slaSituacao']).toBeDefined();
    expect(bad((d) => (d.policies[0].targets[0].amount = -1))['policies.0.targets.0.amount'][0]).toMatch(/maior que zero/);
    expect(bad((d) => (d.policies[0].targets[0].amount = 0))['policies.0.targets.0.amount'][0]).toMatch(/maior que zero/);
    expect(bad((d) => (d.pauseIn = ['Parado']))['pauseIn'][0]).toMatch(/Situação inexistente: Parado/);
    expect(bad((d) => (d.policies[1].targets[1].fulfilIn = ['Fechado']))['policies.1.targets.1.fulfilIn'][0]).toMatch(/Situação inexistente/);
    expect(bad((d) => (d.escalateTo = { roles: ['chefe'] }))['escalateTo.roles'][0]).toMatch(/Perfil inexistente/);
    expect(bad((d) => (d.escalateTo = { roles: [], manager: 'sim' as never }))['escalateTo.manager'][0]).toMatch(/gestor/);
    expect(validateSlaDecl(posvenda, { ...decl, escalateTo: { roles: [], manager: true } }).decl?.escalateTo).toEqual({ roles: [], manager: true });
    expect(bad((d) => (d.policies = []))['policies'][0]).toMatch(/ao menos uma política/);
    expect(bad((d) => (d.policies[0].targets[0].unit = 'semanas' as never))['policies.0.targets.0.unit'][0]).toMatch(/horas úteis ou dias úteis/);
    expect(validateSlaDecl(posvenda, 'x').errors._[0]).toMatch(/objeto/);
  });
});
