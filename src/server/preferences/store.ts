/**
 * Each person's own preferences, kept by e-mail: today whether they receive the daily digest of
 * what waits for them (issue 25). A person without a row has the defaults (digest on).
 * `GET/PUT /api/v1/preferencias` read and change the caller's own row only.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import type { PortalUser } from '../../access/user';

export const PREFERENCES_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS preferencia_usuario (
     email text primary key, resumo_diario boolean not null default true,
     atualizado_em timestamptz not null default now())`,
];

export interface Preferences {
  /** Receive the daily e-mail of pending items. */
  resumoDiario: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { resumoDiario: true };

export async function readPreferences(db: Db, email: string): Promise<Preferences> {
  const r = await sql<{ resumo_diario: boolean }>`select resumo_diario from preferencia_usuario where email = ${email.toLowerCase()}`.execute(db);
  return r.rows[0] ? { resumoDiario: r.rows[0].resumo_diario } : { ...DEFAULT_PREFERENCES };
}

/** The body of a PUT: every key known and of its type, or 400 with per-field pt-BR messages. */
function parsePreferences(body: unknown): Partial<Preferences> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const errors: Record<string, string[]> = {};
  const out: Partial<Preferences> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'resumoDiario') {
      if (typeof v === 'boolean') out.resumoDiario = v;
      else errors.resumoDiario = ['Informe sim (true) ou não (false).'];
    } else errors[k] = ['Preferência desconhecida.'];
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Preferências inválidas. Nada foi alterado.', errors);
  if (out.resumoDiario === undefined) throw new ApiError(400, 'Informe a preferência a alterar.', { resumoDiario: ['Campo obrigatório.'] });
  return out;
}

export function preferencesRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  const emailOf = (c: { get: (k: 'user') => unknown }) => {
    const email = (c.get('user') as PortalUser).email?.toLowerCase();
    if (!email) throw new ApiError(403, 'Seu usuário não tem e-mail: não há preferências a guardar.');
    return email;
  };
  r.get('/', async (c) => c.json(await readPreferences(db, emailOf(c))));
  r.put('/', async (c) => {
    const email = emailOf(c);
    const p = parsePreferences(await jsonBody(c.req.raw));
    await db.transaction().execute(async (trx) => {
      await sql`insert into preferencia_usuario (email, resumo_diario) values (${email}, ${p.resumoDiario!})
        on conflict (email) do update set resumo_diario = excluded.resumo_diario, atualizado_em = now()`.execute(trx);
    });
    return c.json(await readPreferences(db, email));
  });
  return r;
}
