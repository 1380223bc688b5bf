/** A refused workflow step, as the transition UI shows it. */
import type { HttpError } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { fieldByName } from '../fields/options';

/** Fields of the step's own form (the modal shows their errors on the inputs). */
const FORM_FIELDS = new Set(['comment', 'to']);

export interface TransitionProblem {
  statusCode: number;
  message: string;
  /** Errors of the modal's own inputs: `comment`, and `to` of "Alterar situação". */
  form: { comment?: string[]; to?: string[] };
  /** Errors of the record's fields (e.g. required before the step), with the schema's labels. */
  fields: { name: string; label: string; messages: string[] }[];
}

export const CONFLICT_TEXT =
  'Este registro foi alterado por outra pessoa enquanto você o via. Recarregamos a versão atual: confira a situação antes de tentar de novo.';

const FALLBACK: Record<number, string> = {
  400: 'Não foi possível executar esta ação.',
  403: 'Você não tem permissão para esta ação.',
  404: 'Registro não encontrado.',
};

/** A field's label; a row's sub-field (`itens.0.quantidade`) as "Itens, linha 1 — Quantidade", never its key. */
export function problemFieldLabel(schema: EntitySchema, name: string): string {
  const field = fieldByName(schema, name);
  if (field) return field.label;
  const row = /^(\w+)\.(\d+)\.(\w+)$/.exec(name);
  const parent = row ? fieldByName(schema, row[1]) : undefined;
  const sub = row ? parent?.fields?.find((f) => f.name === row[3]) : undefined;
  if (row && parent && sub) return `${parent.label}, linha ${Number(row[2]) + 1} — ${sub.label}`;
  return parent?.label ?? name;
}

export function describeProblem(schema: EntitySchema, error: Partial<HttpError> | undefined): TransitionProblem {
  const statusCode = Number(error?.statusCode ?? 0);
  const errors = (error?.errors ?? {}) as Record<string, unknown>;
  const form: TransitionProblem['form'] = {};
  const fields: TransitionProblem['fields'] = [];
  for (const [name, raw] of Object.entries(errors)) {
    const messages = (Array.isArray(raw) ? raw : [raw]).filter((m) => m !== undefined && m !== null && m !== '').map(String);
    if (!messages.length) continue;
    if (FORM_FIELDS.has(name)) form[name as 'comment' | 'to'] = messages;
    else fields.push({ name, label: problemFieldLabel(schema, name), messages });
  }
  const message = (typeof error?.message === 'string' && error.message) || FALLBACK[statusCode] || 'Não foi possível executar esta ação.';
  return { statusCode, message, form, fields };
}
