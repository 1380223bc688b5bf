/**
 * The defaults of a new record, one definition wherever a record is created (the entity's own page
 * or a dialog opened from a site's page): the people of the site's responsibility matrix
 * (use-matrix-defaults.ts) and what a chosen reference copies, as soon as it is chosen (a
 * materials list's template items, copied-values.tsx). The API applies the same rules to values
 * left absent. Rendered inside the create form.
 */
import type { FormInstance } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { CopiedValues } from './copied-values';
import { useMatrixDefaults } from './use-matrix-defaults';

export function CreateDefaults({ schema, form, obra }: { schema: EntitySchema; form: FormInstance; obra: unknown }): React.ReactElement {
  useMatrixDefaults(schema, form, obra, true);
  return <CopiedValues schema={schema} form={form} enabled />;
}
