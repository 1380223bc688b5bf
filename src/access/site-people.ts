/**
 * The people of a site (`/obras/:obra/usuarios/adicionar`, `/fabricacao/:obra/usuarios/adicionar`):
 * the roles a client may receive there and the shapes the API and the screen exchange.
 *
 * Isomorphic: no React, no Node-only modules.
 */

/** Where the people of a site are managed: the site layout or the factory layout. */
export type SitePeopleScope = 'obra' | 'fabricacao';

/**
 * The roles docs/access.md gives to clients (decisions 1 and 2): `cliente` itself, `projetista` and
 * `site_manager` (engineering documents of their sites), `aprovador` / `aprovador_fabrica`
 * (approve documents), `projetista_fabrica` (factory projects and manufacturing of their sites),
 * `representante_cliente` (reads and signs the concluded daily reports of their sites, decision 32).
 * An external user added on a site may receive only these.
 */
export const CLIENT_ROLES: readonly { value: string; label: string }[] = [
  { value: 'cliente', label: 'Cliente' },
  { value: 'projetista', label: 'Projetista (documentos de projeto)' },
  { value: 'aprovador', label: 'Aprovador (aprova documentos de projeto)' },
  { value: 'site_manager', label: 'Site manager do cliente' },
  { value: 'projetista_fabrica', label: 'Projetista de fábrica (projetos e fabricação)' },
  { value: 'aprovador_fabrica', label: 'Aprovador de fábrica' },
  { value: 'representante_cliente', label: 'Representante do cliente (assina o RDO)' },
];

export const CLIENT_ROLE_NAMES: readonly string[] = CLIENT_ROLES.map((r) => r.value);

/** The roles the form starts with, per scope. */
export const DEFAULT_ROLES: Record<SitePeopleScope, string[]> = {
  obra: ['cliente', 'projetista'],
  fabricacao: ['cliente', 'projetista_fabrica'],
};

/**
 * The client role that reads the sites (and their documents) of each scope: `projetista` gives a
 * client read on its sites and their engineering documents, `projetista_fabrica` on its
 * manufacturing and factory projects (docs/access.md decisions 1–2). `site_manager` reads like `projetista`.
 */
export const CLIENT_READING_ROLES: Record<SitePeopleScope, readonly string[]> = {
  obra: ['projetista', 'site_manager'],
  fabricacao: ['projetista_fabrica'],
};

/**
 * Decision 30: a client account always carries `cliente` and can read the site it is given. An
 * approver approves documents it must first read, so a client role set without a reading role
 * of the scope gains its first one (an "Aprovador" alone would otherwise see nothing).
 */
export function completeClientRoles(roles: readonly string[], scope: SitePeopleScope = 'obra'): string[] {
  const out = [...new Set(['cliente', ...roles])];
  const reading = CLIENT_READING_ROLES[scope];
  if (!out.some((r) => reading.includes(r))) out.push(reading[0]);
  return out;
}

/** The client roles `completeClientRoles` would add to `roles` (the screen says so before saving). */
export function addedClientRoles(roles: readonly string[], scope: SitePeopleScope = 'obra'): string[] {
  return completeClientRoles(roles, scope).filter((r) => !roles.includes(r));
}

/** Per-field message of a client account without a site (decision 30). */
export const CLIENT_WITHOUT_SITE = 'Um cliente precisa de ao menos uma obra: informe o código da obra a que ele terá acesso.';

/** Label of a role for people (the role name itself when it has none). */
export function roleLabel(role: string): string {
  return CLIENT_ROLES.find((r) => r.value === role)?.label ?? role;
}

/** Kind of a person with access to a site. */
export type SitePersonTipo = 'cliente' | 'colaborador' | 'fornecedor' | 'escritorio';

export const TIPO_LABELS: Record<SitePersonTipo, string> = {
  cliente: 'Cliente',
  colaborador: 'Colaborador',
  fornecedor: 'Fornecedor',
  escritorio: 'Escritório parceiro',
};

/** One person with access to a site, as `GET /api/v1/{obras|fabricacao}/:obra/usuarios` lists them. */
export interface SitePerson {
  email: string;
  nome: string;
  tipo: SitePersonTipo;
  roles: string[];
  empresa: string[];
  /** Has an account in the user pool (staff who never signed in may exist only in the directory). */
  conta: boolean;
  /** Invited, has not yet chosen their own password (first sign-in pending). */
  convitePendente: boolean;
}

/** `POST /api/v1/{obras|fabricacao}/:obra/usuarios` body. */
export interface AddSitePersonInput {
  email: string;
  nome?: string;
  roles?: string[];
  empresa?: string;
}

/** `POST` answer: the person now, and what happened. */
export interface AddSitePersonResult {
  pessoa: SitePerson;
  /** A new client account was created and the invitation e-mail queued. */
  criado: boolean;
  /** The person already had access to the site (nothing about the site changed). */
  jaTinhaAcesso: boolean;
}

/** Path segment of the API (and of the app) for a scope. */
export const SCOPE_PATH: Record<SitePeopleScope, string> = { obra: 'obras', fabricacao: 'fabricacao' };

/** What a line of the site-people spreadsheet does (or would do): invite a new client, give the site to an account, change roles/company/name, nothing, refused. */
export type SitePeopleLineAction = 'convidar' | 'adicionar' | 'alterar' | 'nada' | 'recusada';

/** One line of `POST /api/v1/{obras|fabricacao}/:obra/usuarios/importacao`'s answer. */
export interface SitePeopleLine {
  /** The line's number in the sheet. */
  linha: number;
  email: string;
  nome: string;
  acao: SitePeopleLineAction;
  /** The roles the person would have (dry run) or has (import). */
  perfis: string[];
  /** Why the line was refused, in the single screen's words. */
  mensagens: string[];
}

/** The answer of the site-people spreadsheet's dry run or import. */
export interface SitePeopleImportResult {
  simulacao: boolean;
  modo: 'tudo' | 'validas';
  /** What the person should know about the file (hidden rows, merged cells…), in pt-BR. */
  notas: string[];
  linhas: SitePeopleLine[];
  convidadas: number;
  adicionadas: number;
  alteradas: number;
  semAlteracao: number;
  recusadas: number;
}
