/**
 * The role matrix, derived from `ROLES` (src/access/roles.ts): every role does what its scope says,
 * for a staff user and for a client, and the rule files (src/access/rules/) test no role outside
 * `ROLES` nor a role in the wrong scope. Decisions 1, 2 and 28 of docs/access.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor, rulesFor } from './ability';
import { CLIENT_RULE_ROLES, ROLE_CODES, ROLE_LABELS, ROLES, RULE_ROLES, STAFF_ROLES, type Role } from './roles';
import { ownLoginTipo } from './user';
import { EDIT_ACTION_SUBJECTS, editActionSubjects, toCaslAction } from './refine-actions';
import { CODE_SCHEMAS } from '../../schemas';

const base = { id_user: 'u', username: 'u@portal.local', email: 'u@portal.local', name: 'U', empresa: ['E1'], obra: ['101'] };
const staff = (roles: string[]) => ({ ...base, roles, tipo: 'colaborador', obrasSubstituto: ['101'] });
const client = (roles: string[]) => ({ ...base, roles: ['cliente', ...roles], tipo: 'cliente' });
/** The rules of a user, but the folder access lists, which match any role by its name (decision 18). */
const rules = (u: unknown) =>
  JSON.stringify(
    rulesFor(u, { environment: 'dev' }).filter((r) => !(r.subject === 'Diretorio' && Object.keys(r.conditions ?? {}).some((k) => k.startsWith('acesso.')))),
  );

/** `has('…')` calls of the rule files, by file. */
function testedRoles(): Map<string, string[]> {
  const dir = new URL('./rules/', import.meta.url);
  const out = new Map<string, string[]>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    out.set(
      f,
      [...readFileSync(new URL(f, dir), 'utf8').matchAll(/has\('([^']+)'\)/g)].map((m) => m[1]),
    );
  }
  return out;
}

describe('ROLES, the one role definition', () => {
  it('names every role in pt-BR, in the order of the definition', () => {
    expect(Object.keys(ROLE_LABELS)).toEqual(ROLE_CODES);
    for (const r of ROLE_CODES) expect(ROLE_LABELS[r], r).toMatch(/^[A-ZÀ-Ú]/);
    expect(RULE_ROLES).toEqual(ROLE_CODES.filter((r) => !['cliente', 'fornecedor', 'escritorio'].includes(r)));
  });

  it('is the only source of the roles the rule files test, each in its scope', () => {
    const byFile = testedRoles();
    const all = [...byFile.values()].flat();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((r) => !(RULE_ROLES as string[]).includes(r))).toEqual([]);
    expect(byFile.get('client.ts')!.filter((r) => !(CLIENT_RULE_ROLES as string[]).includes(r))).toEqual([]);
    const staffFiles = [...byFile].filter(([f]) => f !== 'client.ts').flatMap(([, roles]) => roles);
    expect(staffFiles.filter((r) => !(STAFF_ROLES as string[]).includes(r))).toEqual([]);
    // Every role of the definition but the user kinds is tested somewhere (no dead role).
    expect(RULE_ROLES.filter((r) => !all.includes(r))).toEqual([]);
  });

  describe.each(ROLE_CODES.map((r) => [r, ROLES[r].scope] as const))('%s (%s)', (role: Role, scope) => {
    it('changes the rules of a staff user exactly when the staff rules test it', () => {
      // Decision 20: the roles only materiais.ts tests act together with `materiais`.
      const inFiles = [...testedRoles()].filter(([, roles]) => roles.includes(role)).map(([f]) => f);
      const with_ = inFiles.length === 1 && inFiles[0] === 'materiais.ts' && role !== 'materiais' ? ['materiais'] : [];
      const changes = rules(staff([...with_, role])) !== rules(staff(with_));
      if (scope === 'kind') return; // the kinds are checked below
      expect(changes).toBe((STAFF_ROLES as string[]).includes(role));
    });

    it('changes the rules of a client exactly when the client rules test it (decision 1)', () => {
      if (scope === 'kind') return;
      expect(rules(client([role])) !== rules(client([]))).toBe((CLIENT_RULE_ROLES as string[]).includes(role));
    });

    it('a user kind makes an own-login user external: no staff rule (decisions 1 and 28)', () => {
      if (scope !== 'kind') return;
      const ability = defineAbilityFor({ ...base, roles: [role, 'acesso_total'], tipo: ownLoginTipo([role]) });
      expect(ability.can('read', 'PERFIL')).toBe(true);
      expect(ability.can('read', 'Obra')).toBe(false);
      expect(ability.can('manage', 'all')).toBe(false);
    });
  });
});

describe('EDIT_ACTION_SUBJECTS, derived from the schemas', () => {
  it('maps Refine edit to the edit action each subject’s schemas declare, with or without them', () => {
    expect(EDIT_ACTION_SUBJECTS).toEqual(expect.arrayContaining(['POSVENDAS', 'Contratos', 'SEGUROS', 'TicketSgi', 'Diretorio']));
    for (const s of CODE_SCHEMAS) {
      const declared = toCaslAction(s.subject, 'edit', s.actions);
      if (declared === 'edit') expect(s.actions?.edit, s.name).toBe('edit');
      // Without the schema, a subject maps to `edit` only when every one of its entities says so.
      const same = CODE_SCHEMAS.filter((x) => x.subject === s.subject);
      expect(toCaslAction(s.subject, 'edit'), s.subject).toBe(same.every((x) => x.actions?.edit === 'edit') ? 'edit' : 'update');
    }
    expect(toCaslAction('RDO', 'edit')).toBe('update');
  });

  it('keeps a subject out when one of its entities edits with another action', () => {
    const a = { ...CODE_SCHEMAS[0], name: 'a', subject: 'Materiais' as const, actions: { edit: 'edit' } };
    const b = { ...a, name: 'b', actions: { edit: 'manage' } };
    expect(editActionSubjects([a])).toEqual(['Materiais']);
    expect(editActionSubjects([a, b])).toEqual([]);
    expect(editActionSubjects([{ ...a, actions: undefined }])).toEqual([]);
  });
});
