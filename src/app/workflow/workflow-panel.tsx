/**
 * What the show page of a record with a workflow puts above its fields: its state and its steps.
 * The region takes focus (not by Tab) once a confirmed step is taken: its button is gone (confirm-focus.ts).
 */
import { Card, Space } from 'antd';
import type { BaseKey, BaseRecord } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { WorkflowStatusBar } from './status-bar';
import { TransitionButtons } from './transition-buttons';

export function WorkflowPanel({ schema, id, record }: { schema: EntitySchema; id: BaseKey; record: BaseRecord }) {
  if (!schema.workflow) return null;
  return (
    <Card size="small" role="region" aria-label="Situação e ações" tabIndex={-1}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <WorkflowStatusBar schema={schema} value={record[schema.workflow.field]} />
        <TransitionButtons schema={schema} id={id} record={record} />
      </Space>
    </Card>
  );
}
