/** Interactions of post-sales tickets (`schemas/ticket-interacao.ts`, docs/access.md decision 30). */
import { subject } from '@casl/ability';
import { SCHEMAS } from '../../../../schemas';
import { ApiError } from '../../http/errors';
import { enqueueMail } from '../../mail/queue';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { clientReplyMail, clientReplyResumes, interactionSite } from '../client-replies';
import { rowOf } from './helpers';

/**
 * A child declared with `addBy` in its parent's `related` (a ticket's interactions, docs/access.md
 * decision 30) is written only by whoever holds the parent action on the parent record, or by an
 * external client who reads the parent (then it is always client-visible); never while the parent
 * is closed. Read-only roles (controladoria, pos_vendas_leitura, mkt_read) are refused.
 */
const relatedAddGate: WriteRule = async ({ trx, schema, actor, after }) => {
  if (!actor) return;
  let extra: Record<string, unknown> = {};
  for (const parent of SCHEMAS) {
    for (const rel of parent.related ?? []) {
      const gate = rel.addBy;
      const id = after[rel.via];
      if (rel.entity !== schema.name || !gate || id === null || id === undefined || !Number.isInteger(Number(id))) continue;
      const row = await rowOf(trx, parent.name, Number(id));
      if (!row) continue; // the reference's validation reports it
      const state = parent.workflow ? row[parent.workflow.field] : undefined;
      if (typeof state === 'string' && gate.closedIn?.includes(state)) throw new ApiError(403, gate.closedRefusal);
      const on = subject(parent.subject, { ...row }) as never;
      const client = (actor as { client?: boolean }).client === true;
      if (client && gate.clients && actor.ability.can('read' as never, on)) {
        if (gate.clientVisible) extra = { ...extra, [gate.clientVisible]: true };
        continue;
      }
      if (client || !actor.ability.can(gate.parentAction as never, on)) throw new ApiError(403, gate.refusal);
    }
  }
  return extra;
};

/**
 * A client-visible staff reply on a ticket e-mails the ticket's contact (through the mail queue, in the
 * write's transaction), with the author's name only: no staff e-mail address (decision 29).
 */
const ticketReplyMail: WriteRule = async ({ trx, op, actor, before, after }) => {
  if (after.visivelCliente !== true || (op === 'update' && before?.visivelCliente === true)) return;
  // A client's own reply goes to the ticket's responsável instead (client-replies.ts).
  if ((actor as { client?: boolean } | undefined)?.client === true) return;
  const ticket = after.ticket === null || after.ticket === undefined ? undefined : await rowOf(trx, 'posvenda', Number(after.ticket));
  const to = typeof ticket?.emailContato === 'string' ? ticket.emailContato.trim().toLowerCase() : '';
  if (!ticket || !to || to === actor?.email.toLowerCase()) return;
  const files = Array.isArray(after.anexos) ? after.anexos.length : 0;
  const lines = [
    `Olá${typeof ticket.contato === 'string' && ticket.contato ? `, ${ticket.contato}` : ''},`,
    '',
    `Há uma nova resposta no ticket nº ${String(ticket.codigo ?? ticket.id)} ("${String(ticket.titulo ?? '')}")${actor?.name ? `, de ${actor.name}` : ''}:`,
    '',
    String(after.texto ?? ''),
    ...(files ? ['', `${files} ${files === 1 ? 'anexo disponível' : 'anexos disponíveis'} no portal.`] : []),
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  await enqueueMail(trx, {
    to: [to],
    subject: `[Portal] Ticket nº ${String(ticket.codigo ?? ticket.id)}: nova resposta`,
    text: lines.join('\n'),
    ref: `posvendas/${String(ticket.id)}`,
  });
};

registerEntityHooks('ticketInteracao', { beforeChange: [relatedAddGate, interactionSite, ticketReplyMail, clientReplyMail], afterChange: clientReplyResumes });
