/** Absences and substitutes (`Ausencia`), docs/access.md decision 31. */
import type { RuleContext } from './context';

/**
 * Decision 31: every staff member manages their own absences (`pessoa` is the user, never their
 * substitute's `mine`) and reads those in which they are the substitute; a user with an
 * administrator role (any role containing `admin`, as decision 19) manages everyone's.
 */
export function ausenciaRules({ can, me, user }: RuleContext): void {
  if (me) {
    can(['create', 'read', 'update', 'delete'], 'Ausencia', { 'pessoa.mail': me });
    can('read', 'Ausencia', { 'substituto.mail': me });
  }
  if (user.roles.some((role) => role.includes('admin'))) can('manage', 'Ausencia');
}
