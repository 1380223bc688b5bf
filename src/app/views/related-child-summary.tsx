/** A related record on a phone (src/app/views/related-lists.tsx): its listed fields as "Label: value" lines. */
import { Space, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { EntitySchema, RelatedList } from '../../../schemas/kinds';
import { FieldDisplay } from '../fields/display';
import { StateTag } from '../workflow/state-tag';

/** Phone width: a record as a few "Label: value" lines. */
export function ChildSummary({ child, rel, record }: { child: EntitySchema; rel: RelatedList; record: BaseRecord }) {
  const fields = child.fields.filter((f) => f.list && !f.hidden && f.name !== rel.via && f.name !== child.titleField).slice(0, 4);
  return (
    <Space direction="vertical" size={0}>
      {fields.map((f) => (
        <span key={f.name}>
          <Typography.Text type="secondary">{f.label}: </Typography.Text>
          {f.name === child.workflow?.field ? (
            <StateTag schema={child} value={record[f.name]} />
          ) : (
            <FieldDisplay field={f} value={record[f.name]} mode="cell" />
          )}
        </span>
      ))}
    </Space>
  );
}
