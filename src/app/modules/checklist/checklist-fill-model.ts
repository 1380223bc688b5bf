/** State and helpers of the checklist fill page (checklist-fill-page.tsx): its records, answers, errors and messages. */
import type { BaseRecord } from '@refinedev/core';
import { schemaByName } from '../../../../schemas';
import type { EntitySchema, StoredFile } from '../../../../schemas/kinds';
import type { NumberedItem } from '../../../../schemas/shared/checklist-answers';

export type Template = BaseRecord & { id: number; nome: string; obra?: string | null; versao?: number | null; tipoServico?: string | null; itens?: unknown };
export type WorkOrder = BaseRecord & { id: number; numero: string; titulo?: string | null; status?: string | null; tipoServico?: string | null };
export type AnswerField = 'conformidade' | 'resposta' | 'observacao' | 'fotos';
export interface Answer {
  conformidade?: string;
  resposta?: string;
  observacao?: string;
  fotos?: StoredFile[];
}
export type Errors = Record<string, string[]>;
export type ItemErrors = Record<number, Partial<Record<AnswerField, string[]>>>;

export const AREA_LABEL: Record<string, string> = { FIELD: 'Field', AUTOMACAO: 'Automação' };
export const TOP_FIELDS = ['os', 'template', 'data', 'executante', 'resultado', 'observacoes'];
export const MSG_CONFORMIDADE = 'Escolha a conformidade deste item.';
export const MSG_OBRIGATORIO = 'Responda este item obrigatório.';

export function refOf(schema: EntitySchema, name: string): EntitySchema | undefined {
  return schemaByName(schema.fields.find((f) => f.name === name)?.ref ?? '');
}

/** An item written on (comment, answer, photo) without its conformity, which the API needs for every answer. */
export function lacksConformity(a: Answer | undefined): boolean {
  return !!a && !a.conformidade && !!(a.resposta?.trim() || a.observacao?.trim() || a.fotos?.length);
}

export function groupBySection(items: NumberedItem[]): { title: string; items: NumberedItem[] }[] {
  const out: { title: string; items: NumberedItem[] }[] = [];
  for (const it of items) {
    const title = it.secao?.trim() ?? '';
    const last = out[out.length - 1];
    if (last && last.title === title) last.items.push(it);
    else out.push({ title, items: [it] });
  }
  return out;
}
