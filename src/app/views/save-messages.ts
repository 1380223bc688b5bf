/**
 * The success toasts of the generic create and edit forms, written as a person would: "Contrato
 * criado.", "Obra criada.", "Alterações salvas."; a schema may declare its own (`messages`).
 */
import type { EntitySchema } from '../../../schemas/kinds';

/** After creating a record: the schema's `messages.created`, else "<Label> criado." / "<Label> criada.". */
export function createdMessage(schema: Pick<EntitySchema, 'label' | 'gender' | 'messages'>): string {
  return schema.messages?.created ?? `${schema.label} ${schema.gender === 'f' ? 'criada' : 'criado'}.`;
}

/** After saving an edit: the schema's `messages.saved`, else "Alterações salvas.". */
export function savedMessage(schema: Pick<EntitySchema, 'messages'>): string {
  return schema.messages?.saved ?? 'Alterações salvas.';
}

/**
 * After adding a record inside its parent's page: a client's reply, or a record answering another
 * of its entity (an interaction's "Responder" fills "Em resposta a"), is "Resposta registrada.".
 */
export function relatedCreatedMessage(
  child: Pick<EntitySchema, 'name' | 'label' | 'gender' | 'messages' | 'fields'>,
  initialValues: Record<string, unknown>,
  clientReply = false,
): string {
  const answers = child.fields.some((f) => f.kind === 'reference' && f.ref === child.name && initialValues[f.name] != null);
  return clientReply || answers ? 'Resposta registrada.' : createdMessage(child);
}
