/**
 * Holidays administrators add to the business calendar (`schemas/feriado.ts`, issue 25). Refused
 * with a 400 per field, nothing stored: a city holiday without its city, or a second holiday on the
 * same date and scope (the company, or the same city ignoring case and accents). A company holiday
 * keeps no city. The calendar cache drops on the table's write notice (src/server/sla/calendar-config.ts).
 */
import { sql } from 'kysely';
import { registerEntityHooks, type WriteRule } from '../../crud/hooks-registry';
import { ApiError } from '../../http/errors';
import { sameCity } from '../../sla/calendar-config';
import { formatDateBr } from '../../time';

const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : '');

const checkHoliday: WriteRule = async ({ trx, after, before }) => {
  const errors: Record<string, string[]> = {};
  const data = day(after.data);
  const cidade = typeof after.cidade === 'string' ? after.cidade.trim() : '';
  const isCity = after.abrangencia === 'Cidade';
  if (isCity && !cidade) errors.cidade = ['Informe a cidade do feriado municipal.'];
  if (data && !errors.cidade) {
    // Two holidays of one date written at once: the second waits for the first, then sees it.
    await sql`select pg_advisory_xact_lock(hashtext(${`feriado:${data}`}))`.execute(trx);
    const r = await sql<{ id: number; nome: string; abrangencia: string; cidade: string | null }>`
      select id, nome, abrangencia, cidade from feriado where data = ${data}::date and id is distinct from ${before?.id ?? null}`.execute(trx);
    const clash = r.rows.find((x) => (isCity ? x.abrangencia === 'Cidade' && sameCity(x.cidade, cidade) : x.abrangencia !== 'Cidade'));
    if (clash) {
      const scope = isCity ? `na cidade ${cidade}` : 'para a empresa';
      errors.data = [`Já existe um feriado em ${formatDateBr(data)} ${scope}: ${clash.nome}.`];
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os campos do feriado.', errors);
  return { cidade: isCity ? cidade : null };
};

registerEntityHooks('feriado', { beforeChange: checkHoliday });
