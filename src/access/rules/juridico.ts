/** Legal cases (`ProcessoJuridico`) for staff, docs/access.md decision 21 (law firms: external.ts). */
import type { RuleContext } from './context';

/** Decision 21: the people responsible for a case upload its DP / SEG documents. */
export function juridicoRules({ can, has, me, mine }: RuleContext): void {
  if (has('admin_juridico')) can('manage', 'ProcessoJuridico');
  if (has('leitura_juridico')) can('read', 'ProcessoJuridico');
  if (me) {
    can('upload_dp', 'ProcessoJuridico', { 'responsavelDp.mail': mine });
    can('upload_seg', 'ProcessoJuridico', { 'responsavelSeg.mail': mine });
  }
}
