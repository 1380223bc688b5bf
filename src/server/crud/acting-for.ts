/**
 * Decision 31 (docs/access.md): a substitute acting for an absent person. Used by the plain edit
 * (repository.ts) and the workflow's steps (src/server/workflow, which re-exports these), so it lives
 * here, below both.
 */
import { ownRightAbility, type AppAbility } from '../../access/ability';

const mailOf = (v: unknown): string | undefined =>
  v && typeof v === 'object' && typeof (v as { mail?: unknown }).mail === 'string' ? (v as { mail: string }).mail.toLowerCase() : undefined;

/** The e-mail a person field (`{ mail }`) or an e-mail field holds. */
export function personMail(v: unknown): string | undefined {
  if (typeof v === 'string' && v.includes('@')) return v.toLowerCase();
  return mailOf(v);
}

/**
 * Decision 31: the absent person a substitute acts for when `allowedOwn` (the same check made with
 * the actor's own rights, `ownRightAbility`) refuses: the first of `emNomeDe` the record names
 * (in `fields` when given, e.g. a step's `by`, else in any of its values); null when the actor
 * acts in their own right or stands in for nobody.
 */
export function actingFor(
  row: Record<string, unknown>,
  actor: { email: string; emNomeDe?: string[]; ability: AppAbility },
  allowedOwn: (own: AppAbility) => boolean,
  fields?: string[],
): string | null {
  const absent = actor.emNomeDe ?? [];
  if (!absent.length) return null;
  const own = ownRightAbility(actor.ability);
  if (own === actor.ability || allowedOwn(own)) return null;
  const named = new Set(Object.entries(row).flatMap(([k, v]) => (!fields?.length || fields.includes(k) ? [personMail(v)] : [])));
  return absent.find((m) => named.has(m)) ?? null;
}
