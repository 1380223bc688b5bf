/**
 * The record's state: a Tag, and the workflow's main path as small Steps with the current state
 * marked. A state off the path (returned, paused, cancelled…) is shown by its Tag alone.
 */
import { useMemo } from 'react';
import { Space, Steps, Typography } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { StateTag } from './state-tag';
import { mainPath } from './states';

export function WorkflowStatusBar({ schema, value }: { schema: EntitySchema; value: unknown }) {
  const path = useMemo(() => (schema.workflow ? mainPath(schema.workflow) : []), [schema.workflow]);
  const current = path.findIndex((s) => s.value === value);
  const fieldLabel = schema.fields.find((f) => f.name === schema.workflow?.field)?.label ?? 'Situação';
  const last = current === path.length - 1;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space size="small" wrap>
        <Typography.Text type="secondary">{fieldLabel}:</Typography.Text>
        <span data-testid="workflow-state">
          <StateTag schema={schema} value={value} />
        </span>
      </Space>
      {current >= 0 && path.length > 1 ? (
        <div role="group" aria-label="Etapas do fluxo">
          <Steps
            size="small"
            current={current}
            // The last state of the path is where the process ends: done, not in progress.
            status={last ? 'finish' : 'process'}
            items={path.map((s) => ({ title: s.label ?? s.value }))}
          />
        </div>
      ) : null}
    </Space>
  );
}
