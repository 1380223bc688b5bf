import { schemaByName } from '../schemas';
import type { EntitySchema } from '../schemas/kinds';
import { toCaslAction } from '../src/access/refine-actions';

/**
 * A spreadsheet import as `GET /api/v1/importacoes(/{id})` answers it and the import wizard and the
 * "Importações" screen show it (issue 38; server: src/server/import).
 */
export type ImportSituation = 'enviada' | 'simulando' | 'simulada' | 'importando' | 'concluida' | 'falhou' | 'cancelada';
export type ImportRowAction = 'criar' | 'atualizar' | 'igual' | 'erro' | 'ignorada';
/** The two passes over a file: the dry run, then the import. */
export type ImportPhase = 'simulacao' | 'importacao';
export type ImportFieldRole = 'valor' | 'chave' | 'situacao' | 'somenteLeitura' | 'naoImportavel';

export interface ImportSummary {
  id: number;
  recurso: string;
  entidade: string;
  arquivo: string;
  /** `mspdi`: a schedule saved by MS Project as XML (EAP only). */
  formato: 'xlsx' | 'csv' | 'mspdi';
  pessoa: string;
  pessoaNome: string | null;
  situacao: ImportSituation;
  situacaoTexto: string;
  etapa: ImportPhase | null;
  modo: 'tudo' | 'validas' | null;
  total: number;
  processadas: number;
  criadas: number;
  atualizadas: number;
  iguais: number;
  erros: number;
  ignoradas: number;
  mensagem: string | null;
  criadoEm: string;
  iniciadoEm: string | null;
  concluidoEm: string | null;
  restanteSegundos: number | null;
}

export interface ImportDetail extends ImportSummary {
  colunas: { coluna: string; letra: string; campo: string | null }[];
  campos: { name: string; label: string; kind: string; obrigatorio: boolean; papel: ImportFieldRole; opcoes?: { value: string; label: string }[] }[];
  chave: string[];
  notas: string[];
}

export interface ImportRowOutcome {
  linha: number;
  acao: ImportRowAction;
  registroId: number | null;
  mensagem: string | null;
  erros: Record<string, string[]> | null;
  alteracoes: Record<string, { de: unknown; para: unknown }> | null;
}

/** Whether a run is still working (the screens poll it). */
export const isRunning = (s: ImportSituation) => s === 'simulando' || s === 'importando';

/** pt-BR words of a row's outcome, after a dry run and after the import. */
export const ROW_ACTION_LABELS: Record<ImportRowAction, { simulacao: string; importacao: string; color: string }> = {
  criar: { simulacao: 'Será criado', importacao: 'Criado', color: 'green' },
  atualizar: { simulacao: 'Será atualizado', importacao: 'Atualizado', color: 'blue' },
  igual: { simulacao: 'Sem alteração', importacao: 'Sem alteração', color: 'default' },
  erro: { simulacao: 'Erro', importacao: 'Erro', color: 'red' },
  ignorada: { simulacao: 'Ignorada', importacao: 'Não importada', color: 'default' },
};

export const SITUATION_COLORS: Record<ImportSituation, string> = {
  enviada: 'default',
  simulando: 'processing',
  simulada: 'cyan',
  importando: 'processing',
  concluida: 'success',
  falhou: 'error',
  cancelada: 'warning',
};

/**
 * The rights that open the import of an entity (a rule for any of these actions on this subject,
 * staff only): creating or editing its records, on the subject that governs it (its parent's with
 * `accessVia`). The write of each row checks the record itself. Used by the API and by the button.
 */
export function importRights(schema: EntitySchema): { subject: string; actions: string[] } {
  const via = schema.accessVia ? schema.fields.find((f) => f.name === schema.accessVia)?.ref : undefined;
  const parent = via ? schemaByName(via) : undefined;
  const actions = new Set([
    toCaslAction(schema.subject, 'create', schema.actions),
    toCaslAction(schema.subject, 'edit', schema.actions),
    ...Object.values(schema.createActionBy?.actions ?? {}),
    ...(schema.workflow?.states.flatMap((s) => (s.editBy ?? []).map((r) => r.action)) ?? []),
  ]);
  return { subject: (parent ?? schema).subject, actions: [...actions] };
}
