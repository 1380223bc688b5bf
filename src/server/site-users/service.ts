/**
 * Who has access to a site, adding a person to it and removing them (the site-people screen).
 *
 * - The site and factory layouts each have the screen; the API checks the screen's own access
 *   rule from the route table (`Usuario` create on a site, `adicionar_cliente` on PROJETO_FABRICA
 *   for a manufacturing site) and that the caller may read the site.
 * - A person is found in the user pool by e-mail and in the directory (`usuario`). Someone with
 *   an account gains the site (clients also the client roles given); a client without an account
 *   is created in the pool with a temporary password and receives the invitation e-mail. Staff
 *   who exist only in the directory (never signed in yet) gain the site in the directory.
 * - The factory screen manages clients only.
 * - The directory row is written (and marked) in the same transaction as the e-mail; the pool is
 *   called last, so a refusal of the identity provider undoes both.
 */
import { subject } from '@casl/ability';
import { sql } from 'kysely';
import { APP_ROUTES } from '../../../resources/routes';
import type { AppAbility } from '../../access/ability';
import { ownLoginTipo } from '../../access/user';
import {
  CLIENT_ROLE_NAMES,
  DEFAULT_ROLES,
  completeClientRoles,
  type AddSitePersonResult,
  type SitePeopleScope,
  type SitePerson,
  type SitePersonTipo,
} from '../../access/site-people';
import { EMAIL_PATTERN, VALIDATION_MESSAGES as M } from '../../../schemas/messages';
import type { FieldErrors } from '../crud/validate';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { directoryRow, directoryRowsFor, forgetDirectoryAccess, writeDirectoryRow, type DirectoryRow } from './directory';
import { IdentityAdminError, temporaryPassword, type IdentityAdmin, type PoolUser } from './identity-admin';
import { queueInvitation, queueSiteNotice, type SiteRef } from './invitation';

export interface SiteActor {
  email: string;
  name: string;
  ability: AppAbility;
}

const SCREEN_PATH: Record<SitePeopleScope, string> = {
  obra: '/obras/:obra/usuarios/adicionar',
  fabricacao: '/fabricacao/:obra/usuarios/adicionar',
};

/** Roles that name an external kind: never given to staff. */
const EXTERNAL_ROLES = new Set(['cliente', 'fornecedor', 'escritorio']);
/** Roles with power over the whole portal: only someone who may do everything gives them here. */
export const isReservedRole = (r: string) => ['acesso_total', 'dev_acesso_total', 'mkt_read', 'controladoria'].includes(r) || r.includes('admin');
const ROLE_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;

const FORBIDDEN = 'Você não tem permissão para gerenciar as pessoas desta obra.';
const SITE_NOT_FOUND = 'Obra não encontrada.';
const CHECK_FIELDS = 'Verifique os campos destacados.';

const unique = (xs: string[]) => [...new Set(xs)];

/** The screen's access rule (route table), checked with the caller's ability. */
function mayManage(ability: AppAbility, scope: SitePeopleScope): boolean {
  const access = APP_ROUTES.find((r) => r.path === SCREEN_PATH[scope])?.access;
  if (!access) return false;
  return [access, ...(access.or ?? [])].some((a) => ability.can(a.action, a.subject)) && (access.also ?? []).every((a) => ability.can(a.action, a.subject));
}

/** The site of the path, visible to the caller and managed by them, or 404 / 403. */
async function siteFor(db: Db, actor: SiteActor, scope: SitePeopleScope, obra: string): Promise<SiteRef> {
  const r = await sql<{ Id_Lista: string; nome: string | null }>`select "Id_Lista", nome from obra where "Id_Lista" = ${obra}`.execute(db);
  const row = r.rows[0];
  if (!row || !actor.ability.can('read', subject('Obra', { ...row }) as never)) throw new ApiError(404, SITE_NOT_FOUND);
  if (!mayManage(actor.ability, scope)) throw new ApiError(403, FORBIDDEN);
  return { id: row.Id_Lista, nome: row.nome };
}

function kindOf(pool: PoolUser | null | undefined, row: DirectoryRow | undefined): SitePersonTipo {
  if (pool) return pool.federated ? 'colaborador' : ownLoginTipo(pool.roles);
  const t = row?.tipo;
  if (t === 'cliente' || t === 'fornecedor' || t === 'escritorio') return t;
  return row ? 'colaborador' : 'cliente';
}

