import { describe, expect, it } from 'vitest';
import { CODE_SCHEMAS } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { entityHooks, registerEntityHooks, unknownHookEntities } from '../crud/hooks-registry';
import { coreStatements } from '../db/migrate';
import { afterNamed, checkHookRegistry, guardNamed, missingTransitionHooks, registerGuard } from '../workflow/hooks';
import './register';

/** A workflow whose transitions name a guard and an effect nobody registered. */
const withUnknownHooks: EntitySchema = {
  name: 'coisa',
  resource: 'coisas',
  label: 'Coisa',
  labelPlural: 'Coisas',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome' },
    { name: 'status', kind: 'enum', label: 'Situação', options: ['A', 'B'] },
  ],
  workflow: {
    field: 'status',
    initial: 'A',
    states: [{ value: 'A' }, { value: 'B', final: true }],
    transitions: [{ name: 'avancar', label: 'Avançar', from: ['A'], to: 'B', action: 'edit', guard: 'guardaInexistente', after: 'efeitoInexistente' }],
  },
} as EntitySchema;

describe('the features register what the schemas name', () => {
  it('every guard and effect a code schema names is registered, and the start check passes', () => {
    expect(missingTransitionHooks(CODE_SCHEMAS)).toEqual([]);
    expect(() => checkHookRegistry(CODE_SCHEMAS)).not.toThrow();
    for (const name of ['itensComQuantidade', 'planosConcluidos', 'checklistsConcluidos']) expect(typeof guardNamed(name)).toBe('function');
    for (const name of ['finalizarRegistroSgi', 'convidarPesquisa']) expect(typeof afterNamed(name)).toBe('function');
  });

  it('a guard or an effect that is named but not registered stops the start, naming it', () => {
    expect(missingTransitionHooks([withUnknownHooks])).toEqual(['coisa.avancar: guard guardaInexistente', 'coisa.avancar: after efeitoInexistente']);
    expect(() => checkHookRegistry([withUnknownHooks])).toThrow(/guard guardaInexistente.*after efeitoInexistente/);
    expect(() => guardNamed('guardaInexistente')).toThrow(/not registered/);
  });

  it('a name is registered once', () => {
    expect(() => registerGuard('itensComQuantidade', async () => undefined)).toThrow(/registered twice/);
  });

  it('the entities keep their rules, grouped by entity', () => {
    expect(unknownHookEntities(CODE_SCHEMAS)).toEqual([]);
    const counts = (name: string) => Object.fromEntries(Object.entries(entityHooks(name)).map(([k, v]) => [k, v.length]));
    expect(counts('diario')).toMatchObject({ beforeChange: 3 });
    expect(counts('ticketInteracao')).toMatchObject({ beforeValidate: 1, beforeChange: 4 });
    expect(counts('portalFornecedor')).toMatchObject({ beforeValidate: 1, beforeChange: 1, afterCreate: 1 });
    expect(counts('eapOs')).toMatchObject({ beforeChange: 2, beforeDelete: 1 });
    expect(counts('obra')).toMatchObject({ beforeChange: 1, afterCreate: 1 });
    for (const c of ['checklistPreenchidoField', 'checklistPreenchidoAutomacao']) expect(counts(c)).toMatchObject({ beforeChange: 2, afterCreate: 1 });
  });

  it('the features contribute their core tables to the migration', () => {
    const all = coreStatements().join('\n');
    for (const table of ['auditoria', 'mensagem', 'job_run', 'aviso_atraso_item', 'convite_pesquisa', 'arquivo_vinculo', 'schema_overlay', 'empresa_pendente'])
      expect(all).toContain(table);
  });

  it('hooks registered for a name that is not a schema stop the start', () => {
    registerEntityHooks('coisaQueNaoExiste', { beforeChange: async () => undefined });
    expect(unknownHookEntities(CODE_SCHEMAS)).toEqual(['coisaQueNaoExiste']);
    expect(() => checkHookRegistry(CODE_SCHEMAS)).toThrow(/unknown schema "coisaQueNaoExiste"/);
  });
});
