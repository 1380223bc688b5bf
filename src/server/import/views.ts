/** What the API answers about an import (GET /importacoes, /importacoes/{id}), shared by its routes and its OpenAPI description. */
import type { EntitySchema } from '../../../schemas/kinds';
import { labelledOptions } from '../../../schemas/option-labels';
import { importFields, importKeyOf, neededOnCreate, roleOf, type FieldRole } from './mapping';
import { liveProgress } from './job';
import type { ImportRow } from './store';

/** The states of a run, in pt-BR (the app shows the same words). */
export const SITUATION_LABELS: Record<string, string> = {
  enviada: 'Enviada',
  simulando: 'Simulando',
  simulada: 'Simulada',
  importando: 'Importando',
  concluida: 'Concluída',
  falhou: 'Falhou',
  cancelada: 'Cancelada',
};

export const MODES = ['tudo', 'validas'] as const;
export const ROW_ACTIONS = ['criar', 'atualizar', 'igual', 'erro', 'ignorada'] as const;
export const PHASES = ['simulacao', 'importacao'] as const;
export const ROLES: readonly FieldRole[] = ['valor', 'chave', 'situacao', 'somenteLeitura', 'naoImportavel'];

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** One line of the "Importações" list. */
export function summaryOf(row: ImportRow, schema: EntitySchema | undefined) {
  const l = liveProgress(row.id);
  const processadas = l ? l.processadas : row.processadas;
  const counts = l ? l.counts : row;
  const running = row.situacao === 'simulando' || row.situacao === 'importando';
  let restanteSegundos: number | null = null;
  if (running && row.iniciado_em && processadas > 0) {
    const elapsed = (Date.now() - Date.parse(row.iniciado_em)) / 1000;
    restanteSegundos = Math.max(0, Math.round((elapsed / processadas) * (row.total - processadas)));
  }
  return {
    id: row.id,
    recurso: row.recurso,
    entidade: schema?.labelPlural ?? row.recurso,
    arquivo: row.arquivo_nome,
    formato: row.formato,
    pessoa: row.pessoa,
    pessoaNome: row.pessoa_nome,
    situacao: row.situacao,
    situacaoTexto: SITUATION_LABELS[row.situacao] ?? row.situacao,
    etapa: row.etapa,
    modo: row.modo,
    total: row.total,
    processadas,
    criadas: counts.criadas,
    atualizadas: counts.atualizadas,
    iguais: counts.iguais,
    erros: counts.erros,
    ignoradas: counts.ignoradas,
    mensagem: row.mensagem,
    criadoEm: iso(row.criado_em),
    iniciadoEm: iso(row.iniciado_em),
    concluidoEm: iso(row.concluido_em),
    restanteSegundos,
  };
}

/** The fields a column may go to, with what each does in an import. */
export function fieldsOf(schema: EntitySchema) {
  return importFields(schema).map((f) => ({
    name: f.name,
    label: f.label,
    kind: f.kind,
    obrigatorio: neededOnCreate(schema, f),
    papel: roleOf(schema, f),
    ...(f.options?.length ? { opcoes: labelledOptions(f) } : {}),
  }));
}

/** How the file was read, as the API shows it: the lists' sheets by name and field (their reading plan stays inside). */
function readingOf(row: ImportRow) {
  const { listas, ...about } = row.info.about;
  return { linhaCabecalho: row.info.headerRow, ...about, ...(listas?.length ? { abas: listas.map((l) => ({ aba: l.sheet, campo: l.field })) } : {}) };
}

/** The whole import: its summary, the file's columns and their mapping, the fields, the key, the notes. */
export function detailOf(row: ImportRow, schema: EntitySchema | undefined) {
  const mapping = row.mapeamento ?? {};
  return {
    ...summaryOf(row, schema),
    colunas: row.info.columns.map((c) => ({ coluna: c.text, letra: c.letter, campo: mapping[c.text] ?? null })),
    campos: schema ? fieldsOf(schema) : [],
    chave: schema ? importKeyOf(schema) : [],
    notas: [...(row.info.notes ?? []), ...(row.notas ?? [])],
    leitura: readingOf(row),
  };
}