/** What the API uses for the person now: the directory row once this screen defined it, else the pool's attributes, else the directory. */
function effectiveAccess(pool: PoolUser | null | undefined, row: DirectoryRow | undefined): { obra: string[]; roles: string[]; empresa: string[] } {
  if (row?.acessoDefinidoEm) return { obra: row.obra, roles: row.roles, empresa: row.empresa };
  if (pool) return { obra: pool.obra, roles: pool.roles, empresa: pool.empresa };
  return row ? { obra: row.obra, roles: row.roles, empresa: row.empresa } : { obra: [], roles: [], empresa: [] };
}

function personOf(email: string, pool: PoolUser | null | undefined, row: DirectoryRow | undefined): SitePerson {
  const access = effectiveAccess(pool, row);
  return {
    email,
    nome: row?.nome || pool?.name || email,
    tipo: kindOf(pool, row),
    roles: access.roles,
    empresa: access.empresa,
    conta: !!pool,
    convitePendente: pool?.status === 'FORCE_CHANGE_PASSWORD',
  };
}

const ORDER: Record<SitePersonTipo, number> = { cliente: 0, colaborador: 1, fornecedor: 2, escritorio: 3 };

export async function listSitePeople(db: Db, admin: IdentityAdmin, actor: SiteActor, scope: SitePeopleScope, obra: string): Promise<SitePerson[]> {
  const site = await siteFor(db, actor, scope, obra);
  const pool = await admin.listUsersWithSite(site.id);
  const poolByEmail = new Map(pool.map((u) => [u.email, u]));
  const rows = await directoryRowsFor(db, site.id, [...poolByEmail.keys()]);
  const rowByEmail = new Map(rows.map((r) => [r.email, r]));
  const out: SitePerson[] = [];
  for (const email of new Set([...poolByEmail.keys(), ...rowByEmail.keys()])) {
    const row = rowByEmail.get(email);
    // A directory row naming the site, of someone the site's pool list does not bring: their account,
    // if any, says who they are (and, unless this screen defined the row, what they may access).
    const p = poolByEmail.get(email) ?? (row ? await admin.findUserByEmail(email) : undefined);
    if (!effectiveAccess(p, row).obra.includes(site.id)) continue;
    out.push(personOf(email, p, row));
  }
  return out.sort((a, b) => ORDER[a.tipo] - ORDER[b.tipo] || a.nome.localeCompare(b.nome, 'pt-BR'));
}

interface ParsedInput {
  email: string;
  nome?: string;
  roles?: string[];
  empresa?: string;
}

function parseInput(body: unknown): ParsedInput {
  const errors: FieldErrors = Object.create(null);
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: ParsedInput = { email: '' };
  if (typeof b.email !== 'string' || !b.email.trim()) add('email', M.required);
  else {
    const email = b.email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) add('email', M.email);
    else if (email.length > 254) add('email', M.maxLength(254));
    out.email = email;
  }
  if (b.nome !== undefined && b.nome !== null && b.nome !== '') {
    if (typeof b.nome !== 'string') add('nome', M.text);
    else {
      const nome = b.nome.trim().replace(/\s+/g, ' ');
      if (nome.length < 2) add('nome', M.minLength(2));
      else if (nome.length > 150) add('nome', M.maxLength(150));
      else out.nome = nome;
    }
  }
  if (b.empresa !== undefined && b.empresa !== null && b.empresa !== '') {
    if (typeof b.empresa !== 'string') add('empresa', M.text);
    else if (b.empresa.trim().length > 100) add('empresa', M.maxLength(100));
    else if (b.empresa.trim()) out.empresa = b.empresa.trim();
  }
  if (b.roles !== undefined && b.roles !== null) {
    if (!Array.isArray(b.roles) || b.roles.some((r) => typeof r !== 'string')) add('roles', M.list);
    else {
      const roles = unique((b.roles as string[]).map((r) => r.trim()).filter(Boolean));
      const bad = roles.filter((r) => !ROLE_PATTERN.test(r));
      if (bad.length) add('roles', `Perfil inválido: ${bad.join(', ')}.`);
      else out.roles = roles;
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, CHECK_FIELDS, errors);
  return out;
}

const fieldError = (field: string, msg: string) => new ApiError(400, msg, { [field]: [msg] });

