/**
 * A conversation of child records (a ticket's interactions) as a timeline, newest first: who wrote,
 * when, what kind, whether the client sees it, the text, attachments, the message it answers, and
 * "Responder" / "Excluir" where the viewer's rights allow (Interagir, delete for its responsible).
 */
import React from 'react';
import { Button, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { DeleteButton } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { FieldDisplay } from '../fields/display';
import { formatDateTime, formatPerson } from '../format';
import { Loading } from './loading';

const byName = (schema: EntitySchema, name: string): FieldDef | undefined => schema.fields.find((f) => f.name === name);

function excerpt(text: unknown, max = 80): string {
  const s = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function InteractionTimeline({
  child,
  rows,
  loading,
  onReply,
  canReply,
}: {
  child: EntitySchema;
  rows: BaseRecord[];
  loading: boolean;
  onReply: (r: BaseRecord) => void;
  canReply: boolean;
}): React.ReactElement {
  if (loading && !rows.length) return <Loading label="Carregando" />;
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma interação ainda." />;
  const attachments = child.fields.find((f) => f.kind === 'attachments');
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return (
    <Timeline
      items={rows.map((r) => {
        const answered = r.respostaA !== null && r.respostaA !== undefined ? byId.get(String(r.respostaA)) : undefined;
        const files = attachments ? (r[attachments.name] as unknown[] | undefined) : undefined;
        return {
          key: String(r.id),
          color: r.visivelCliente ? 'blue' : 'gray',
          children: (
            <article aria-label={`Interação de ${formatPerson(r.responsavelRegistro) || 'autor desconhecido'} em ${formatDateTime(r.data)}`}>
              <Space size={4} wrap>
                <Typography.Text strong>{formatPerson(r.responsavelRegistro) || '—'}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(r.data)}</Typography.Text>
                {r.tipo ? <Tag>{String(r.tipo)}</Tag> : null}
                {r.visivelCliente ? <Tag color="blue">Visível ao cliente</Tag> : <Tag>Interna</Tag>}
              </Space>
              {answered ? (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', borderLeft: '3px solid #d9d9d9', paddingLeft: 8 }}>
                  Em resposta a {formatPerson(answered.responsavelRegistro)}: “{excerpt(answered.texto)}”
                </Typography.Paragraph>
              ) : null}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{String(r.texto ?? '')}</Typography.Paragraph>
              {attachments && Array.isArray(files) && files.length ? <FieldDisplay field={attachments} value={files} mode="full" /> : null}
              <Space size={4}>
                {byName(child, 'responsavel') ? <Typography.Text type="secondary">Responsável: {formatPerson(r.responsavel) || '—'}</Typography.Text> : null}
                {canReply ? (
                  <Button size="small" type="link" icon={<MessageOutlined />} onClick={() => onReply(r)}>
                    Responder
                  </Button>
                ) : null}
                <DeleteButton
                  size="small"
                  type="link"
                  resource={child.resource}
                  recordItemId={r.id}
                  meta={{ record: r }}
                  confirmTitle="Excluir esta interação?"
                  confirmOkText="Excluir"
                  confirmCancelText="Cancelar"
                />
              </Space>
            </article>
          ),
        };
      })}
    />
  );
}
