import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas/index';
import { defineAbilityFor } from '../../access/ability';
import { podeCheck, type PodeCheck } from '../access/pode';
import { canEditHere } from './can-edit';

/** The person's check, as `usePodeCheck()` gives it to the page. */
const checkOf = (ability: ReturnType<typeof defineAbilityFor>) => (check: PodeCheck) => podeCheck(ability, check);
const user = (roles: string[], extra: Record<string, unknown> = {}) =>
  checkOf(
    defineAbilityFor({ id_user: 'u', username: 'u', email: 'u@portal.local', name: 'U', empresa: [], obra: ['101'], roles, tipo: 'colaborador', ...extra }),
  );

describe('canEditHere', () => {
  const contrato = schemaByName('contrato')!;
  const projeto = schemaByName('projeto')!;
  const base = { responsavel: { mail: 'u@portal.local' }, gestor: { mail: 'g@portal.local' } };

  it('offers Edit to the person who holds the status, not in a read-only state', () => {
    const ability = user(['contratos']);
    expect(canEditHere(contrato, { ...base, status: 'Revisão' }, ability)).toBe(true);
    expect(canEditHere(contrato, { ...base, status: 'Emitido para o Jurídico' }, ability)).toBe(false);
    expect(canEditHere(contrato, { ...base, status: 'Cancelado' }, user(['acesso_total']))).toBe(false);
  });

  it('hides Edit from a client approver whose only writable field is set through the workflow', () => {
    const client = user(['cliente', 'projetista', 'aprovador'], { tipo: 'cliente' });
    expect(canEditHere(projeto, { obra: '101', Situacao: 'APC' }, client)).toBe(false);
    expect(canEditHere(projeto, { obra: '101', Situacao: 'EL' }, user(['editor_projetista']))).toBe(true);
  });
});
