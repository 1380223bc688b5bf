/**
 * Every declared workflow: each reachable state that waits for someone has a holder whatever
 * the way in (issue 25, "ownership is declared and checked").
 */
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { describeAsks } from './definition';
import { askedFields, awaitsSomeone, checkHolderAfter, filledBy, ownershipProblems, reachableStates } from './holders';
import { ApiError } from '../http/errors';

const WITH_WORKFLOW = SCHEMAS.filter((s) => s.workflow);

describe('workflow ownership', () => {
  it.each(WITH_WORKFLOW.map((s) => [s.name, s] as [string, EntitySchema]))('%s: every state that waits for someone has a holder', (_name, schema) => {
    expect(ownershipProblems(schema)).toEqual([]);
  });

  it('declares asks only for fields of the schema, once', () => {
    for (const schema of WITH_WORKFLOW) {
      for (const t of schema.workflow!.transitions) {
        const asks = t.asks ?? [];
        expect(askedFields(schema, t).length, `${schema.name}.${t.name}: asks names an unknown field`).toBe(asks.length);
        expect(new Set(asks).size, `${schema.name}.${t.name}: a field asked twice`).toBe(asks.length);
      }
    }
  });

  it('accepting an SGI record asks for the person responsible for its treatment, who then holds it', () => {
    const sgi = SCHEMAS.find((s) => s.name === 'ticketSgi')!;
    const aceitar = sgi.workflow!.transitions.find((t) => t.name === 'aceitar')!;
    expect(aceitar.asks).toEqual(['responsavel']);
    expect(describeAsks(sgi, aceitar)).toMatchObject([{ name: 'responsavel', kind: 'person', label: 'Responsável pela tratativa', required: true }]);
    expect(sgi.workflow!.states.find((s) => s.value === 'EM ANDAMENTO')!.assignees).toEqual(['responsavel']);
  });
});

// The check itself must catch what it is for: these small workflows are wrong on purpose.
const base = (workflow: EntitySchema['workflow'], fields: EntitySchema['fields'] = []): EntitySchema => ({
  name: 'exemplo',
  resource: 'exemplos',
  label: 'Exemplo',
  labelPlural: 'Exemplos',
  gender: 'm',
  subject: 'TicketSgi',
  titleField: 'titulo',
  fields: [
    { name: 'titulo', kind: 'text', label: 'Título' },
    { name: 'estado', kind: 'enum', label: 'Estado', options: ['A', 'B', 'C', 'Z'] },
    { name: 'dono', kind: 'person', label: 'Dono' },
    ...fields,
  ],
  workflow,
});

