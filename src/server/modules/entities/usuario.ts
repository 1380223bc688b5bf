/**
 * Portal users (`schemas/usuario.ts`): the client account's shape, the partner companies, and access
 * that counts at once (issue 35): an administrator's change of sites, roles or companies marks the
 * record as the person's access (`acessoDefinidoEm`, read on every request by
 * src/server/site-users/directory.ts), and making a person inactive also disables their account at
 * the identity provider and revokes their refresh tokens.
 */
import { registerEntityHooks, type AfterChangeRule, type WriteRule } from '../../crud/hooks-registry';
import { clientAccount } from '../../site-users/client-account';
import { setPoolAccess } from '../../site-users/revocation';
import { partnerCompaniesRegistered } from '../empresa';

const ACCESS_FIELDS = ['obra', 'roles', 'empresa'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The record defines the person's access once an administrator writes it (create, or a change of sites, roles or companies). */
const accessDefinedHere: WriteRule = async ({ op, before, after }) => {
  if (op === 'create' || ACCESS_FIELDS.some((f) => !same(before?.[f], after[f]))) return { acessoDefinidoEm: new Date().toISOString() };
};

/** Inactive: out of the identity provider too; active again: let back in. */
const poolFollowsActive: AfterChangeRule = async ({ op, before, row }) => {
  const was = op === 'create' ? true : before?.ativo !== false;
  const now = row.ativo !== false;
  if (was !== now && typeof row.email === 'string') await setPoolAccess(row.email, now);
};

registerEntityHooks('usuario', { beforeChange: [clientAccount, partnerCompaniesRegistered, accessDefinedHere], afterChange: poolFollowsActive });
