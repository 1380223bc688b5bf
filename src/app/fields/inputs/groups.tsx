/**
 * The form groups of the kinds with sub-fields: `object` (a card of sub-field items) and `rows`
 * (an editable sub-table, `Form.List`; cards on a phone).
 */
import React from 'react';
import { Button, Card, Col, Form, Row, Table, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../../../schemas/kinds';
import { newRow } from '../options';
import { FieldFormItem } from '../form-items';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../../use-media-query';
import { RowPathContext } from './row-path';

/** What a group gets: the field and its form name path. */
export interface GroupInputProps {
  field: FieldDef;
  name: NamePath;
}

function subName(name: NamePath, sub: string | number): (string | number)[] {
  return [...(Array.isArray(name) ? name : [name]), sub];
}

export function ObjectFormItem({ field, name }: GroupInputProps): React.ReactElement {
  return (
    <Form.Item label={field.label} tooltip={field.help} required={field.required} style={{ marginBottom: 8 }}>
      <Card size="small">
        <Row gutter={16}>
          {(field.fields ?? []).map((sub) => (
            <Col key={sub.name} xs={24} md={sub.kind === 'longtext' || sub.kind === 'rows' ? 24 : 12}>
              <FieldFormItem field={sub} name={subName(name, sub.name)} />
            </Col>
          ))}
        </Row>
      </Card>
    </Form.Item>
  );
}

/**
 * Editable sub-table of a `rows` field (Form.List): one line of sub-field inputs per item. On a
 * phone (below 768 px) a table of inputs is wider than the screen: each item is a card instead,
 * its sub-fields stacked with their labels.
 */
export function RowsFormItem({ field, name }: GroupInputProps): React.ReactElement {
  const subs = field.fields ?? [];
  const stacked = useMediaQuery(PHONE_MEDIA_QUERY);
  return (
    <Form.Item label={field.label} tooltip={field.help} required={field.required} style={{ marginBottom: 8 }}>
      <Form.List
        name={name}
        rules={
          field.required
            ? [
                {
                  validator: (_r, v: unknown[] | undefined) =>
                    v && v.length ? Promise.resolve() : Promise.reject(new Error('Adicione pelo menos uma linha.')),
                },
              ]
            : undefined
        }
      >
        {(items, { add, remove }, { errors }) => (
          <>
            {stacked ? (
              <RowCards field={field} name={name} items={items} remove={remove} />
            ) : (
              <Table
                size="small"
                bordered
                pagination={false}
                rowKey="key"
                dataSource={items}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <Typography.Text type="secondary">Nenhuma linha</Typography.Text> }}
                columns={[
                  ...subs.map((sub) => ({
                    key: sub.name,
                    title: (
                      <span>
                        {sub.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
                        {sub.label}
                      </span>
                    ),
                    onCell: () => ({ style: { minWidth: sub.kind === 'text' || sub.kind === 'longtext' ? 180 : 120, verticalAlign: 'top' as const } }),
                    render: (_: unknown, item: { key: number; name: number }) => (
                      <RowPathContext.Provider value={subName(name, item.name)}>
                        <FieldFormItem field={sub} name={[item.name, sub.name]} noLabel />
                      </RowPathContext.Provider>
                    ),
                  })),
                  {
                    key: '_actions',
                    title: '',
                    width: 48,
                    render: (_: unknown, item: { key: number; name: number }) => (
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="Remover linha" title="Remover linha" onClick={() => remove(item.name)} />
                    ),
                  },
                ]}
              />
            )}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newRow(field))} style={{ marginTop: 8 }}>
              Adicionar linha
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The items of a `rows` field as stacked cards ("Linha 1", "Linha 2"…), for phones. */
function RowCards({
  field,
  name,
  items,
  remove,
}: {
  field: FieldDef;
  name: NamePath;
  items: { key: number; name: number }[];
  remove: (index: number) => void;
}): React.ReactElement {
  if (!items.length) return <Typography.Text type="secondary">Nenhuma linha</Typography.Text>;
  return (
    <div role="list" aria-label={field.label} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {items.map((item, i) => (
        <Card
          key={item.key}
          role="listitem"
          size="small"
          title={`Linha ${i + 1}`}
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Remover linha ${i + 1}`}
              title="Remover linha"
              onClick={() => remove(item.name)}
            />
          }
        >
          <RowPathContext.Provider value={subName(name, item.name)}>
            {(field.fields ?? []).map((sub) => (
              <FieldFormItem key={sub.name} field={sub} name={[item.name, sub.name]} itemProps={{ style: { marginBottom: 8 } }} />
            ))}
          </RowPathContext.Provider>
        </Card>
      ))}
    </div>
  );
}
