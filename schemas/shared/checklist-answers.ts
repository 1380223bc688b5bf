/**
 * The rules of a filled checklist's answers, against the items of its template. Isomorphic: the
 * API's write rule (src/server/modules/entities/checklist-preenchido.ts) refuses a write that breaks them, and the fill
 * screen (src/app/modules/checklist) checks the same before sending and shows the API's errors on
 * their items. Errors are keyed like the API's field errors (`respostas.<i>.observacao`).
 *
 * - A "Não conforme" answer is described (`observacao`), in a draft too.
 * - A concluded checklist answers every required item of its template: a row for the item, and,
 *   unless it does not apply, the answer its type asks for (a text or number, "Sim"/"Não", a photo).
 * - A concluded checklist with a non-conformity is not "Aprovado": whether it is approved with
 *   reservations or failed is the executor's judgement, so the result is chosen, not derived.
 */
import { CONFORMIDADE_OPTIONS } from './common';
import { CHECKLIST_TIPO_RESPOSTA } from './checklist-fields';

export const CONFORME = CONFORMIDADE_OPTIONS[0];
export const NAO_CONFORME = CONFORMIDADE_OPTIONS[1];
export const NAO_SE_APLICA = CONFORMIDADE_OPTIONS[2];
export const CHECKLIST_CONCLUIDO = 'Concluído';
export const CHECKLIST_RASCUNHO = 'Em preenchimento';
export const RESULTADO_APROVADO = 'Aprovado';

export const CHECKLIST_MESSAGES = {
  descrever: 'Descreva a não conformidade.',
  resposta: 'Informe a resposta deste item obrigatório.',
  foto: 'Anexe ao menos uma foto deste item obrigatório.',
  faltando: (itens: string[]) => `Responda os itens obrigatórios antes de concluir: ${itens.join('; ')}.`,
  resultado: 'Há itens não conformes: o resultado é "Aprovado com ressalvas" ou "Reprovado".',
};

/** An item of a template (`itens` of checklistTemplateField / checklistTemplateAutomacao). */
export interface ChecklistItem {
  ordem?: number | null;
  secao?: string | null;
  pergunta: string;
  tipoResposta?: string | null;
  obrigatorio?: boolean | null;
  /** SGI category (CHECKLIST_CATEGORIAS): a non-conforming answer opens an SGI record of this area. */
  categoria?: string | null;
}

/** An answer (`respostas` of checklistPreenchidoField / checklistPreenchidoAutomacao). */
export interface ChecklistAnswer {
  item?: number | null;
  secao?: string | null;
  pergunta?: string | null;
  conformidade?: string | null;
  resposta?: string | null;
  observacao?: string | null;
  fotos?: unknown[] | null;
}

export interface NumberedItem extends ChecklistItem {
  /** `ordem`, or the item's position (1-based) when the template gives none. */
  numero: number;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The template's items in their order, each with its number. */
export function numberedItems(itens: unknown): NumberedItem[] {
  const list = Array.isArray(itens) ? (itens as ChecklistItem[]) : [];
  return list
    .map((it, i) => ({ ...it, numero: typeof it.ordem === 'number' && it.ordem > 0 ? it.ordem : i + 1, pos: i }))
    .sort((a, b) => a.numero - b.numero || a.pos - b.pos)
    .map(({ pos: _pos, ...it }) => it);
}

/** Index of the item's answer: by number when the answer has one, else by question (answers saved before `item`). */
export function answerIndex(item: NumberedItem, respostas: ChecklistAnswer[]): number {
  const byNumber = respostas.findIndex((r) => r.item === item.numero);
  if (byNumber >= 0) return byNumber;
  return respostas.findIndex((r) => blank(r.item) && (r.pergunta ?? '').trim() === item.pergunta.trim());
}

/** The answer type that asks for the conformity only. */
export const SO_CONFORMIDADE = CHECKLIST_TIPO_RESPOSTA[0];

/**
 * What an item's type asks for besides its conformity: a written answer, a photo, or nothing.
 * An answer type an administrator adds to the templates at run time ("Data", "Medição (mm)")
 * asks for a written answer, the general case; only the conformity-only type and "Foto" differ.
 */
export function answerKind(tipoResposta: string | null | undefined): 'resposta' | 'foto' | null {
  if (!tipoResposta || tipoResposta === SO_CONFORMIDADE) return null;
  if (tipoResposta === 'Foto') return 'foto';
  return 'resposta';
}

export interface ChecklistState {
  itens: unknown;
  respostas: unknown;
  status?: unknown;
  resultado?: unknown;
}

export interface ChecklistCheck {
  /** Field errors as the API reports them (`respostas.<i>.observacao`, `respostas`, `resultado`). */
  errors: Record<string, string[]>;
  /** Required items without an answer row (concluding only). */
  missing: NumberedItem[];
}

/** The rules above, on a checklist as it will be written. */
export function checkChecklist({ itens, respostas, status, resultado }: ChecklistState): ChecklistCheck {
  const rows = Array.isArray(respostas) ? (respostas as ChecklistAnswer[]) : [];
  const errors: Record<string, string[]> = Object.create(null);
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  rows.forEach((r, i) => {
    if (r?.conformidade === NAO_CONFORME && blank(r.observacao)) add(`respostas.${i}.observacao`, CHECKLIST_MESSAGES.descrever);
  });
  const missing: NumberedItem[] = [];
  if (status === CHECKLIST_CONCLUIDO) {
    for (const item of numberedItems(itens)) {
      if (item.obrigatorio === false) continue;
      const i = answerIndex(item, rows);
      if (i < 0) {
        missing.push(item);
        continue;
      }
      const r = rows[i];
      if (r.conformidade === NAO_SE_APLICA) continue;
      const kind = answerKind(item.tipoResposta);
      if (kind === 'resposta' && blank(r.resposta)) add(`respostas.${i}.resposta`, CHECKLIST_MESSAGES.resposta);
      if (kind === 'foto' && blank(r.fotos)) add(`respostas.${i}.fotos`, CHECKLIST_MESSAGES.foto);
    }
    if (missing.length) add('respostas', CHECKLIST_MESSAGES.faltando(missing.map((m) => `${m.numero}. ${m.pergunta}`)));
    if (resultado === RESULTADO_APROVADO && rows.some((r) => r?.conformidade === NAO_CONFORME)) add('resultado', CHECKLIST_MESSAGES.resultado);
  }
  return { errors, missing };
}
