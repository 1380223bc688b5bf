/** What every staff member gets (docs/access.md decision 3, with their own SGI records, 26, and ethics reports, 27). */
import type { RuleContext } from './context';

/** Decision 3: the everyone set. */
export function everyoneRules({ can, me }: RuleContext): void {
  can('read', ['Obra', 'Permissao', 'BIBLIOTECA', 'PERFIL', 'FABRICACAO']);
  // The business calendar (working hours, holidays: issue 25) is read by every staff member; only `acesso_total` changes it (manage all).
  can('read', 'Calendario');
  // The portal settings (trash period, second-factor policy: issue 35) likewise.
  can('read', 'Configuracao');
  can('readAcoes', 'TicketSgi');
  // 26. Any staff member opens an SGI record and submits their own; 27. files an ethics report and reads their own.
  can('create', ['TicketSgi', 'RelatoEtica']);
  if (me) {
    can('read', 'TicketSgi', { 'relator.mail': me });
    can('edit', 'TicketSgi', { 'relator.mail': me, status: 'RASCUNHO' });
    can('read', 'RelatoEtica', { emailRelator: me });
  }
}
