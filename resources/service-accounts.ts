/**
 * Service accounts and API keys (issue 41), shared by the API (`/api/v1/contas-servico`, the key
 * authentication) and the "Contas de serviço" screens: the shapes the routes answer, the limits the
 * server checks and the app shows, and the words for a key's state and for the account in histories.
 *
 * A service account is the identity of another system (an ERP, a BI tool): roles, sites and
 * companies like a person, so the same CASL rules decide what its keys may do. Its identity as the
 * rules and the histories see it is a reserved address (`servico-<id>@contas-servico.invalid`,
 * RFC 2606: it never names a real mailbox) and the name "<nome> (conta de serviço)".
 */
import type { AppAbility } from '../src/access/ability';

/** Every key starts so: `ptl_<16 hex: the public id>_<43 base64url: the secret>`. */
export const API_KEY_PREFIX = 'ptl_';
/** The `tipo` of a service account's user (staff kind: never a client or a partner). */
export const SERVICE_ACCOUNT_TIPO = 'servico';
/** The domain of the accounts' reserved addresses. */
export const SERVICE_ACCOUNT_DOMAIN = 'contas-servico.invalid';
/** The history's and the audit trail's resource name of the accounts' changes and keys. */
export const SERVICE_ACCOUNTS_RESOURCE = 'contas-servico';

export const SERVICE_ACCOUNT_LIMITS = {
  nomeMin: 3,
  nomeMax: 80,
  descricaoMax: 500,
  roles: 30,
  obra: 500,
  empresa: 50,
  chaveNomeMax: 80,
  /** How far ahead a key may expire. */
  chaveDiasMax: 730,
  /** Keys of one account in force at once (not revoked, not expired). */
  chavesAtivasMax: 20,
} as const;

/** The reserved address of account `id`. */
export const serviceAccountMail = (id: number | string): string => `servico-${id}@${SERVICE_ACCOUNT_DOMAIN}`;

/** Whether an address is a service account's. */
export const isServiceAccountMail = (mail: unknown): boolean =>
  typeof mail === 'string' && new RegExp(`^servico-\\d{1,18}@${SERVICE_ACCOUNT_DOMAIN.replace('.', '\\.')}$`).test(mail.trim().toLowerCase());

/** "Integração ERP (conta de serviço)": how histories, person fields and the audit trail name it. */
export const serviceAccountLabel = (nome: string): string => `${nome} (conta de serviço)`;

/** A service account as the API answers it. */
export interface ServiceAccount {
  id: number;
  version: number;
  nome: string;
  descricao: string | null;
  /** Its identity in histories and `created_by`/`updated_by` (never a mailbox). */
  email: string;
  roles: string[];
  obra: string[];
  empresa: string[];
  ativo: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  /** Keys in force (not revoked, not expired). */
  chavesAtivas: number;
  /** The most recent use of any of its keys. */
  ultimoUsoEm: string | null;
}

/** The `codigo` of the API's refusals of a key, and what each means. */
export const API_KEY_REFUSALS = {
  'chave-api-cabecalho': '400: a chave foi enviada fora de `Authorization: Bearer` e `X-API-Key` (outro esquema, sem esquema, na URL)',
  'chave-invalida': '401: a chave não existe ou não confere',
  'chave-revogada': '401: um administrador revogou a chave',
  'chave-expirada': '401: a validade da chave passou',
  'conta-servico-inativa': '401: a conta de serviço da chave está desativada',
  'chave-somente-leitura': '403: uma chave somente leitura tentou gravar',
} as const;

export type ApiKeyState = 'ativa' | 'expirada' | 'revogada';

export const API_KEY_STATE_LABELS: Record<ApiKeyState, string> = { ativa: 'Ativa', expirada: 'Expirada', revogada: 'Revogada' };

/** A key as listed: never its secret, which only the answer that issues it carries. */
export interface ApiKeyInfo {
  id: number;
  /** `ptl_<id>`: how people recognise the key (the start of the key itself). */
  prefixo: string;
  nome: string | null;
  somenteLeitura: boolean;
  expiraEm: string;
  criadaEm: string;
  criadaPor: string | null;
  revogadaEm: string | null;
  revogadaPor: string | null;
  ultimoUsoEm: string | null;
  ultimoUsoIp: string | null;
  situacao: ApiKeyState;
}

/** `POST /contas-servico/{id}/chaves`: the key, shown this once. */
export interface IssuedApiKey extends ApiKeyInfo {
  chave: string;
}

/** `GET /contas-servico/{id}`. */
export interface ServiceAccountDetail extends ServiceAccount {
  chaves: ApiKeyInfo[];
}

export interface ServiceAccountOption {
  valor: string;
  rotulo: string;
}

/** `GET /contas-servico/opcoes`: what an account may be given. */
export interface ServiceAccountOptions {
  roles: ServiceAccountOption[];
  obra: ServiceAccountOption[];
  empresa: ServiceAccountOption[];
}

/** The body of `POST /contas-servico` and `PATCH /contas-servico/{id}` (with `version`). */
export interface ServiceAccountInput {
  nome: string;
  descricao?: string | null;
  roles: string[];
  obra?: string[];
  empresa?: string[];
  ativo?: boolean;
  version?: number;
}

/** The body of `POST /contas-servico/{id}/chaves`. */
export interface ApiKeyInput {
  nome?: string | null;
  /** ISO 8601 date and time, with the zone; in the future, at most `chaveDiasMax` days ahead. */
  expiraEm: string;
  somenteLeitura?: boolean;
}

/**
 * Who manages service accounts: staff with an unconditional `manage` on `Configuracao`
 * (`acesso_total`), the administrators of the portal settings and maintenance.
 */
export function managesServiceAccounts(ability: AppAbility): boolean {
  try {
    return ability.rulesFor('manage', 'Configuracao').some((r) => !r.inverted && !r.conditions && !r.fields);
  } catch {
    return false;
  }
}

/** A key's state at `now`. */
export function apiKeyState(k: { revogadaEm: string | null; expiraEm: string }, now = Date.now()): ApiKeyState {
  if (k.revogadaEm) return 'revogada';
  return Date.parse(k.expiraEm) <= now ? 'expirada' : 'ativa';
}

/** The audit trail's line of an accounts' entry: the note of a key's issue or revocation, else what changed. */
export function serviceAccountSummary(tipo: string, d: Record<string, unknown>): string {
  if (typeof d.comentario === 'string' && d.comentario) return d.comentario;
  const changes = d.alteracoes && typeof d.alteracoes === 'object' ? Object.keys(d.alteracoes as object) : [];
  const labels: Record<string, string> = { nome: 'Nome', descricao: 'Descrição', roles: 'Perfis', obra: 'Obras', empresa: 'Empresas', ativo: 'Ativa' };
  const what = changes.map((k) => labels[k] ?? k).join(', ');
  return `${tipo === 'criacao' ? 'Conta de serviço criada' : 'Conta de serviço alterada'}${what ? ` · Campos: ${what}` : ''}`;
}
