import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { distinctPairs, dutyConflict, dutyConflictMessage, partnersOf } from './segregation';

const contrato = schemaByName('contrato') as EntitySchema;
const material = schemaByName('material') as EntitySchema;

describe('segregation of duties (issue 36)', () => {
  it('every declared group names two or more person fields that hold a stage of the workflow', () => {
    const declared = SCHEMAS.filter((s) => s.workflow?.distinctHolders?.length);
    expect(declared.map((s) => s.name).sort()).toEqual(['contrato', 'material']);
    for (const s of declared) {
      const holders = new Set(s.workflow!.states.flatMap((st) => st.assignees ?? []));
      for (const group of s.workflow!.distinctHolders!) {
        expect(group.length, `${s.name}: ${group.join(', ')}`).toBeGreaterThan(1);
        for (const f of group) {
          expect(s.fields.find((x) => x.name === f)?.kind, `${s.name}.${f}`).toBe('person');
          expect(holders.has(f), `${s.name}.${f} holds no state`).toBe(true);
        }
      }
    }
  });

  it('finds the stage the substitute already holds on the record', () => {
    expect(partnersOf(contrato.workflow!, 'gestor')).toEqual(['validador']);
    expect(partnersOf(contrato.workflow!, 'responsavel')).toEqual([]);
    expect(partnersOf(material.workflow!, 'Quantificou').sort()).toEqual(['Coordenador', 'Verificador']);
    expect(distinctPairs(contrato.workflow!)).toEqual([
      ['gestor', 'validador'],
      ['validador', 'gestor'],
    ]);
    const row = { id: 1, numero: 'CT-2026-010', gestor: { mail: 'g@x.com' }, validador: { mail: 'V@x.com' }, responsavel: { mail: 'r@x.com' } };
    const conflict = dutyConflict(contrato, row, 'v@x.com', 'g@x.com');
    expect(conflict).toEqual({ absentField: 'gestor', ownField: 'validador' });
    expect(dutyConflict(contrato, row, 'r@x.com', 'g@x.com')).toBeUndefined();
    expect(dutyConflictMessage(contrato, 'CT-2026-010', conflict!, 'Vítor Validador')).toBe(
      'Vítor Validador já é o validador do contrato CT-2026-010; a mesma pessoa não pode cumprir as duas etapas.',
    );
    const list = { id: 2, titulo: 'Docas', Quantificou: { mail: 'q@x.com' }, Verificador: { mail: 'v@x.com' } };
    expect(dutyConflictMessage(material, 'Docas', dutyConflict(material, list, 'q@x.com', 'v@x.com')!, 'Quim')).toBe(
      'Quim já é o quantificador da lista de materiais Docas; a mesma pessoa não pode cumprir as duas etapas.',
    );
  });
});