/** Where a person reads about the site in the portal. */
const sitePath = (scope: SitePeopleScope, site: SiteRef) => `/${scope === 'obra' ? 'obras' : 'fabricacao'}/${encodeURIComponent(site.id)}`;

/** What adding a person to a site would do, decided by the screen's checks (a refusal throws its 400). */
interface AddPlan {
  tipo: SitePersonTipo;
  creating: boolean;
  roles: string[];
  nome: string;
  empresa: string[];
  hadSite: boolean;
  obraList: string[];
  /** Whether anything would change: a new account, the site gained, roles, companies or the name. */
  changes: boolean;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function planAdd(actor: SiteActor, scope: SitePeopleScope, site: SiteRef, input: ParsedInput, pool: PoolUser | null, row: DirectoryRow | undefined): AddPlan {
  const tipo = kindOf(pool, row);
  if (tipo === 'fornecedor' || tipo === 'escritorio') {
    throw fieldError('email', 'Fornecedores e escritórios parceiros não recebem acesso a obras.');
  }
  if (scope === 'fabricacao' && tipo === 'colaborador') {
    throw fieldError('email', 'Este e-mail é de um colaborador. Aqui só se adicionam clientes; colaboradores recebem obras pela tela da obra.');
  }
  const creating = tipo === 'cliente' && !pool;
  // Without roles, a new client gets the scope's defaults; anyone else keeps what they have.
  const given = input.roles?.some((r) => r !== 'cliente') ? input.roles : creating ? DEFAULT_ROLES[scope] : (input.roles ?? []);
  let roles: string[];
  const current = effectiveAccess(pool, row);
  if (tipo === 'cliente') {
    const notForClients = given.filter((r) => !CLIENT_ROLE_NAMES.includes(r));
    if (notForClients.length) throw fieldError('roles', `Perfil não permitido para clientes: ${notForClients.join(', ')}.`);
    // Decision 30: `cliente` always, and a role that reads the site (an approver alone would see nothing).
    roles = completeClientRoles(unique(['cliente', ...current.roles, ...given]), scope);
  } else {
    const staffRoles = given.filter((r) => !EXTERNAL_ROLES.has(r));
    const reserved = staffRoles.filter((r) => isReservedRole(r) && !current.roles.includes(r));
    if (reserved.length && !actor.ability.can('manage', 'all')) {
      throw fieldError('roles', `Só quem tem acesso total atribui estes perfis: ${reserved.join(', ')}.`);
    }
    roles = unique([...current.roles, ...staffRoles]);
  }
  const nome = input.nome ?? row?.nome ?? pool?.name ?? '';
  if (creating && !nome) throw fieldError('nome', 'Informe o nome para criar o acesso de um novo cliente.');
  const empresa = tipo === 'cliente' && input.empresa ? unique([...current.empresa, input.empresa]) : current.empresa;
  const hadSite = current.obra.includes(site.id);
  const obraList = unique([...current.obra, site.id]);
  const renamed = !!input.nome && input.nome !== (row?.nome || pool?.name || '');
  const changes = creating || !hadSite || !sameSet(roles, current.roles) || !sameSet(empresa, current.empresa) || renamed;
  return { tipo, creating, roles, nome, empresa, hadSite, obraList, changes };
}

/** What `addToSite` would do with this body, through the same checks, with nothing written (the spreadsheet's dry run). */
export interface SitePersonPreview {
  email: string;
  tipo: SitePersonTipo;
  /** A client account would be created and invited. */
  criar: boolean;
  jaTinhaAcesso: boolean;
  /** Roles the person would have. */
  roles: string[];
  mudaria: boolean;
}

export async function previewSitePerson(
  db: Db,
  admin: IdentityAdmin,
  actor: SiteActor,
  scope: SitePeopleScope,
  site: SiteRef,
  body: unknown,
): Promise<SitePersonPreview> {
  const input = parseInput(body);
  const pool = await admin.findUserByEmail(input.email);
  const plan = planAdd(actor, scope, site, input, pool, await directoryRow(db, input.email));
  return { email: input.email, tipo: plan.tipo, criar: plan.creating, jaTinhaAcesso: plan.hadSite, roles: plan.roles, mudaria: plan.changes };
}

/** The site of the path for the people screen: 404 when the caller cannot read it, 403 without the screen's right. */
export const managedSite = siteFor;

export async function addSitePerson(
  db: Db,
  admin: IdentityAdmin,
  actor: SiteActor,
  scope: SitePeopleScope,
  obra: string,
  body: unknown,
): Promise<AddSitePersonResult> {
  return addToSite(db, admin, actor, scope, await siteFor(db, actor, scope, obra), body);
}

/** Adds one person to a site already checked by `managedSite` (the screen's form, and each line of a spreadsheet). */
export async function addToSite(
  db: Db,
  admin: IdentityAdmin,
  actor: SiteActor,
  scope: SitePeopleScope,
  site: SiteRef,
  body: unknown,
): Promise<AddSitePersonResult> {
  const input = parseInput(body);
  const pool = await admin.findUserByEmail(input.email);

  return forgetAccessAfter(
    db.transaction().execute(async (trx) => {
      const row = await directoryRow(trx, input.email, { lock: true });
      const { tipo, creating, roles, nome, empresa, hadSite, obraList } = planAdd(actor, scope, site, input, pool, row);
      const written = await writeDirectoryRow(
        trx,
        row,
        { email: input.email, nome: nome || input.email, tipo: row?.tipo ?? tipo, empresa, obra: obraList, roles },
        actor.email,
      );
      const to = { email: input.email, nome: written.nome || input.email };
      let account = pool;
      try {
        if (creating) {
          const password = temporaryPassword();
          await queueInvitation(trx, to, site, password, actor);
          account = await admin.createUser({ email: input.email, name: to.nome, obra: obraList, roles, empresa, temporaryPassword: password });
        } else {
          if (!hadSite) await queueSiteNotice(trx, to, site, sitePath(scope, site), actor);
          if (pool) await admin.updateAccess(pool.username, { obra: obraList, roles, ...(tipo === 'cliente' ? { empresa } : {}) });
        }
      } catch (e) {
        throw identityFailure(e);
      }
      return { pessoa: personOf(input.email, account, written), criado: creating, jaTinhaAcesso: hadSite };
    }),
  );
}

export async function removeSitePerson(
  db: Db,
  admin: IdentityAdmin,
  actor: SiteActor,
  scope: SitePeopleScope,
  obra: string,
  rawEmail: string,
): Promise<{ pessoa: SitePerson }> {
  const site = await siteFor(db, actor, scope, obra);
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw fieldError('email', M.email);
  const pool = await admin.findUserByEmail(email);
  return forgetAccessAfter(
    db.transaction().execute(async (trx) => {
      const row = await directoryRow(trx, email, { lock: true });
      const current = effectiveAccess(pool, row);
      if ((!pool && !row) || !current.obra.includes(site.id)) throw new ApiError(404, 'Esta pessoa não tem acesso a esta obra.');
      const tipo = kindOf(pool, row);
      if (scope === 'fabricacao' && tipo !== 'cliente') throw new ApiError(403, 'Aqui só se removem clientes; colaboradores perdem obras pela tela da obra.');
      const obraList = current.obra.filter((o) => o !== site.id);
      const written = await writeDirectoryRow(
        trx,
        row,
        { email, nome: row?.nome || pool?.name || email, tipo: row?.tipo ?? tipo, empresa: current.empresa, obra: obraList, roles: current.roles },
        actor.email,
      );
      try {
        if (pool) await admin.updateAccess(pool.username, { obra: obraList });
      } catch (e) {
        throw identityFailure(e);
      }
      return { pessoa: personOf(email, pool, written) };
    }),
  );
}

/** A directory change's result, once committed or undone: no request of this process goes on with the access remembered before it. */
async function forgetAccessAfter<T>(tx: Promise<T>): Promise<T> {
  try {
    return await tx;
  } finally {
    forgetDirectoryAccess();
  }
}

/** A refusal of the identity provider, in the user's words (the transaction is undone by the throw). */
function identityFailure(e: unknown): unknown {
  if (e instanceof ApiError) return e;
  const code = e instanceof IdentityAdminError ? e.code : String((e as { code?: unknown; name?: unknown })?.code ?? (e as { name?: unknown })?.name ?? '');
  if (code === 'UsernameExistsException') {
    return new ApiError(409, 'Já existe uma conta com este e-mail no provedor de identidade. Recarregue a página e tente de novo.');
  }
  if (code === 'InvalidParameterException') {
    return new ApiError(400, 'O provedor de identidade recusou os dados desta pessoa.', { email: ['O provedor de identidade recusou os dados desta pessoa.'] });
  }
  return e;
}
