import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../schemas/index';
import { defineAbilityFor } from './ability';
import { normalizeUser } from './user';
import { canOnSomeRecordOf } from './reach';

const client = normalizeUser({ email: 'cliente@portal.local', name: 'Cliente', roles: ['cliente', 'projetista'], obra: ['101'], empresa: [], tipo: 'cliente' });
const staff = normalizeUser({ email: 'posvendas@portal.local', name: 'Pós-Vendas', roles: ['pos_vendas'], obra: [], empresa: [] });

describe('canOnSomeRecordOf', () => {
  it("a client's ticket rule reaches tickets and their client-visible interactions, not the costs or surveys sharing the subject", () => {
    const a = defineAbilityFor(client);
    expect(canOnSomeRecordOf(a, 'read', 'POSVENDAS', schemaByName('posvenda')!)).toBe(true);
    expect(canOnSomeRecordOf(a, 'read', 'TicketInteracao', schemaByName('ticketInteracao')!)).toBe(true);
    expect(canOnSomeRecordOf(a, 'read', 'POSVENDAS', schemaByName('custoPosvenda')!)).toBe(false);
    expect(canOnSomeRecordOf(a, 'read', 'POSVENDAS', schemaByName('pesquisaSatisfacao')!)).toBe(false);
  });

  it('a rule without conditions reaches every schema of the subject; no rule reaches none', () => {
    const a = defineAbilityFor(staff);
    expect(canOnSomeRecordOf(a, 'read', 'POSVENDAS', schemaByName('custoPosvenda')!)).toBe(true);
    expect(canOnSomeRecordOf(a, 'read', 'Contratos', schemaByName('contrato')!)).toBe(false);
  });
});
