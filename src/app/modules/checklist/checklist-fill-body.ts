/**
 * What the checklist fill page (checklist-fill-page.tsx) sends and keeps on the device: the body
 * the API receives (the same whether the page creates the record online or the outbox sends it
 * later), and the page's values as a device draft (issue 26) and back.
 */
import { RESULTADO_APROVADO, type ChecklistAnswer, type NumberedItem } from '../../../../schemas/shared/checklist-answers';
import type { StoredFile } from '../../../../schemas/kinds';
import { todayIso } from '../../format';
import type { Answer } from './checklist-fill-model';

/** What the person fills in on the page (answers per template: switching back keeps them). */
export interface ChecklistFillState {
  osId?: number;
  templateId?: number;
  data: string;
  answers: Record<number, Record<number, Answer>>;
  resultado: string;
  observacoes: string;
}

export interface BodyContext {
  obra: string;
  items: NumberedItem[];
  executante: { mail: string; nome?: string };
}

export const initialFillState = (osId: number | undefined): ChecklistFillState => ({
  osId,
  data: todayIso(),
  answers: {},
  resultado: RESULTADO_APROVADO,
  observacoes: '',
});

const answersOf = (s: ChecklistFillState): Record<number, Answer> => (s.templateId !== undefined && s.answers[s.templateId]) || {};

/** The body the API receives; `sent[i]` is the item number of `respostas[i]`. */
export function checklistBody(s: ChecklistFillState, ctx: BodyContext, status: string) {
  const mine = answersOf(s);
  const sent: number[] = [];
  const respostas: ChecklistAnswer[] = [];
  for (const it of ctx.items) {
    const a = mine[it.numero];
    if (!a?.conformidade) continue;
    sent.push(it.numero);
    respostas.push({
      item: it.numero,
      ...(it.secao ? { secao: it.secao } : {}),
      pergunta: it.pergunta,
      conformidade: a.conformidade,
      ...(a.resposta?.trim() ? { resposta: a.resposta.trim() } : {}),
      ...(a.observacao?.trim() ? { observacao: a.observacao.trim() } : {}),
      ...(a.fotos?.length ? { fotos: a.fotos } : {}),
    });
  }
  const body = {
    template: s.templateId,
    obra: ctx.obra,
    os: s.osId,
    data: s.data,
    executante: ctx.executante,
    status,
    respostas,
    resultado: s.resultado,
    ...(s.observacoes.trim() ? { observacoes: s.observacoes.trim() } : {}),
  };
  return { body, sent };
}

/**
 * The page's values as a device draft: the body's own keys (so the outbox, which lays the body over
 * the draft, sends exactly the body), with every answer as typed, those without conformity included.
 */
export function checklistDraftValues(s: ChecklistFillState, ctx: BodyContext, status: string): Record<string, unknown> {
  const respostas = Object.entries(answersOf(s))
    .filter(([, a]) => a && (a.conformidade || a.resposta || a.observacao || a.fotos?.length))
    .map(([item, a]) => ({ ...a, item: Number(item) }));
  return { ...checklistBody(s, ctx, status).body, respostas };
}

/** A device draft back into the page's values. */
export function fillStateFromDraft(v: Record<string, unknown>, fallback: ChecklistFillState): ChecklistFillState {
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const str = (x: unknown, d: string) => (typeof x === 'string' ? x : d);
  const templateId = num(v.template);
  const mine: Record<number, Answer> = {};
  for (const r of Array.isArray(v.respostas) ? (v.respostas as Record<string, unknown>[]) : []) {
    const item = num(r?.item);
    if (item === undefined) continue;
    mine[item] = {
      ...(typeof r.conformidade === 'string' ? { conformidade: r.conformidade } : {}),
      ...(typeof r.resposta === 'string' ? { resposta: r.resposta } : {}),
      ...(typeof r.observacao === 'string' ? { observacao: r.observacao } : {}),
      ...(Array.isArray(r.fotos) ? { fotos: r.fotos as StoredFile[] } : {}),
    };
  }
  return {
    osId: num(v.os) ?? fallback.osId,
    templateId,
    data: str(v.data, fallback.data),
    answers: templateId !== undefined ? { [templateId]: mine } : {},
    resultado: str(v.resultado, fallback.resultado),
    observacoes: str(v.observacoes, ''),
  };
}
