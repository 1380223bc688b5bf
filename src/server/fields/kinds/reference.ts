/**
 * A reference to a record of `ref`: its id (`bigint`), or with `refKey` another key of it (`text`).
 * Which target records may be chosen (`refFilter`) is checked by the engine (src/server/crud/reference-filter.ts).
 */
import { maxLengthOf, ID_MAX } from '../../../../schemas/shared/limits';
import { allowedValuesText, refFilterEntries } from '../../../../schemas/ref-filter';
import { refKeyOf, type FieldKindServer } from '../types';
import { ORDERED_OPERATORS, toNumber, wholeFilterError } from './number';
import { TEXT_OPERATORS } from './text';

const INVALID = 'Selecione um registro válido.';

export const reference: FieldKindServer = {
  sqlType: (field) => (refKeyOf(field) === 'id' ? 'bigint' : 'text'),
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema(field) {
    if (refKeyOf(field) === 'id') return { type: 'integer', minimum: 1, maximum: ID_MAX, description: `id de um registro de ${field.ref}.` };
    return {
      type: 'string',
      maxLength: maxLengthOf(field),
      description:
        [`${field.refKey} de um registro de ${field.ref}`, ...refFilterEntries(field).map(([name, values]) => `com ${name} ${allowedValuesText(values)}`)].join(
          ' ',
        ) + '.',
      ...(field.refFilter ? { 'x-refFilter': Object.fromEntries(refFilterEntries(field)) } : {}),
    };
  },
  validate(field, raw, ctx) {
    if (refKeyOf(field) === 'id') {
      const n = toNumber(raw);
      if (n === undefined || !Number.isInteger(n) || n <= 0 || n > ID_MAX) return ctx.error(INVALID);
      return n;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') return ctx.error(INVALID);
    if (String(raw).trim().length > maxLengthOf(field)) return ctx.error(INVALID);
    return String(raw).trim();
  },
  filterValueError: (field, value, shown) => (refKeyOf(field) === 'id' ? wholeFilterError(value, shown, ID_MAX) : undefined),
  filterOperators: (field) => (refKeyOf(field) === 'id' ? ORDERED_OPERATORS : TEXT_OPERATORS),
  sortable: true,
  index: 'btree',
};
