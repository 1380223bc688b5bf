/**
 * The audit trail's vocabulary (issue 35), shared by the API (`GET /api/v1/auditoria`, its export)
 * and the "Auditoria" screen: the kinds of entry, the reasons of a failed sign-in and the modules'
 * names (an entity's `labelPlural`, or the portal's own areas).
 */
import { schemaByResource } from '../schemas';
import { scopeLabel } from './maintenance';
import { SERVICE_ACCOUNTS_RESOURCE, serviceAccountSummary } from './service-accounts';

/** Kind of entry → pt-BR label. Record events come from the history (`auditoria`), the others from `evento_acesso`. */
export const AUDIT_KINDS = {
  entrada: 'Entrada no portal',
  falha_entrada: 'Falha de entrada',
  alteracao_acesso: 'Alteração de acesso',
  criacao: 'Criação',
  alteracao: 'Alteração',
  transicao: 'Transição',
  exclusao: 'Exclusão',
  restauracao: 'Restauração',
  reversao: 'Volta a versão anterior',
  exportacao: 'Exportação',
  download: 'Download de arquivo',
  encerramento_sessao: 'Encerramento de sessão',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_KEYS = Object.keys(AUDIT_KINDS) as AuditKind[];

/** The kinds kept in `evento_acesso` (sign-ins, exports, downloads, sessions ended). */
export const ACCESS_KINDS = ['entrada', 'falha_entrada', 'exportacao', 'download', 'encerramento_sessao'] as const satisfies readonly AuditKind[];
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** The history's action (`auditoria.acao`) of each record kind. */
export const RECORD_ACTIONS = {
  criacao: 'create',
  alteracao: 'update',
  transicao: 'transition',
  exclusao: 'delete',
  restauracao: 'restore',
  reversao: 'revert',
} as const;

/** Why a sign-in failed → pt-BR label. */
export const SIGN_IN_FAILURES = {
  credenciais: 'E-mail ou senha incorretos',
  conta_desconhecida: 'Conta inexistente',
  senha_incorreta: 'Senha incorreta',
  conta_inativa: 'Conta desativada',
  nao_corporativa: 'Conta de cliente no login corporativo',
  bloqueado: 'Bloqueado por excesso de tentativas',
  codigo_incorreto: 'Código do segundo fator incorreto',
  senha_expirada: 'Redefinição de senha exigida',
  outro: 'Outro motivo',
} as const;
export type SignInFailure = keyof typeof SIGN_IN_FAILURES;

/** The portal's areas that are not entities. */
const OWN_MODULES: Record<string, string> = {
  configuracoes: 'Configurações do portal',
  manutencao: 'Manutenção',
  arquivos: 'Arquivos',
  auditoria: 'Auditoria',
  [SERVICE_ACCOUNTS_RESOURCE]: 'Contas de serviço',
};

/** The module's name of a resource ('diarios' → 'Diários de obra'); the resource itself when unknown. */
export function auditModuleLabel(resource: string | null | undefined): string {
  if (!resource) return '—';
  return schemaByResource(resource)?.labelPlural ?? OWN_MODULES[resource] ?? resource;
}

export const auditKindLabel = (kind: string): string => (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;
export const signInFailureLabel = (reason: string | null | undefined): string =>
  reason ? ((SIGN_IN_FAILURES as Record<string, string>)[reason] ?? reason) : '';

/** What the summary of an entry needs (the API's entry, `GET /api/v1/auditoria`). */
export interface AuditSummaryInput {
  tipo: string;
  modulo: string | null;
  motivo: string | null;
  detalhes: Record<string, unknown>;
}

const fieldLabel = (resource: string | null, name: string) => schemaByResource(resource ?? '')?.fields.find((f) => f.name === name)?.label ?? name;

/** A list of names, at most `max` of them ("A, B, C e mais 2"). */
function names(list: string[], max = 6): string {
  return list.length > max ? `${list.slice(0, max).join(', ')} e mais ${list.length - max}` : list.join(', ');
}

/** One pt-BR line on what an entry did (the screen's "Detalhes" column and the export's). */
export function auditSummary(e: AuditSummaryInput): string {
  const d = e.detalhes ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (e.tipo) {
    case 'falha_entrada':
      return [signInFailureLabel(e.motivo), d.origem === 'app' ? '(informado pelo aplicativo)' : ''].filter(Boolean).join(' ');
    case 'entrada':
      return d.origem === 'identidade-local' ? 'Login na identidade local' : '';
    case 'download':
      return `Arquivo: ${str(d.arquivo) || '—'}`;
    case 'encerramento_sessao': {
      const de = str(d.titular) ? ` de ${str(d.titular)}` : '';
      if (d.escopo === 'todas') {
        const n = typeof d.sessoes === 'number' ? d.sessoes : 0;
        return `“Sair de todos”: ${n === 1 ? '1 sessão' : `${n} sessões`}${de} encerrada${n === 1 ? '' : 's'}`;
      }
      const where = [str(d.dispositivo), str(d.local)].filter(Boolean).join(', ');
      return `“Sair deste”: sessão${de}${where ? ` (${where})` : ''} encerrada`;
    }
    case 'exportacao': {
      const filtros = d.filtros && typeof d.filtros === 'object' ? Object.entries(d.filtros as Record<string, unknown>) : [];
      const total = typeof d.total === 'number' ? `${d.total.toLocaleString('pt-BR')} ${d.total === 1 ? 'registro' : 'registros'}` : '';
      const f = filtros.length ? `filtros: ${filtros.map(([k, v]) => `${k} = ${String(v)}`).join('; ')}` : 'sem filtros';
      return [str(d.formato).toUpperCase(), total, f].filter(Boolean).join(', ');
    }
  }
  if (e.modulo === 'manutencao') return maintenanceSummary(e.tipo, d);
  if (e.modulo === SERVICE_ACCOUNTS_RESOURCE) return serviceAccountSummary(e.tipo, d);
  const parts: string[] = [];
  const transition = d.transicao && typeof d.transicao === 'object' ? (d.transicao as { label?: unknown }) : undefined;
  if (transition?.label) parts.push(`${String(transition.label)}${str(d.comentario) ? `: “${str(d.comentario)}”` : ''}`);
  const changed = d.alteracoes && typeof d.alteracoes === 'object' ? Object.keys(d.alteracoes as object) : [];
  if (changed.length && e.tipo !== 'exclusao') parts.push(`Campos: ${names(changed.map((n) => fieldLabel(e.modulo, n)))}`);
  if (str(d.emNomeDe)) parts.push(`em nome de ${str(d.emNomeDe)}`);
  return parts.join(' · ');
}

/** One entry of the audit trail as `GET /api/v1/auditoria` answers it (and the screen shows it). */
export interface AuditEntry {
  id: string;
  tipo: AuditKind | string;
  em: string;
  pessoa: string | null;
  nome: string | null;
  ip: string | null;
  dispositivo: string | null;
  modulo: string | null;
  registro: string | null;
  motivo: string | null;
  detalhes: Record<string, unknown>;
  requestId: string | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dateTime = (v: unknown) => {
  const d = typeof v === 'string' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime())
    ? `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`
    : '';
};

/** The maintenance switch's entries (issue 40): "Início: Diários de obra, até 28/11/2026 18:00 — “mensagem”". */
function maintenanceSummary(tipo: string, d: Record<string, unknown>): string {
  const changes = (d.alteracoes && typeof d.alteracoes === 'object' ? d.alteracoes : {}) as Record<string, { de?: unknown; para?: unknown } | string>;
  const scope = typeof changes.escopo === 'string' ? (scopeLabel(changes.escopo) ?? changes.escopo) : '';
  const side = (k: string, which: 'de' | 'para') => (typeof changes[k] === 'object' ? (changes[k] as Record<string, unknown>)[which] : undefined);
  if (tipo === 'exclusao') return `Fim da manutenção: ${scope}`;
  const fim = dateTime(side('fimPrevisto', 'para'));
  const msg = side('mensagem', 'para');
  return [
    `${tipo === 'criacao' ? 'Início da manutenção' : 'Manutenção alterada'}: ${scope}`,
    fim ? `até ${fim}` : '',
    typeof msg === 'string' ? `“${msg}”` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
