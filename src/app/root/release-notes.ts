/**
 * Release notes (docs/specification.md §3, "Release-note entry") and the app version.
 * Newest first; every text is tagged by module in square brackets.
 * `APP_VERSION` is the single source of the version used by the session version check.
 */

export interface ReleaseNote {
  versao: string;
  /** dd/mm/aaaa */
  data: string;
  melhorias: string[];
  bug: string[];
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    versao: '3.5.1',
    data: '18/08/2025',
    melhorias: [
      '[Pós-venda] O campo de comentário passou a ser obrigatório ao registrar uma interação no chamado.',
      '[RDO] Administradores agora podem excluir diários de obra.',
    ],
    bug: [
      '[RDO] Não é mais possível criar um diário com a mesma data de outro quando essa data é hoje.',
      '[Obras] Corrigida a lista de obras que não mostrava obras recém-criadas para o site manager.',
    ],
  },
  {
    versao: '3.5.0',
    data: '04/08/2025',
    melhorias: [
      '[Pós-venda] Novas regras de validação no formulário de abertura de chamado.',
      '[Obras] O cliente passou a ser obrigatório ao adicionar um registro de obra.',
      '[Portal] Nova página de versões do sistema, com filtro por módulo.',
    ],
    bug: [
      '[Contratos] O envio para o verificador não atualizava o status do contrato.',
      '[Materiais] A liberação para o coordenador não notificava o responsável.',
    ],
  },
  {
    versao: '3.4.2',
    data: '21/07/2025',
    melhorias: [],
    bug: [
      '[RDO] A pluviometria era exibida com mais de duas casas decimais.',
      '[Fábrica] O filtro por obra na lista de fabricações não era mantido ao voltar da ficha.',
    ],
  },
  {
    versao: '3.4.0',
    data: '07/07/2025',
    melhorias: [
      '[Fornecedores] Novo portal de fornecedores para envio e acompanhamento de documentos.',
      '[Jurídico] Novo portal para escritórios de advocacia acompanharem os processos cíveis e trabalhistas.',
      '[Jurídico] Envio de documentos do DP e da segurança por tipo de documento.',
    ],
    bug: ['[Portal] Após o login, o usuário não voltava para a última página visitada.'],
  },
  {
    versao: '3.3.1',
    data: '16/06/2025',
    melhorias: ['[SGI] As ocorrências passam a ser finalizadas automaticamente quando todas as ações forem concluídas.'],
    bug: [
      '[SGI] O ID sequencial não era gerado ao mover um registro para EM ANDAMENTO.',
      '[CRE] O filtro por categoria (Mecânica, Elétrica) era perdido ao trocar de página.',
    ],
  },
  {
    versao: '3.3.0',
    data: '26/05/2025',
    melhorias: ['[CRE] Nova visão As Built por obra.', '[Materiais] Listas de materiais em elaboração podem ser excluídas.'],
    bug: ['[Contratos] O gestor não conseguia editar contratos em Revisão.'],
  },
  {
    versao: '3.2.0',
    data: '28/04/2025',
    melhorias: ['[AUTOMAÇÃO] Diário das ordens de serviço de automação, por área.', '[Produtos] Nova tela de TAF por produto.'],
    bug: [
      '[Pós-venda] A data de conclusão do chamado não era gravada ao finalizar.',
      '[RDO] O site manager da obra não via os diários criados por outro usuário.',
    ],
  },
];

/** Current app version: the latest release note. */
export const APP_VERSION: string = RELEASE_NOTES[0].versao;

export interface TaggedText {
  /** Module in the square brackets ('Geral' when untagged). */
  modulo: string;
  texto: string;
}

export const UNTAGGED_MODULE = 'Geral';

/** Splits "[RDO] texto" into { modulo: 'RDO', texto: 'texto' }. */
export function parseModuleTag(text: string): TaggedText {
  const m = /^\s*\[([^\]]+)\]\s*([\s\S]*)$/.exec(text);
  if (!m) return { modulo: UNTAGGED_MODULE, texto: text.trim() };
  return { modulo: m[1].trim(), texto: m[2].trim() };
}

/** Modules found in the notes, sorted (pt-BR). */
export function listModules(notes: readonly ReleaseNote[] = RELEASE_NOTES): string[] {
  const set = new Set<string>();
  for (const n of notes) for (const t of [...n.melhorias, ...n.bug]) set.add(parseModuleTag(t).modulo);
  return [...set].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
}

/** Keeps only the texts of `modulo` (all when empty), dropping versions left without texts. */
export function filterReleaseNotes(notes: readonly ReleaseNote[] = RELEASE_NOTES, modulo?: string | null): ReleaseNote[] {
  if (!modulo) return notes.map((n) => ({ ...n, melhorias: [...n.melhorias], bug: [...n.bug] }));
  const same = (t: string) => parseModuleTag(t).modulo.localeCompare(modulo, 'pt-BR', { sensitivity: 'base' }) === 0;
  return notes.map((n) => ({ ...n, melhorias: n.melhorias.filter(same), bug: n.bug.filter(same) })).filter((n) => n.melhorias.length > 0 || n.bug.length > 0);
}