describe('ownershipProblems', () => {
  it('names schema, state and transition when a step can leave the only person field empty', () => {
    const schema = base({
      field: 'estado',
      initial: 'A',
      roleInbox: { A: ['sgi'] },
      states: [
        { value: 'A', color: 'default' },
        { value: 'B', color: 'blue', assignees: ['dono'] },
        { value: 'Z', color: 'green', final: true },
      ],
      transitions: [
        { name: 'seguir', label: 'Seguir', from: ['A'], to: 'B', action: 'edit' },
        { name: 'fechar', label: 'Fechar', from: ['B'], to: 'Z', action: 'edit' },
      ],
    });
    const problems = ownershipProblems(schema);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('exemplo');
    expect(problems[0]).toContain('"B"');
    expect(problems[0]).toContain('transição "seguir"');
  });

  it('accepts the step once it requires, asks for or stamps the person, or the state has inbox roles', () => {
    const wf = (seguir: Record<string, unknown>, roleInbox: Record<string, string[]> = {}) =>
      base({
        field: 'estado',
        initial: 'A',
        roleInbox: { A: ['sgi'], ...roleInbox },
        states: [
          { value: 'A', color: 'default' },
          { value: 'B', color: 'blue', assignees: ['dono'] },
          { value: 'Z', color: 'green', final: true },
        ],
        transitions: [
          { name: 'seguir', label: 'Seguir', from: ['A'], to: 'B', action: 'edit', ...seguir },
          { name: 'fechar', label: 'Fechar', from: ['B'], to: 'Z', action: 'edit' },
        ],
      });
    expect(ownershipProblems(wf({ requires: ['dono'] }))).toEqual([]);
    expect(ownershipProblems(wf({ asks: ['dono'] }))).toEqual([]);
    expect(ownershipProblems(wf({ set: { dono: '$actor' } }))).toEqual([]);
    expect(ownershipProblems(wf({}, { B: ['sgi'] }))).toEqual([]);
    // Writing anything else into it empties it, even when it was required before.
    expect(ownershipProblems(wf({ requires: ['dono'], set: { dono: null } }))).toHaveLength(1);
  });

  it('finds a state without any holder, the creation of the record, and a holder that is not a person', () => {
    const schema = base({
      field: 'estado',
      initial: 'A',
      states: [
        { value: 'A', color: 'default', assignees: ['dono'] },
        { value: 'B', color: 'blue' },
        { value: 'C', color: 'blue', assignees: ['titulo'] },
        { value: 'Z', color: 'green', final: true },
      ],
      roleInbox: { C: [] },
      transitions: [
        { name: 'seguir', label: 'Seguir', from: ['A'], to: 'B', action: 'edit' },
        { name: 'outro', label: 'Outro', from: ['B'], to: 'C', action: 'edit', requires: ['titulo'] },
        { name: 'fechar', label: 'Fechar', from: ['C'], to: 'Z', action: 'edit' },
      ],
    });
    const problems = ownershipProblems(schema).join('\n');
    expect(problems).toContain('estado "A" pode ficar sem responsável pela criação do registro');
    expect(problems).toContain('estado "B" não declara quem o detém');
    expect(problems).toContain('estado "C" nomeia "titulo", que não é uma pessoa');
  });

  it('leaves unreachable states and states at rest (left only by returns) alone', () => {
    const schema = base(
      {
        field: 'estado',
        initial: 'A',
        states: [
          { value: 'A', color: 'default', assignees: ['dono'] },
          { value: 'B', color: 'blue' },
          { value: 'C', color: 'blue' },
          { value: 'Z', color: 'green', final: true },
        ],
        transitions: [
          { name: 'aprovar', label: 'Aprovar', from: ['A'], to: 'B', action: 'edit' },
          { name: 'reabrir', label: 'Reabrir', from: ['B'], to: 'A', action: 'edit', inbox: false, requires: ['dono'] },
          { name: 'fantasma', label: 'Fantasma', from: ['C'], to: 'Z', action: 'edit' },
        ],
      },
      [{ name: 'chefe', kind: 'person', label: 'Chefe', required: true }],
    );
    const wf = schema.workflow!;
    expect([...reachableStates(wf)].sort()).toEqual(['A', 'B']);
    expect(awaitsSomeone(wf, wf.states[1])).toBe(false);
    // Only the creation into A is a problem ("dono" is not required).
    expect(ownershipProblems(schema)).toEqual([expect.stringContaining('criação do registro')]);
    expect(filledBy(schema, undefined).has('chefe')).toBe(true);
  });
});

describe('checkHolderAfter', () => {
  const schema = base({
    field: 'estado',
    initial: 'A',
    roleInbox: { A: ['sgi'] },
    states: [
      { value: 'A', color: 'default' },
      { value: 'B', color: 'blue', assignees: ['dono'] },
      { value: 'Z', color: 'green', final: true },
    ],
    transitions: [
      { name: 'seguir', label: 'Seguir', from: ['A'], to: 'B', action: 'edit', asks: ['dono'] },
      { name: 'voltar', label: 'Voltar', from: ['B'], to: 'A', action: 'edit' },
      { name: 'fechar', label: 'Fechar', from: ['B'], to: 'Z', action: 'edit' },
    ],
  });
  const [seguir, voltar, fechar] = schema.workflow!.transitions;

  it('refuses a step that leaves the state it led to without its only holder, on the asked field', () => {
    let error: unknown;
    try {
      checkHolderAfter(schema, seguir, { estado: 'B', dono: null });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('"Dono"');
    expect((error as ApiError).errors).toEqual({ dono: ['Informe quem fica responsável antes de "Seguir".'] });
  });

  it('lets it through with a holder, into a state held by roles, or into a final state', () => {
    expect(() => checkHolderAfter(schema, seguir, { estado: 'B', dono: { mail: 'a@b.com' } })).not.toThrow();
    expect(() => checkHolderAfter(schema, voltar, { estado: 'A', dono: null })).not.toThrow();
    expect(() => checkHolderAfter(schema, fechar, { estado: 'Z', dono: null })).not.toThrow();
  });
});
