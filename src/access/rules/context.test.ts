import { describe, expect, it } from 'vitest';
import { subject as caslSubject } from '@casl/ability';
import { mineOf } from './context';
import { defineAbilityFor, ownRightAbility, rulesFor } from '../ability';
import { normalizeUser, type PortalUser } from '../user';

const user = (email: string, roles: string[], extra: Partial<PortalUser> = {}): PortalUser => ({
  id_user: email,
  username: email,
  name: email,
  email,
  empresa: [],
  obra: [],
  roles,
  tipo: '',
  ...extra,
});
/** A record of a subject, as the rules check it. */
const subject = (type: string, row: Record<string, unknown>) => caslSubject(type, row) as Record<string, unknown>;
const SUB = 'vitor@x.com';
const ABSENT = 'gabi@x.com';
const contrato = (status: string, gestor: string) =>
  subject('Contratos', { status, gestor: { mail: gestor }, responsavel: { mail: 'r@x.com' }, validador: { mail: 'v@x.com' } });

describe('mine (docs/access.md decision 31)', () => {
  it('is the e-mail alone when the user stands in for nobody', () => {
    expect(mineOf(user(SUB, []))).toBe(SUB);
    expect(mineOf(user(SUB, [], { emNomeDe: [] }))).toBe(SUB);
    expect(mineOf(user('', [], { emNomeDe: [ABSENT] }))).toBe('');
  });

  it('is { $in: [me, ...emNomeDe] } during an absence, without duplicates or the user twice', () => {
    expect(mineOf(user(SUB, [], { emNomeDe: [ABSENT, ABSENT, SUB, 'outra@x.com'] }))).toEqual({ $in: [SUB, ABSENT, 'outra@x.com'] });
  });

  it('normalizeUser keeps emNomeDe (lower case) so the rules see it', () => {
    expect(normalizeUser({ email: SUB, emNomeDe: ['Gabi@X.com', ''] }).emNomeDe).toEqual([ABSENT]);
    expect(normalizeUser({ email: SUB }).emNomeDe).toBeUndefined();
  });

  it("lets the substitute act on the absent person's items, with their own roles only", () => {
    const plain = defineAbilityFor(user(SUB, ['contratos']));
    const sub = defineAbilityFor(user(SUB, ['contratos'], { emNomeDe: [ABSENT] }));
    expect(plain.can('edit', contrato('Emitido para o Jurídico', ABSENT))).toBe(false);
    expect(sub.can('edit', contrato('Emitido para o Jurídico', ABSENT))).toBe(true);
    expect(sub.can('edit', contrato('Emitido para o Jurídico', SUB))).toBe(true);
    expect(sub.can('edit', contrato('Emitido para o Jurídico', 'outro@x.com'))).toBe(false);
    expect(sub.can('edit', contrato('Aprovado', ABSENT))).toBe(false); // the stage still counts
    // Without the role, standing in for someone gives nothing.
    const noRole = defineAbilityFor(user(SUB, [], { emNomeDe: [ABSENT] }));
    expect(noRole.can('edit', contrato('Emitido para o Jurídico', ABSENT))).toBe(false);
  });

  it('does not pass on what is personal: ethics reports, own SGI records, absences', () => {
    const sub = defineAbilityFor(user(SUB, [], { emNomeDe: [ABSENT] }));
    expect(sub.can('read', subject('RelatoEtica', { emailRelator: ABSENT }))).toBe(false);
    expect(sub.can('read', subject('TicketSgi', { relator: { mail: ABSENT }, status: 'TRIAGEM' }))).toBe(false);
    expect(sub.can('update', subject('Ausencia', { pessoa: { mail: ABSENT } }))).toBe(false);
    expect(sub.can('read', subject('Ausencia', { pessoa: { mail: ABSENT }, substituto: { mail: SUB } }))).toBe(true);
  });

  it('ownRightAbility is the ability without the delegation', () => {
    const sub = defineAbilityFor(user(SUB, ['contratos'], { emNomeDe: [ABSENT] }));
    expect(ownRightAbility(sub).can('edit', contrato('Emitido para o Jurídico', ABSENT))).toBe(false);
    expect(ownRightAbility(sub).can('edit', contrato('Emitido para o Jurídico', SUB))).toBe(true);
    const plain = defineAbilityFor(user(SUB, ['contratos']));
    expect(ownRightAbility(plain)).toBe(plain);
  });

  it('an external user never receives the delegation', () => {
    const rules = rulesFor(user(SUB, ['cliente', 'site_manager'], { emNomeDe: [ABSENT] }));
    expect(JSON.stringify(rules)).not.toContain(ABSENT);
  });
});
