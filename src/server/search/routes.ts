/**
 * `GET /api/v1/busca?q=&modulo=&limite=` (issue 39): one search across every module the person may
 * list. Validation (pt-BR 400 per parameter): `q` at most 200 characters (empty: an empty answer;
 * only punctuation: an empty answer with a note), `modulo` one or more REST resources separated by
 * commas (unknown or without search: 400; one the person may not list: 403), `limite` 1 to 50.
 */
import { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../../resources/search';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { MAX_QUERY_LENGTH } from './parse';
import { searchParts } from './parts';
import { search } from './search';

type Errors = Record<string, string[]>;
const one = (values: string[] | undefined, name: string, errors: Errors): string | undefined => {
  if (values && values.length > 1) errors[name] = [`Informe "${name}" uma vez só.`];
  return values?.[0];
};

export function parseSearchQuery(query: Record<string, string[]>, schemas: readonly EntitySchema[]) {
  const errors: Errors = {};
  const q = one(query.q, 'q', errors) ?? '';
  if (q.includes('\u0000')) errors.q = ['O texto de busca tem um caractere inválido.'];
  else if (q.length > MAX_QUERY_LENGTH) errors.q = [`Texto de busca longo demais (máximo de ${MAX_QUERY_LENGTH} caracteres).`];
  const rawLimit = one(query.limite, 'limite', errors);
  const limite = rawLimit === undefined || rawLimit === '' ? SEARCH_DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limite) || limite < 1 || limite > SEARCH_MAX_LIMIT) errors.limite = [`Informe um número inteiro de 1 a ${SEARCH_MAX_LIMIT}.`];
  let modulos: EntitySchema[] | undefined;
  const rawModules = (query.modulo ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (rawModules.length) {
    modulos = [];
    for (const name of [...new Set(rawModules)].slice(0, 60)) {
      const s = schemas.find((x) => x.resource === name);
      if (!s) (errors.modulo ??= []).push(`Módulo desconhecido: "${name.slice(0, 60)}".`);
      else if (!searchParts(s).length) (errors.modulo ??= []).push(`O módulo "${s.labelPlural}" não tem busca.`);
      else modulos.push(s);
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Busca inválida.', errors);
  return { q, limite, modulos };
}

export function searchRoutes(db: Db, schemas: () => EntitySchema[]) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const all = schemas();
    const req = parseSearchQuery(c.req.queries(), all);
    return c.json(await search(db, all, actorOf(c), req));
  });
  return r;
}
