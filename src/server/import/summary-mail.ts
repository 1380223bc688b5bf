/**
 * No workflow e-mail per imported row: each person who holds imported records in their state (its
 * assignees, else the users of its inbox roles) gets one message listing them, never the importer.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { selectOne, type Actor } from '../crud/record-access';
import { recipients, recordUrl, titleOf } from '../workflow/notify';
import { stateLabel } from '../workflow/definition';
import { serverConfig } from '../config';
import type { RowOutcome } from './store';

const LISTED = 20;

export async function sendHolderSummaries(db: Db, schema: EntitySchema, actor: Actor, outs: RowOutcome[], fileName: string): Promise<void> {
  const wf = schema.workflow;
  if (!wf) return;
  const byPerson = new Map<string, string[]>();
  for (const o of outs) {
    if ((o.acao !== 'criar' && o.acao !== 'atualizar') || !o.registroId) continue;
    const row = await selectOne(db, schema, o.registroId);
    if (!row) continue;
    const state = wf.states.find((s) => s.value === row[wf.field]);
    if (!state || state.final) continue;
    for (const mail of await recipients(db, schema, row, [], actor.email)) {
      const list = byPerson.get(mail) ?? byPerson.set(mail, []).get(mail)!;
      list.push(`- ${titleOf(schema, row)} (${stateLabel(wf, row[wf.field])}): ${recordUrl(schema, row.id)}`);
    }
  }
  for (const [mail, lines] of byPerson) {
    const n = lines.length;
    const who = actor.name || actor.email;
    await enqueueMail(db, {
      to: [mail],
      subject: `${n} ${n === 1 ? schema.label.toLowerCase() : schema.labelPlural.toLowerCase()} importad${schema.gender === 'f' ? 'a' : 'o'}${n === 1 ? '' : 's'} aguarda${n === 1 ? '' : 'm'} você`,
      text: [
        `${who} importou a planilha ${fileName} no portal. Est${n === 1 ? 'e registro está' : 'es registros estão'} com você:`,
        '',
        ...lines.slice(0, LISTED),
        ...(n > LISTED ? [`… e mais ${n - LISTED}. Veja todos em ${serverConfig().publicUrl}/pendencias`] : []),
        '',
        'Mensagem automática do Portal. Não responda.',
      ].join('\n'),
      ref: `importacoes/${schema.resource}`,
    });
  }
}
