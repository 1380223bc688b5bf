/**
 * `GET /api/v1/empresas-pendentes[?situacao=pendente|resolvida|descartada|todas]`: the company texts
 * the migration could not match to a registered company (src/server/modules/empresa.ts), with the
 * record they came from; `POST /:id/resolver { empresa: cnpj }` sets the record's field to that
 * company (checked against the field's kind of company), `POST /:id/descartar` leaves it empty.
 * Administrators only (`manage` on `Empresa`).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { isValidCnpj, normalizeCnpj } from '../../../schemas/shared/cnpj';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { referenceFilterError } from '../crud/reference-filter';
import { refFilterEntries } from '../../../schemas/ref-filter';
import { actorOf, jsonBody } from '../crud/routes';
import { PENDING_TABLE, pendingTarget, resolvePending, tableExists, type PendingRow } from './empresa';

/** The administrators' list of pending values and its two answers. */
export function pendingCompanyRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  const admin = (c: { get: (k: 'ability') => AppEnv['Variables']['ability'] }) => {
    if (!c.get('ability').can('manage', 'Empresa')) throw new ApiError(403, 'Somente administradores resolvem os valores de empresa não reconhecidos.');
  };
  const one = async (q: Db, raw: string): Promise<PendingRow> => {
    if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'Pendência não encontrada.');
    if (!(await tableExists(q, PENDING_TABLE))) throw new ApiError(404, 'Pendência não encontrada.');
    const r = await sql<PendingRow>`SELECT * FROM ${sql.table(PENDING_TABLE)} WHERE id = ${Number(raw)} FOR UPDATE`.execute(q);
    if (!r.rows[0]) throw new ApiError(404, 'Pendência não encontrada.');
    if (r.rows[0].situacao !== 'pendente') throw new ApiError(409, 'Esta pendência já foi tratada.');
    return r.rows[0];
  };
  r.get('/', async (c) => {
    admin(c);
    const situacao = c.req.query('situacao') ?? 'pendente';
    if (!['pendente', 'resolvida', 'descartada', 'todas'].includes(situacao)) {
      throw new ApiError(400, 'Situação inválida.', { situacao: ['Use pendente, resolvida, descartada ou todas.'] });
    }
    // Paged like every list (`_start`/`_end`, at most 200 rows), the total in x-total-count.
    const start = Number(c.req.query('_start') ?? 0);
    const end = Number(c.req.query('_end') ?? start + 50);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end - start > 200) {
      throw new ApiError(400, 'Página inválida.', { _end: ['Use _start ≥ 0 e _end > _start, até 200 linhas por página.'] });
    }
    if (!(await tableExists(db, PENDING_TABLE))) {
      c.header('x-total-count', '0');
      return c.json([]);
    }
    const r = await sql<PendingRow & { em: string; total: string }>`SELECT *, count(*) OVER () AS total FROM ${sql.table(PENDING_TABLE)}
      WHERE ${situacao} = 'todas' OR situacao = ${situacao} ORDER BY tabela, campo, registro_id, id
      OFFSET ${start} LIMIT ${end - start}`.execute(db);
    let total = r.rows.length ? Number(r.rows[0].total) : 0;
    if (!r.rows.length && start > 0) {
      const n = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(PENDING_TABLE)} WHERE ${situacao} = 'todas' OR situacao = ${situacao}`.execute(
        db,
      );
      total = Number(n.rows[0].n);
    }
    c.header('x-total-count', String(total));
    return c.json(
      r.rows.map(({ total: _total, ...p }) => {
        const t = pendingTarget(p);
        const tipos = (t && refFilterEntries(t.field).find(([name]) => name === 'tipo')?.[1]) || [];
        return {
          ...p,
          id: Number(p.id),
          registro_id: Number(p.registro_id),
          recurso: t?.schema.resource ?? null,
          entidade: t?.schema.label ?? p.tabela,
          campoRotulo: t?.field.label ?? p.campo,
          // The kinds of company the field accepts: one ('Fornecedor') or several (a contract's counterparty).
          tiposExigidos: tipos,
          tipoExigido: tipos.length ? tipos.join(' ou ') : null,
        };
      }),
    );
  });
  r.post('/:id/resolver', async (c) => {
    admin(c);
    const body = (await jsonBody(c.req.raw)) as Record<string, unknown>;
    const raw = body?.empresa;
    if (typeof raw !== 'string' || !raw.trim())
      throw new ApiError(400, 'Informe a empresa à qual este valor corresponde.', { empresa: ['Campo obrigatório.'] });
    if (!isValidCnpj(raw)) throw new ApiError(400, 'CNPJ inválido.', { empresa: ['CNPJ inválido.'] });
    const cnpj = normalizeCnpj(raw);
    return db.transaction().execute(async (trx) => {
      const p = await one(trx, c.req.param('id'));
      const target = pendingTarget(p);
      if (!target) throw new ApiError(409, 'O campo desta pendência não existe mais.');
      const error = await referenceFilterError(trx, target.field, cnpj);
      if (error) throw new ApiError(400, error, { empresa: [error] });
      if (!(await resolvePending(trx, p, cnpj, actorOf(c).email, true))) throw new ApiError(409, 'O registro desta pendência não existe mais.');
      return c.json({ ...p, id: Number(p.id), registro_id: Number(p.registro_id), situacao: 'resolvida', empresa: cnpj });
    });
  });
  r.post('/:id/descartar', async (c) => {
    admin(c);
    const p = await one(db, c.req.param('id'));
    await sql`UPDATE ${sql.table(PENDING_TABLE)} SET situacao = 'descartada', resolvida_em = now(), resolvida_por = ${actorOf(c).email} WHERE id = ${p.id}`.execute(
      db,
    );
    return c.json({ ...p, id: Number(p.id), registro_id: Number(p.registro_id), situacao: 'descartada' });
  });
  return r;
}
