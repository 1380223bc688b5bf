/**
 * `/api/v1/visoes`: the saved views of the lists (issue 39).
 * - `GET /visoes?lista=` the views of a list the caller sees (theirs, and those shared with one of
 *   their roles or sites), their default, and whether they may share (403: a list they cannot read);
 * - `POST /visoes` a new view (shared with `papeis`/`obras` only by the entity's administrators:
 *   staff with an unconditional `manage` on its subject, as for its configuration; the inbox's:
 *   those who `manage` everything);
 * - `PATCH /visoes/{id}` with the `version` read (409 when stale), `DELETE /visoes/{id}`: the owner
 *   only (403 on a view shared with them, 404 on another person's private view);
 * - `PUT /visoes/padrao` `{ lista, visao }`: the caller's default of a list (null: none);
 * - `GET /visoes/menu` every list's views the caller sees, for the menu.
 * Declared in resources/saved-views.ts: their shape is checked there, the list, the state and the
 * sharing here (parse.ts).
 */
import type { Context } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import { alterarVisao, criarVisao, definirVisaoPadrao, excluirVisao, listarVisoes, menuDeVisoes } from '../../../resources/saved-views';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError, type FieldErrors } from '../http/errors';
import { declaredRouter } from '../http/declared-route';
import { canConfigure } from '../schema-config/routes';
import { listTargetOf, parseShares, parseState, refuse, type ListTarget } from './parse';
import { createView, deleteView, listViews, menuViews, setDefault, updateView, visibleView, type Viewer } from './store';

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
  const { router, add } = declaredRouter('/visoes');

  /** The list as a target the caller may read; `errors` gets the message of an unknown one. */
  const targetOf = (c: Context<AppEnv>, lista: string, errors: FieldErrors): ListTarget | undefined => {
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
  const idOf = (raw: string) => {
    if (!ID.test(raw)) throw new ApiError(404, 'Visão não encontrada.');
    return Number(raw);
  };

  add(listarVisoes, async (c, req) => {
    const errors: FieldErrors = {};
    const { lista } = req.query();
    const target = targetOf(c, lista, errors);
    refuse(errors, listarVisoes.invalid);
    const { visoes, padrao } = await listViews(db, viewerOf(c), lista);
    return req.reply(200, { lista, podeCompartilhar: mayShare(c, target!), padrao, visoes });
  });

  /** Every list's views the person sees, for the menu: none of a list they may not read. */
  add(menuDeVisoes, async (c, req) => {
    const viewer = viewerOf(c);
    const ability = c.get('ability');
    const readable = (lista: string) => {
      const target = listTargetOf(lista, schemas());
      return typeof target !== 'string' && (target.kind === 'inbox' || ability.can('read' as never, target.schema.subject as never));
    };
    return req.reply(200, { listas: await menuViews(db, viewer, readable) });
  });

  add(criarVisao, async (c, req) => {
    const body = await req.body();
    const errors: FieldErrors = {};
    const target = targetOf(c, body.lista, errors);
    const estado = target ? parseState(body.estado, target, schemas(), errors) : undefined;
    const papeis = parseShares(body.papeis, 'papeis', errors) ?? [];
    const obras = parseShares(body.obras, 'obras', errors) ?? [];
    refuse(errors, criarVisao.invalid);
    const viewer = viewerOf(c);
    if ((papeis.length || obras.length) && !mayShare(c, target!))
      throw new ApiError(403, 'Só os administradores desta lista compartilham visões com papéis ou obras.');
    const view = await createView(db, viewer, { lista: body.lista, nome: body.nome, estado: estado!, papeis, obras });
    return req.reply(201, view);
  });

  add(definirVisaoPadrao, async (c, req) => {
    const { lista, visao } = await req.body();
    const errors: FieldErrors = {};
    targetOf(c, lista, errors);
    refuse(errors, definirVisaoPadrao.invalid);
    const padrao = await setDefault(db, viewerOf(c), lista, visao);
    return req.reply(200, { lista, visao: padrao });
  });

  add(alterarVisao, async (c, req) => {
    const id = idOf(req.params.id);
    const viewer = viewerOf(c);
    // The list (for the state's check and the sharing right) is the view's own.
    const lista = (await visibleView(db, viewer, id)).lista;
    const body = await req.body();
    const errors: FieldErrors = {};
    const target = targetOf(c, lista, errors);
    const estado = body.estado === undefined || !target ? undefined : parseState(body.estado, target, schemas(), errors);
    const papeis = parseShares(body.papeis, 'papeis', errors);
    const obras = parseShares(body.obras, 'obras', errors);
    refuse(errors, alterarVisao.invalid);
    const view = await updateView(db, viewer, id, { version: body.version, nome: body.nome, estado, papeis, obras }, () => mayShare(c, target!));
    return req.reply(200, view);
  });

  add(excluirVisao, async (c, req) => {
    const view = await deleteView(db, viewerOf(c), idOf(req.params.id));
    return req.reply(200, { id: view.id, mensagem: `Visão "${view.nome}" excluída.` });
  });
  return router;
}
