/** Yes/no (`boolean`). */
import { VALIDATION_MESSAGES as M } from '../../../../schemas/messages';
import type { FieldKindServer } from '../types';

export const boolean: FieldKindServer = {
  sqlType: () => 'boolean',
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: () => ({ type: 'boolean' }),
  validate(_field, raw, ctx) {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    return ctx.error(M.boolean);
  },
  filterValueError: (_, value) => (value === 'true' || value === 'false' ? undefined : 'Use true ou false no filtro.'),
  filterOperators: () => ['eq', 'ne'],
  sortable: true,
  index: 'btree',
};
