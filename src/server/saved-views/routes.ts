/**
 * `/api/v1/visoes`: the saved views of the lists (issue 39).
 * - `GET /visoes?lista=` the views of a list the caller sees (theirs, and those shared with one of
 *   their roles or sites), their default, and whether they may share (403: a list they cannot read);
 * - `POST /visoes` a new view (shared with `papeis`/`obras` only by the entity's administrators:
 *   staff with an unconditional `manage` on its subject, as for its configuration; the inbox's:
 *   those who `manage` everything);
 * - `PATCH /visoes/{id}` with the `version` read (409 when stale), `DELETE /visoes/{id}`: the owner
 *   only (403 on a view shared with them, 404 on another person's private view);
 * - `PUT /visoes/padrao` `{ lista, visao }`: the caller's default of a list (null: none).
 */
import { Hono, type Context } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { SavedViewsAnswer } from '../../../resources/saved-views';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError, type FieldErrors } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { canConfigure } from '../schema-config/routes';
import { bodyObject, listTargetOf, parseName, parseShares, parseState, refuse, type ListTarget } from './parse';
import { createView, deleteView, listViews, setDefault, updateView, visibleView, type Viewer } from './store';

const ID = /^[1-9]\d{0,14}$/;

function viewerOf(c: Context<AppEnv>): Viewer {
  const user = c.get('user');
  const email = user.email?.trim().toLowerCase();
  if (!email) throw new ApiError(403, 'Seu usuário não tem e-mail: não há visões a guardar.');
  // External users see their own views only: a view the staff share with a site or a role is the team's (decision 29).
  if (isExternalUser(user)) return { email, name: user.name ?? '', roles: [], obras: [] };
  return { email, name: user.name ?? '', roles: user.roles ?? [], obras: [...new Set([...(user.obra ?? []), ...(user.obrasSubstituto ?? [])])] };
}

/** May this person share views of the list? */
export function mayShareList(user: PortalUser, ability: AppAbility, target: ListTarget): boolean {
  if (target.kind === 'entity') return canConfigure(user, ability, target.schema);
  if (isExternalUser(user)) return false;
  return ability.rulesFor('manage' as never, 'all' as never).some((r) => !r.inverted && !r.conditions && !r.fields);
}

export function savedViewRoutes(db: Db, schemas: () => EntitySchema[]) {
  const r = new Hono<AppEnv>();

  /** The list as a target the caller may read; `errors` gets the message of an unknown one. */
  const targetOf = (c: Context<AppEnv>, lista: unknown, errors: FieldErrors): ListTarget | undefined => {
    const target = listTargetOf(lista, schemas());
    if (typeof target === 'string') {
      errors.lista = [target];
      return undefined;
    }
    if (target.kind === 'entity' && !c.get('ability').can('read' as never, target.schema.subject as never))
      throw new ApiError(403, `Você não tem acesso à lista de ${target.schema.labelPlural}.`);
    return target;
  };
  const mayShare = (c: Context<AppEnv>, target: ListTarget) => mayShareList(c.get('user'), c.get('ability'), target);
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!ID.test(id)) throw new ApiError(404, 'Visão não encontrada.');
    return Number(id);
  };

  r.get('/', async (c) => {
    const errors: FieldErrors = {};
    const values = c.req.queries('lista') ?? [];
    if (values.length > 1) errors.lista = ['Informe "lista" uma vez só.'];
    const target = errors.lista ? undefined : targetOf(c, values[0], errors);
    refuse(errors, 'Consulta de visões inválida.');
    const viewer = viewerOf(c);
    const lista = values[0];
    const { visoes, padrao } = await listViews(db, viewer, lista);
    return c.json({ lista, podeCompartilhar: mayShare(c, target!), padrao, visoes } satisfies SavedViewsAnswer);
  });

  r.post('/', async (c) => {
    const errors: FieldErrors = {};
    const body = bodyObject(await jsonBody(c.req.raw), ['lista', 'nome', 'estado', 'papeis', 'obras'], errors);
    const target = targetOf(c, body.lista, errors);
    const nome = parseName(body.nome, errors);
    const estado = target ? parseState(body.estado, target, schemas(), errors) : undefined;
    const papeis = parseShares(body.papeis, 'papeis', errors) ?? [];
    const obras = parseShares(body.obras, 'obras', errors) ?? [];
    refuse(errors);
    const viewer = viewerOf(c);
    if ((papeis.length || obras.length) && !mayShare(c, target!))
      throw new ApiError(403, 'Só os administradores desta lista compartilham visões com papéis ou obras.');
    const view = await createView(db, viewer, { lista: body.lista as string, nome: nome!, estado: estado!, papeis, obras });
    return c.json(view, 201);
  });

  r.put('/padrao', async (c) => {
    const errors: FieldErrors = {};
    const body = bodyObject(await jsonBody(c.req.raw), ['lista', 'visao'], errors);
    targetOf(c, body.lista, errors);
    const visao = body.visao;
    if (visao !== null && !(typeof visao === 'number' && Number.isInteger(visao) && visao > 0 && visao < 1e15))
      errors.visao = ['Informe o número da visão, ou null para nenhuma.'];
    refuse(errors, 'Visão padrão não definida.');
    const padrao = await setDefault(db, viewerOf(c), body.lista as string, visao as number | null);
    return c.json({ lista: body.lista as string, visao: padrao });
  });

  r.patch('/:id', async (c) => {
    const id = idOf(c);
    const errors: FieldErrors = {};
    const body = bodyObject(await jsonBody(c.req.raw), ['version', 'nome', 'estado', 'papeis', 'obras'], errors);
    const version = body.version;
    if (!(typeof version === 'number' && Number.isInteger(version) && version > 0)) errors.version = ['Informe a versão da visão que você leu (version).'];
    const viewer = viewerOf(c);
    // The list (for the state's check and the sharing right) is the view's own.
    const lista = (await visibleView(db, viewer, id)).lista;
    const target = targetOf(c, lista, errors);
    const nome = body.nome === undefined ? undefined : parseName(body.nome, errors);
    const estado = body.estado === undefined || !target ? undefined : parseState(body.estado, target, schemas(), errors);
    const papeis = parseShares(body.papeis, 'papeis', errors);
    const obras = parseShares(body.obras, 'obras', errors);
    refuse(errors, 'Visão não alterada. Verifique os campos.');
    const view = await updateView(db, viewer, id, { version: version as number, nome, estado, papeis, obras }, () => mayShare(c, target!));
    return c.json(view);
  });

  r.delete('/:id', async (c) => {
    const view = await deleteView(db, viewerOf(c), idOf(c));
    return c.json({ id: view.id, mensagem: `Visão "${view.nome}" excluída.` });
  });
  return r;
}
