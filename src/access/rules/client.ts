/**
 * Clients (docs/access.md decisions 1, 2, 25, 26, 30, 32, 37 and 38): a user whose roles include `cliente` gets
 * only this set (no staff or global rule, decision 1), plus the company rule of decision 29
 * (empresa.ts) and the restrictions of external.ts.
 */
import { RDO_CONCLUDED, RDO_VOIDED } from '../../../schemas/diario';
import { RIT_OF_RECORD, RIT_VOIDED } from '../../../schemas/rit';
import type { RuleContext } from './context';

/** Decision 26: the approval situations a client approver acts on. */
const PROJETO_APPROVAL_SITUATIONS = ['PAP', 'APC', 'AP', 'PR'];

/** Decision 2: what a client may read of an engineering document: everything but the internal comment. */
export const PROJETO_CLIENT_FIELDS = [
  'id',
  'version',
  'created_at',
  'updated_at',
  'codigo',
  'revisao',
  'titulo',
  'obra',
  'categoria',
  'Situacao',
  'disciplina',
  'dataEmissao',
  'prazoAprovacao',
  'dataAprovacao',
  'decisaoPor',
  'decisaoEm',
  'projetista',
  'aprovadorCliente',
  'arquivos',
  'comentariosCliente',
  'tags',
];

/** Decisions 1–2: the client set plus read on their own PERFIL. */
export function clientRules({ can, has, me, sites }: RuleContext): void {
  can('read', 'PERFIL');
  // 25. Every client rule on PROJETO, PROJETO_FABRICA and FABRICACAO is limited to the user's sites
  // (or, for factory projects, to projects naming the user in `clientes`).
  const mySites = { obra: { $in: sites } };
  if (has('projetista') || has('site_manager')) {
    // Internal comments are never sent to a client (field-level rule, applied by the API).
    can('read', 'PROJETO', PROJETO_CLIENT_FIELDS, mySites);
    can('comment', 'PROJETO', mySites);
    can('read', 'Obra', { Id_Lista: { $in: sites } });
  }
  if (has('projetista_fabrica')) {
    can(['read', 'comment'], 'PROJETO_FABRICA', mySites);
    if (me) can(['read', 'comment'], 'PROJETO_FABRICA', { clientes: { $in: [me] } });
    can('read', 'FABRICACAO', mySites);
    can('read', 'Produto');
  }
  // 30. Post-sales: a client reads the tickets of its sites (not their costs nor the satisfaction
  // surveys, which share the subject but have no `codigo`), the client-visible interactions of those
  // tickets, and writes new ones (`Interagir`, create only: a stored interaction has an `id`). The API
  // forces a client's interaction client-visible and refuses it on another site's or a closed ticket
  // (the posvenda schema's `addBy`, src/server/modules/); internal fields are decision 29.
  can('read', 'POSVENDAS', { ...mySites, codigo: { $exists: true } });
  can('read', 'TicketInteracao', { ...mySites, visivelCliente: true });
  if (me) can('Interagir', 'TicketInteracao', { 'responsavelRegistro.mail': me, id: { $exists: false } });
  // 32. The client's representative reads the daily reports of its sites once concluded (never a
  // draft nor one being corrected) and signs them after the site manager (src/server/signatures/);
  // a voided one stays readable, as voided (issue 36); internal fields and staff e-mails are withheld
  // as for every external user (decision 29).
  if (has('representante_cliente')) can('read', 'RDO', { ...mySites, status: { $in: [...RDO_CONCLUDED, RDO_VOIDED] } });
  // 37. Likewise the technical inspection reports (RIT) of its sites once issued, which it signs after
  // the inspector (a voided one stays readable, as voided: issue 36); on the RIT's own subject, so the
  // client gets no FIELD menu nor list.
  if (has('representante_cliente')) can('read', 'RIT', { ...mySites, status: { $in: [...RIT_OF_RECORD, RIT_VOIDED] } });
  // 38. Its sites' punch list, once the site turns it on at handover (`obra.verificacaoCliente`, kept on each
  // item as `visivelCliente` by the server, src/server/modules/entities/item-verificacao.ts).
  if (has('representante_cliente')) can('read', 'ItemVerificacao', { ...mySites, visivelCliente: true });
  if (has('aprovador') || has('aprovador_fabrica')) {
    // 26. The approver's update is the right to take AP/APC/PR and to write comentariosCliente, nothing else.
    can('update', 'PROJETO', ['comentariosCliente'], { Situacao: { $in: PROJETO_APPROVAL_SITUATIONS }, ...mySites });
  }
}
