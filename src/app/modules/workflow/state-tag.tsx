/** A workflow state as an antd Tag in its declared colour, with its label. */
import { Tag } from 'antd';
import type { EntitySchema } from '../../../../schemas/kinds';
import { stateColor, stateLabel } from './states';

export function StateTag({ schema, value }: { schema: EntitySchema | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Tag color={stateColor(schema, value)} style={{ marginInlineEnd: 0 }}>
      {stateLabel(schema, value)}
    </Tag>
  );
}
