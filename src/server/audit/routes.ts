/**
 * The audit trail's API (issue 35), mounted at `/api/v1/auditoria`:
 * - `GET /` — the entries (docs in src/server/openapi/audit-paths.ts), for whoever reads
 *   `Auditoria` (administrators and the controllership; never an external user): a page with
 *   `x-total-count`, or with `formato=xlsx|csv` the file of every filtered entry (the export is
 *   itself an entry);
 * - `POST /falhas-entrada` (no session; `auditFailureRoutes`) — a failed sign-in at a real Cognito,
 *   reported by the app (sign-in-failures.ts).
 */
import { Hono, type Context } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { externalKindOf } from '../../access/user';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../crud/routes';
import { LIST_MAX } from '../crud/list-query';
import { todayIso } from '../time';
import { recordAccessEvent } from './access-events';
import { auditPage, hiddenModules, parseAuditFilters, type AuditFilters } from './query';
import { auditCsv, auditXlsx, exportFileName, type ExportFormat } from './export';
import { reasonOfCognitoError } from './sign-in-failures';

/** Most entries one export carries. */
export const EXPORT_MAX = 50_000;
export const AUDIT_FORBIDDEN = 'A auditoria é só para os administradores e a controladoria.';

function assertReader(c: Context<AppEnv>): void {
  if (externalKindOf(c.get('user')) || !c.get('ability').can('read', 'Auditoria')) throw new ApiError(403, AUDIT_FORBIDDEN);
}

function pageOf(c: Context<AppEnv>): { offset: number; limit: number } {
  const int = (k: string, d: number) => {
    const v = c.req.query(k);
    if (v === undefined || v === '') return d;
    if (!/^\d{1,7}$/.test(v)) throw new ApiError(400, 'Paginação inválida.', { [k]: ['Use um número inteiro maior ou igual a 0.'] });
    return Number(v);
  };
  const offset = int('_start', 0);
  const end = int('_end', offset + 50);
  if (end < offset || end - offset > LIST_MAX) throw new ApiError(400, 'Paginação inválida.', { _end: [`De 0 a ${LIST_MAX} registros por página.`] });
  return { offset, limit: end - offset };
}

const filtersForEntry = (f: AuditFilters) =>
  Object.fromEntries(Object.entries({ ...f, tipo: f.tipos?.join(','), tipos: undefined }).filter(([, v]) => v !== undefined && v !== ''));

export function auditRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    assertReader(c);
    const filters = parseAuditFilters((k) => c.req.query(k));
    const hidden = hiddenModules(c.get('ability'));
    const formato = c.req.query('formato');
    if (formato !== undefined && formato !== 'xlsx' && formato !== 'csv') throw new ApiError(400, 'Formato inválido.', { formato: ['Use xlsx ou csv.'] });
    if (!formato) {
      const page = await auditPage(db, filters, hidden, pageOf(c));
      c.header('x-total-count', String(page.total));
      if (page.atLeast) c.header('x-total-count-at-least', 'true');
      return c.json(page.rows);
    }
    const all = await auditPage(db, filters, hidden, { offset: 0, limit: EXPORT_MAX + 1 }, 0);
    if (all.rows.length > EXPORT_MAX) {
      throw new ApiError(400, `A exportação passaria de ${EXPORT_MAX.toLocaleString('pt-BR')} linhas: restrinja o período ou os filtros.`);
    }
    const format = formato as ExportFormat;
    await recordAccessEvent(db, {
      tipo: 'exportacao',
      usuario: c.get('user').email,
      recurso: 'auditoria',
      detalhes: { formato: format, filtros: filtersForEntry(filters), total: all.rows.length },
    });
    const name = exportFileName(format, todayIso());
    const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'private, no-store' };
    if (format === 'csv') return c.body(auditCsv(all.rows), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
    const bytes = await auditXlsx(all.rows);
    return c.body(bytes as unknown as ArrayBuffer, 200, { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });
  return r;
}

/** `POST /falhas-entrada`, before the authentication; `accept` false: answered, nothing recorded (the identity stack records its own). */
export function auditFailureRoutes(db: Db, opts: { accept: boolean }) {
  const r = new Hono<AppEnv>();
  // At most 10 reports per address in 15 minutes (this process).
  const limiter = new RateLimiterMemory({ points: 10, duration: 15 * 60 });
  r.post('/falhas-entrada', async (c) => {
    const body = (await jsonBody(c.req.raw)) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const codigo = typeof body.codigo === 'string' ? body.codigo.slice(0, 100) : '';
    const mensagem = typeof body.mensagem === 'string' ? body.mensagem.slice(0, 300) : '';
    const errors: Record<string, string[]> = {};
    if (!email || email.length > 200 || !email.includes('@')) errors.email = ['Informe o e-mail usado na tentativa.'];
    if (!codigo) errors.codigo = ['Informe o código do erro do provedor de identidade.'];
    if (Object.keys(errors).length) throw new ApiError(400, 'Dados inválidos.', errors);
    try {
      await limiter.consume(clientIp(c) || 'desconhecido');
    } catch {
      return c.json({ message: 'Muitas tentativas registradas deste endereço. Tente mais tarde.', statusCode: 429 }, 429, { 'Retry-After': '900' });
    }
    if (opts.accept) {
      await recordAccessEvent(db, {
        tipo: 'falha_entrada',
        usuario: email,
        motivo: reasonOfCognitoError(codigo, mensagem),
        detalhes: { origem: 'app', codigo },
      });
    }
    return c.body(null, 204);
  });
  return r;
}
