/**
 * Who is offered the pin actions of the plan viewer (issue 42). The API decides on each record
 * (src/server/plantas/pin-routes.ts: the sheet's site manager, or who edits the record) and answers
 * 403 with a pt-BR message, which the viewer shows: here only whether to offer the action at all.
 */
import { useCallback } from 'react';
import { schemaByResource } from '../../../../schemas';
import { PINNABLE, type PinoDaFolha } from '../../../../resources/plantas';
import { toCaslAction } from '../../../access/refine-actions';
import type { Action } from '../../../access/subjects';
import { usePodeCheck, type PodeCheck } from '../../access/pode';

/** May the person edit some record of the resource's kind (its schema's edit action, `update` or `edit`)? */
function mayEditKind(pode: (c: PodeCheck) => boolean, resource: string): boolean {
  const schema = schemaByResource(resource);
  return !!schema && pode({ I: toCaslAction(schema.subject, 'edit', schema.actions) as Action, a: schema.subject });
}

/** May the person try to move, confirm or unpin this pin? Who changes the site's sheets, or who edits records of its kind. */
export function useMayChangePin(obra: string): (p: PinoDaFolha) => boolean {
  const pode = usePodeCheck();
  return useCallback(
    (p: PinoDaFolha) => {
      return pode({ I: 'update', a: 'Planta', this: { obra } }) || mayEditKind(pode, p.recurso);
    },
    [pode, obra],
  );
}

/** The kinds of record the person may try to pin on the site's sheets (all of them for who changes the sheets). */
export function usePinnableKinds(obra: string): typeof PINNABLE {
  const pode = usePodeCheck();
  if (pode({ I: 'update', a: 'Planta', this: { obra } })) return PINNABLE;
  return PINNABLE.filter((k) => mayEditKind(pode, k.resource));
}
