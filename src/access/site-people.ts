/**
 * The people of a site (`/obras/:obra/usuarios/adicionar`, `/fabricacao/:obra/usuarios/adicionar`):
 * the roles a client may receive there and the shapes the API and the screen exchange.
 *
 * Isomorphic: no React, no Node-only modules.
 */

/** Where the people of a site are managed: the site layout or the factory layout. */
export type SitePeopleScope = 'obra' | 'fabricacao';

/**
 * The roles access.md gives to clients (decisions 1 and 2): `cliente` itself, `projetista` and
 * `site_manager` (engineering documents of their sites), `aprovador` / `aprovador_fabrica`
 * (approve documents), `projetista_fabrica` (factory projects and manufacturing of their sites).
 * An external user added on a site may receive only these.
 */
export const CLIENT_ROLES: readonly { value: string; label: string }[] = [
  { value: 'cliente', label: 'Cliente' },
  { value: 'projetista', label: 'Projetista (documentos de projeto)' },
  { value: 'aprovador', label: 'Aprovador (aprova documentos de projeto)' },
  { value: 'site_manager', label: 'Site manager do cliente' },
  { value: 'projetista_fabrica', label: 'Projetista de fábrica (projetos e fabricação)' },
  { value: 'aprovador_fabrica', label: 'Aprovador de fábrica' },
];

export const CLIENT_ROLE_NAMES: readonly string[] = CLIENT_ROLES.map((r) => r.value);

/** The roles the form starts with, per scope. */
export const DEFAULT_ROLES: Record<SitePeopleScope, string[]> = {
  obra: ['cliente', 'projetista'],
  fabricacao: ['cliente', 'projetista_fabrica'],
};

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
