/**
 * A list at phone width: one card per record with its title, state, a few listed fields as
 * "Label: valor" lines and its actions (abrir, editar, excluir) as full-size buttons, paged like
 * the table, so nothing needs sideways scrolling.
 */
import React from 'react';
import { Card, List, Space, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { FieldDisplay } from '../fields/display';
import { recordTitle } from '../fields/options';
import { StateTag } from '../workflow/state-tag';
import { useReferenceTitlesPending } from '../fields/reference-titles';
import type { RowActions } from './row-actions';

export interface ListCardsProps {
  schema: EntitySchema;
  /** The rows' buttons (the list's, row-actions.tsx). */
  actions: RowActions;
  fields: FieldDef[];
  rows: BaseRecord[];
  loading: boolean;
  pagination: false | TablePaginationConfig;
  onPage: (page: number, pageSize: number) => void;
}

const CARD_TEXTS = { show: 'Abrir', edit: 'Editar', delete: 'Excluir' };

export function ListCards({ schema, actions, fields, rows, loading, pagination, onPage }: ListCardsProps): React.ReactElement {
  const state = schema.workflow?.field;
  const lines = fields.filter((f) => f.name !== schema.titleField && f.name !== state).slice(0, 4);
  // The cards appear once with their references' titles (a title that arrives later makes a card
  // taller and moves every card under it), and the pagination only with them.
  const titlesPending = useReferenceTitlesPending();
  const waiting = loading || titlesPending;
  return (
    <List<BaseRecord>
      loading={waiting}
      dataSource={waiting ? [] : rows}
      rowKey={(r) => String(r.id)}
      locale={{ emptyText: 'Nenhum registro encontrado' }}
      pagination={
        pagination === false || waiting
          ? false
          : {
              current: pagination.current,
              pageSize: pagination.pageSize,
              total: pagination.total,
              size: 'small',
              align: 'center',
              showSizeChanger: false,
              showTotal: pagination.showTotal,
              onChange: onPage,
            }
      }
      renderItem={(record) => (
        <List.Item style={{ padding: '6px 0', border: 'none' }}>
          <Card
            size="small"
            style={{ width: '100%' }}
            title={
              // A long title wraps instead of running past a phone's edge.
              <Typography.Text strong style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {recordTitle(schema, record)}
              </Typography.Text>
            }
            extra={state ? <StateTag schema={schema} value={record[state]} /> : null}
            actions={actions.buttons(record, CARD_TEXTS, { size: 'middle', type: 'link' })}
          >
            <Space direction="vertical" size={2} style={{ width: '100%' }}>
              {lines.map((f) => (
                <div key={f.name} style={{ display: 'flex', gap: 8, minWidth: 0 }}>
                  <Typography.Text type="secondary" style={{ flex: '0 0 40%' }}>
                    {f.label}
                  </Typography.Text>
                  <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <FieldDisplay field={f} value={record[f.name]} mode="cell" />
                  </span>
                </div>
              ))}
            </Space>
          </Card>
        </List.Item>
      )}
    />
  );
}
