/**
 * The "not found" notice of a record looked up by a field (antd Result with its illustration).
 * Loaded only when shown. The prompt to pick a site is `src/app/views/select-obra-prompt.tsx`.
 */
import { Result } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';

export function RecordNotFound({ schema }: { schema: EntitySchema }) {
  return (
    <Result status="404" title={`${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}`} subTitle="Verifique o endereço ou a obra selecionada." />
  );
}
