/** The ethics channel (`RelatoEtica`), docs/access.md decisions 27 and 30. */
import type { RuleContext } from './context';

/** Decision 27: ethics reports are confidential: mkt_read and controladoria do not read them (their own stay readable). */
export function ethicsConfidentialRules({ can, cannot, has, me }: RuleContext): void {
  if ((has('mkt_read') || has('controladoria')) && !has('acesso_total') && !has('etica')) {
    cannot('read', 'RelatoEtica');
    if (me) can('read', 'RelatoEtica', { emailRelator: me });
  }
}

/** Decision 27: the ethics team manages the reports; 30: only acesso_total (manage all) deletes one. */
export function ethicsTeamRules({ can, cannot, has, environment }: RuleContext): void {
  if (has('etica')) can('manage', 'RelatoEtica');
  if (!has('acesso_total') && !(has('dev_acesso_total') && environment === 'dev')) cannot('delete', 'RelatoEtica');
}

/** Decision 27: nobody but the reporter sees who filed an anonymous report (field-level, applied by the API). */
export function anonymousReportRules({ cannot, me }: RuleContext): void {
  cannot('read', 'RelatoEtica', ['emailRelator', 'nomeRelator', 'contatoRelator', 'created_by', 'updated_by'], {
    anonimo: true,
    ...(me ? { emailRelator: { $ne: me } } : {}),
  });
}
