/**
 * The signed-in user as the access rules see it (docs/access.md, "The user"), and a
 * defensive normaliser for whatever the identity provider or the store hands us.
 *
 * Isomorphic: no React, no Node-only modules.
 */
import type { RawRule } from '@casl/ability';

export interface PortalUser {
  id_user: string;
  username: string;
  email: string;
  name: string;
  email_verified?: boolean;
  pk?: string;
  sk?: string;
  empresa: string[];
  obra: string[];
  roles: string[];
  /** JSON text from the identity provider, or already parsed. */
  specific_rules?: string | RawRule[];
  /** 'cliente' for external clients; 'fornecedor' / 'escritorio' for suppliers and law firms (decision 28). */
  tipo: string;
  /**
   * Sites whose record names this user as substitute site manager (decision 28), looked up by the
   * API when the user has the role `site_manager_substituto`.
   */
  obrasSubstituto?: string[];
  /**
   * E-mails of the people this user stands in for during their absence ("Ausência", issue 25),
   * set by the API: their person-named items are the user's too, recorded "em nome de".
   */
  emNomeDe?: string[];
}

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function optStr(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * A list of strings. Accepts an array (strings and finite numbers are kept,
 * trimmed, empty ones and duplicates dropped) or JSON text holding such an
 * array (identity-provider custom attributes are strings). Anything else → [].
 */
function strList(value: unknown): string[] {
  let list: unknown = value;
  if (typeof list === 'string') {
    const text = list.trim();
    if (!text.startsWith('[')) return [];
    try {
      list = JSON.parse(text);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const item of list) {
    const s = typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)) ? str(item) : '';
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

function isStringOrStringList(value: unknown): value is string | string[] {
  if (typeof value === 'string') return value.length > 0;
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v.length > 0);
}

/** One raw CASL rule from `specific_rules`, or null when it is not well formed. */
export function sanitizeRawRule(value: unknown): RawRule | null {
  if (!isRecord(value)) return null;
  const { action, subject, conditions, inverted, fields, reason } = value;
  if (!isStringOrStringList(action) || !isStringOrStringList(subject)) return null;
  if (conditions !== undefined && conditions !== null && !isRecord(conditions)) return null;
  if (inverted !== undefined && typeof inverted !== 'boolean') return null;
  if (fields !== undefined && !isStringOrStringList(fields)) return null;
  const rule: Rec = { action, subject };
  if (isRecord(conditions)) rule.conditions = conditions;
  if (inverted) rule.inverted = true;
  if (fields !== undefined) rule.fields = fields;
  if (typeof reason === 'string') rule.reason = reason;
  return rule as unknown as RawRule;
}

/**
 * Parses `specific_rules` (JSON text or an array). Malformed text or a
 * non-array is ignored ([]); malformed entries inside the array are dropped.
 */
export function parseSpecificRules(value: unknown): RawRule[] {
  let list: unknown = value;
  if (typeof list === 'string') {
    const text = list.trim();
    if (!text) return [];
    try {
      list = JSON.parse(text);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: RawRule[] = [];
  for (const item of list) {
    const rule = sanitizeRawRule(item);
    if (rule) out.push(rule);
  }
  return out;
}

/**
 * Turns unknown stored/received user data into a PortalUser. Never throws:
 * missing or malformed lists become [], strings are trimmed, `specific_rules`
 * is parsed (malformed → absent), `tipo` defaults to ''.
 */
export function normalizeUser(raw: unknown): PortalUser {
  const r: Rec = isRecord(raw) ? raw : {};
  const get = (key: string): unknown => {
    try {
      return r[key];
    } catch {
      return undefined; // hostile getters
    }
  };
  const user: PortalUser = {
    id_user: str(get('id_user')),
    username: str(get('username')),
    email: str(get('email')),
    name: str(get('name')),
    empresa: strList(get('empresa')),
    obra: strList(get('obra')),
    roles: strList(get('roles')),
    tipo: str(get('tipo')),
  };
  const verified = get('email_verified');
  if (typeof verified === 'boolean') user.email_verified = verified;
  else if (verified === 'true' || verified === 'false') user.email_verified = verified === 'true';
  const pk = optStr(get('pk'));
  if (pk !== undefined) user.pk = pk;
  const sk = optStr(get('sk'));
  if (sk !== undefined) user.sk = sk;
  const subs = strList(get('obrasSubstituto'));
  if (subs.length) user.obrasSubstituto = subs;
  const absent = strList(get('emNomeDe')).map((m) => m.toLowerCase());
  if (absent.length) user.emNomeDe = absent;
  const rules = parseSpecificRules(get('specific_rules'));
  if (rules.length) user.specific_rules = rules;
  return user;
}

/** `[...roles, email, ...empresa]`: the names folder access lists are matched against. */
export function permissionsOf(user: PortalUser): string[] {
  const out: string[] = [];
  for (const p of [...(user.roles ?? []), user.email, ...(user.empresa ?? [])]) {
    if (typeof p === 'string' && p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Whether the user is an external client (roles include `cliente`, docs/access.md rule 1). */
export function isClientUser(user: PortalUser): boolean {
  return user.roles.includes('cliente');
}

/** External user kinds of docs/access.md decisions 1 and 28 (own login, no staff or global rule). */
export type ExternalKind = 'cliente' | 'fornecedor' | 'escritorio';

/** Suppliers and partner law firms carry their kind in `tipo` (decision 28); clients are known by role. */
export function externalKindOf(user: PortalUser): ExternalKind | undefined {
  if (isClientUser(user)) return 'cliente';
  if (user.tipo === 'fornecedor' || user.tipo === 'escritorio') return user.tipo;
  return undefined;
}

/** Whether the user is external: a client, a supplier or a partner law firm. */
export const isExternalUser = (user: PortalUser): boolean => externalKindOf(user) !== undefined;

/**
 * The `tipo` of a user who signs in with the product's own login: suppliers and law firms are
 * named by the role of the same name; every other own-login user is a client.
 */
export function ownLoginTipo(roles: string[]): ExternalKind {
  if (roles.includes('fornecedor')) return 'fornecedor';
  if (roles.includes('escritorio')) return 'escritorio';
  return 'cliente';
}
