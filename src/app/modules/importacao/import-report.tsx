/**
 * The report of a dry run (or of the import): the counts, then each row with what it does or why
 * it is refused, field by field, and an update's before → after; filtered by outcome, paged by the
 * API. Readable at 390 px (a list, not a table).
 */
import React, { useEffect, useState } from 'react';
import { Alert, Button, List, Segmented, Space, Statistic, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { schemaByResource } from '../../../../schemas/index';
import { listSheetFields, listSheetName } from '../../../../schemas/import-layout';
import { ROW_ACTION_LABELS, type ImportDetail, type ImportRowAction, type ImportRowOutcome } from '../../../../resources/importacao';
import { formatValue } from '../../fields/format-value';
import { downloadResult, importRows } from './import-api';

const PAGE = 50;

type Filter = 'todas' | ImportRowAction;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'erro', label: 'Com erro' },
  { value: 'criar', label: 'Novas' },
  { value: 'atualizar', label: 'Alteradas' },
  { value: 'igual', label: 'Sem alteração' },
];

export function Counts({ detail }: { detail: ImportDetail }): React.ReactElement {
  const done = detail.etapa === 'importacao';
  const items = [
    { title: done ? 'Criados' : 'Novos', value: detail.criadas, color: '#389e0d' },
    { title: done ? 'Atualizados' : 'A atualizar', value: detail.atualizadas, color: '#0958d9' },
    { title: 'Sem alteração', value: detail.iguais },
    { title: 'Com erro', value: detail.erros, color: detail.erros ? '#cf1322' : undefined },
    ...(detail.ignoradas ? [{ title: 'Não importadas', value: detail.ignoradas }] : []),
  ];
  return (
    <Space size={[24, 8]} wrap>
      {items.map((i) => (
        <Statistic key={i.title} title={i.title} value={i.value} valueStyle={{ color: i.color, fontSize: 22 }} groupSeparator="." />
      ))}
    </Space>
  );
}

/** A value as the person reads it (the field's pt-BR format), or "vazio". */
function shown(resource: string, name: string, value: unknown): string {
  const field = schemaByResource(resource)?.fields.find((f) => f.name === name);
  if (value === null || value === undefined || value === '') return 'vazio';
  const text = field ? formatValue(field, value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The sheet a list of the entity comes from, when it has one (its value in the file replaces the record's). */
function sheetOf(resource: string, name: string): string | undefined {
  const schema = schemaByResource(resource);
  const field = schema && listSheetFields(schema).find((f) => f.name === name);
  return field && listSheetName(schema, field);
}

function RowDetails({ row, detail }: { row: ImportRowOutcome; detail: ImportDetail }): React.ReactElement | null {
  const label = (name: string) => detail.campos.find((c) => c.name === name)?.label ?? name;
  const errors = Object.entries(row.erros ?? {});
  const changes = Object.entries(row.alteracoes ?? {});
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      {row.acao === 'erro' && !errors.length && row.mensagem ? <Typography.Text type="danger">{row.mensagem}</Typography.Text> : null}
      {row.acao === 'ignorada' && row.mensagem ? <Typography.Text type="secondary">{row.mensagem}</Typography.Text> : null}
      {errors.map(([k, msgs]) => (
        <Typography.Text key={k} type="danger">
          <strong>{label(k)}:</strong> {msgs.join(' ')}
        </Typography.Text>
      ))}
      {changes.map(([k, c]) => (
        <Typography.Text key={k}>
          <strong>{label(k)}:</strong>{' '}
          <Typography.Text delete type="secondary">
            {shown(detail.recurso, k, c.de)}
          </Typography.Text>{' '}
          → {shown(detail.recurso, k, c.para)}
          {sheetOf(detail.recurso, k) ? (
            <Typography.Text type="secondary"> (a lista da aba &quot;{sheetOf(detail.recurso, k)}&quot; substitui a do registro)</Typography.Text>
          ) : null}
        </Typography.Text>
      ))}
    </Space>
  );
}

export function ImportReport({ detail }: { detail: ImportDetail }): React.ReactElement {
  const etapa = detail.etapa ?? 'simulacao';
  const [filter, setFilter] = useState<Filter>(detail.erros ? 'erro' : 'todas');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ linhas: ImportRowOutcome[]; total: number }>({ linhas: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    importRows(detail.id, etapa, { start: (page - 1) * PAGE, end: page * PAGE, acao: filter === 'todas' ? undefined : filter })
      .then((d) => live && (setData(d), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [detail.id, etapa, filter, page, detail.processadas]);
  const getResult = async () => {
    setDownloading(true);
    try {
      await downloadResult(detail.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Counts detail={detail} />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }} className="importacao-filtros">
        {/* Scrolls sideways by itself on a phone, the page does not. */}
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<Filter>
            options={FILTERS}
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPage(1);
            }}
          />
        </div>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void getResult()}>
          Planilha com o resultado
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <List
        size="small"
        bordered
        loading={loading}
        dataSource={data.linhas}
        locale={{ emptyText: filter === 'erro' ? 'Nenhuma linha com erro.' : 'Nenhuma linha.' }}
        pagination={data.total > PAGE ? { current: page, pageSize: PAGE, total: data.total, onChange: setPage, showSizeChanger: false, size: 'small' } : false}
        renderItem={(row) => (
          <List.Item key={row.linha} style={{ display: 'block' }}>
            <Space size={8} wrap style={{ marginBottom: 4 }}>
              <Typography.Text strong>Linha {row.linha}</Typography.Text>
              <Tag color={ROW_ACTION_LABELS[row.acao].color}>{ROW_ACTION_LABELS[row.acao][etapa]}</Tag>
              {row.registroId && etapa === 'importacao' && row.acao !== 'erro' ? <Typography.Text type="secondary">nº {row.registroId}</Typography.Text> : null}
            </Space>
            <RowDetails row={row} detail={detail} />
          </List.Item>
        )}
      />
    </Space>
  );
}
