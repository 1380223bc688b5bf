/**
 * /pendencias, "Minhas pendências": the records waiting for a step of the signed-in user, newest
 * first, each with its entity, title (a link to the record), state, how long it waits and the
 * actions the user can take.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { schemaByResource } from '../../../../schemas/index';
import { formatDateTime, formatDaysAgo } from '../../format';
import { showPath } from '../../workflow/links';
import { StateTag } from '../../workflow/state-tag';
import type { Pendencia } from '../../workflow/types';
import { usePendencias } from './use-pendencias';

const PAGE_SIZE = 20;

export function PendenciaItem({ item }: { item: Pendencia }) {
  const schema = schemaByResource(item.resource);
  const to = showPath(item.resource, item.id);
  const title = item.title || `#${item.id}`;
  return (
    <List.Item>
      <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.label}
          {item.obra ? ` · Obra ${item.obra}` : ''}
        </Typography.Text>
        <Space size={8} wrap>
          {to ? (
            <Link to={to}>
              <Typography.Text strong style={{ color: 'inherit' }}>
                {title}
              </Typography.Text>
            </Link>
          ) : (
            <Typography.Text strong>{title}</Typography.Text>
          )}
          <StateTag schema={schema} value={item.state} />
        </Space>
        <Space size={[4, 4]} wrap>
          <Tooltip title={`Desde ${formatDateTime(item.since)}`}>
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
              {formatDaysAgo(item.since)}
            </Typography.Text>
          </Tooltip>
          {item.transitions.map((label) => (
            <Tag key={label} bordered={false} color="processing" style={{ marginInlineEnd: 0 }}>
              {label}
            </Tag>
          ))}
        </Space>
      </Space>
    </List.Item>
  );
}

export function PendenciasPage() {
  const [page, setPage] = useState(1);
  const { items, total, isLoading, error } = usePendencias(page, PAGE_SIZE);
  return (
    <section aria-labelledby="pendencias-titulo" style={{ maxWidth: 900, margin: '0 auto' }}>
      <Typography.Title level={3} id="pendencias-titulo">
        Minhas pendências
      </Typography.Title>
      <Typography.Paragraph type="secondary">Registros que aguardam uma ação sua{total ? ` (${total})` : ''}.</Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon message="Não foi possível carregar as pendências." description={error.message} />
      ) : (
        <List<Pendencia>
          bordered
          loading={isLoading}
          dataSource={items}
          rowKey={(p) => `${p.resource}/${p.id}`}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada pendente por aqui." /> }}
          pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false, size: 'small' } : false}
          renderItem={(item) => <PendenciaItem item={item} />}
        />
      )}
    </section>
  );
}
