/**
 * The "Identificação" card of the checklist fill page (checklist-fill-page.tsx): the work order,
 * the template, the date and the person filling it, with the load error and the field errors.
 */
import React from 'react';
import { Alert, Card, Col, DatePicker, Empty, Form, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../fields/form-items';
import type { Template } from './checklist-fill-model';
import type { useChecklistSources } from './use-checklist-sources';

export function ChecklistIdentificationCard({
  sources,
  osId,
  template,
  data,
  executante,
  errorOf,
  onOsChange,
  onTemplateChange,
  onDataChange,
}: {
  sources: ReturnType<typeof useChecklistSources>;
  osId: number | undefined;
  /** The chosen template, when it is among the site's valid ones. */
  template: Template | undefined;
  /** yyyy-mm-dd, or '' when cleared. */
  data: string;
  executante: string | undefined;
  errorOf: (name: string) => string | undefined;
  onOsChange: (id: number) => void;
  onTemplateChange: (id: number) => void;
  onDataChange: (date: string) => void;
}): React.ReactElement {
  const { orders, templates, osList, order, templateList } = sources;
  const osInvalid = !!osId && !orders.query.isLoading && !order;
  return (
    <Card size="small" title="Identificação">
      {orders.query.isError || templates.query.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="Não foi possível carregar as ordens de serviço ou os modelos."
          description={(orders.query.error ?? templates.query.error)?.message}
        />
      ) : null}
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Ordem de serviço"
              htmlFor="ck-os"
              required
              validateStatus={errorOf('os') || osInvalid ? 'error' : undefined}
              help={errorOf('os') ?? (osInvalid ? 'A OS do endereço não é desta obra ou desta área: escolha outra.' : undefined)}
            >
              <Select<number>
                id="ck-os"
                showSearch
                optionFilterProp="label"
                loading={orders.query.isLoading}
                placeholder="Selecione a OS"
                value={order ? osId : undefined}
                onChange={onOsChange}
                options={osList.map((o) => ({ value: o.id, label: `${o.numero} – ${o.titulo ?? ''}${o.status ? ` (${o.status})` : ''}` }))}
                notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma ordem de serviço desta obra" />}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Modelo de checklist"
              htmlFor="ck-template"
              required
              validateStatus={errorOf('template') ? 'error' : undefined}
              help={errorOf('template')}
            >
              <Select<number>
                id="ck-template"
                showSearch
                optionFilterProp="label"
                loading={templates.query.isLoading}
                placeholder="Selecione o modelo"
                value={template?.id}
                onChange={onTemplateChange}
                options={templateList.map((t) => ({
                  value: t.id,
                  label: `${t.nome}${t.versao ? ` (v${t.versao})` : ''}${t.obra ? ` · obra ${t.obra}` : ''}`,
                }))}
                notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum modelo ativo para esta obra" />}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Data" htmlFor="ck-data" required validateStatus={errorOf('data') ? 'error' : undefined} help={errorOf('data')}>
              <DatePicker
                id="ck-data"
                format={DATE_FORMAT}
                value={data ? dayjs(data) : null}
                onChange={(d) => onDataChange(d ? d.format('YYYY-MM-DD') : '')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Executante">
              <Typography.Text>{executante}</Typography.Text>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
