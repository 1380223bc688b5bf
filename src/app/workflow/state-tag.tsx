/**
 * A workflow state as an antd Tag in its declared colour, with its label. The text takes the
 * darkest useful shade of that colour (palette 9), so it reads at AA contrast on the tag's light
 * background (antd's preset text shade 7 does not, e.g. gold at 2.75:1).
 */
import { Tag, theme } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { stateColor, stateLabel } from './states';

export function StateTag({ schema, value }: { schema: EntitySchema | undefined; value: unknown }) {
  const { token } = theme.useToken();
  if (value === null || value === undefined || value === '') return null;
  const color = stateColor(schema, value);
  const text = (token as unknown as Record<string, string | undefined>)[`${color}9`];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, ...(text ? { color: text } : {}) }}>
      {stateLabel(schema, value)}
    </Tag>
  );
}
