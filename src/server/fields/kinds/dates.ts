/** Date kinds: a calendar day (`date`, 'aaaa-mm-dd') and a moment (`timestamptz`, ISO 8601). */
import { VALIDATION_MESSAGES as M } from '../../../../schemas/messages';
import { isValidDate, isValidDateTime } from '../dates';
import type { FieldKindServer } from '../types';
import { ORDERED_OPERATORS } from './number';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const date: FieldKindServer = {
  sqlType: () => 'date',
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: () => ({ type: 'string', format: 'date' }),
  validate(_field, raw, ctx) {
    if (typeof raw !== 'string') return ctx.error(M.date);
    // A moment sent for a day keeps its day ('2026-03-01T00:00:00Z' → '2026-03-01').
    const s = raw.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(raw) ? raw.slice(0, 10) : raw;
    return DATE.test(s) && isValidDate(s) ? s : ctx.error(M.date);
  },
  filterValueError: (_, value, shown) => (isValidDate(value) ? undefined : `Data inválida no filtro: "${shown}" (use aaaa-mm-dd).`),
  filterOperators: () => ORDERED_OPERATORS,
  sortable: true,
  index: 'btree',
};

export const datetime: FieldKindServer = {
  sqlType: () => 'timestamptz',
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: () => ({ type: 'string', format: 'date-time' }),
  validate(_field, raw, ctx) {
    if (typeof raw !== 'string' || !isValidDateTime(raw.trim())) return ctx.error(M.datetime);
    return new Date(raw.trim().replace(' ', 'T')).toISOString();
  },
  // A day alone is a filter on a moment too ('created_at_gte=2026-03-01').
  filterValueError: (_, value, shown) => (isValidDate(value) || isValidDateTime(value) ? undefined : `Data inválida no filtro: "${shown}".`),
  filterOperators: () => ORDERED_OPERATORS,
  sortable: true,
  index: 'btree',
};
