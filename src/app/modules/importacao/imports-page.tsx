/**
 * "Importações" (issue 38): the person's spreadsheet imports (an administrator may see everyone's),
 * newest first: file, entity, who, when, where it stands and its counts, the result file; "Abrir"
 * resumes the import's wizard (report, import, progress). A list of cards, readable at 390 px.
 */
import React, { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, List, Progress, Space, Switch, Tag, Typography } from 'antd';
import { DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { isRunning, SITUATION_COLORS, type ImportDetail, type ImportSummary } from '../../../../resources/importacao';
import { formatDateTime } from '../../format';
import { Pode } from '../../access/pode';
import { downloadResult, getImport, listImports } from './import-api';
import { ImportWizard } from './import-wizard';

const PAGE_SIZE = 20;

function countsText(i: ImportSummary): string {
  const parts = [
    i.criadas ? `${i.criadas.toLocaleString('pt-BR')} novo(s)` : '',
    i.atualizadas ? `${i.atualizadas.toLocaleString('pt-BR')} atualizado(s)` : '',
    i.iguais ? `${i.iguais.toLocaleString('pt-BR')} sem alteração` : '',
    i.erros ? `${i.erros.toLocaleString('pt-BR')} com erro` : '',
    i.ignoradas ? `${i.ignoradas.toLocaleString('pt-BR')} não importada(s)` : '',
  ].filter(Boolean);
  return parts.join(' · ') || `${i.total.toLocaleString('pt-BR')} linha(s)`;
}

export function ImportsPage(): React.ReactElement {
  const [todas, setTodas] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ itens: ImportSummary[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<ImportDetail | null>(null);
  const load = useCallback(() => {
    listImports({ start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE, todas })
      .then((d) => (setData(d), setError(null)))
      .catch((e: Error) => setError(e.message));
  }, [page, todas]);
  useEffect(() => load(), [load]);
  const running = data?.itens.some((i) => isRunning(i.situacao));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(load, 2000);
    return () => clearInterval(timer);
  }, [running, load]);
  return (
    <Card title="Importações">
      <Typography.Paragraph type="secondary">
        As planilhas que você importou, com o resultado de cada uma. Para importar, use "Importar planilha" na lista do cadastro.
      </Typography.Paragraph>
      <Pode I="manage" a="all">
        <Space style={{ marginBottom: 12 }}>
          <Switch
            checked={todas}
            onChange={(v) => {
              setTodas(v);
              setPage(1);
            }}
            aria-label="Mostrar as importações de todas as pessoas"
          />
          <Typography.Text>Mostrar as de todas as pessoas</Typography.Text>
        </Space>
      </Pode>
      {error ? <Alert type="error" showIcon message="Não foi possível carregar as importações." description={error} /> : null}
      <List<ImportSummary>
        loading={!data && !error}
        dataSource={data?.itens ?? []}
        locale={{ emptyText: 'Nenhuma importação ainda.' }}
        pagination={
          (data?.total ?? 0) > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: data?.total, onChange: setPage, showSizeChanger: false } : false
        }
        renderItem={(i) => (
          <List.Item key={i.id} style={{ display: 'block' }}>
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Space size={8} wrap>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {i.arquivo}
                </Typography.Text>
                <Tag color={SITUATION_COLORS[i.situacao]}>{i.situacaoTexto}</Tag>
              </Space>
              <Typography.Text type="secondary">
                {i.entidade} · {i.pessoaNome ?? i.pessoa} · {formatDateTime(i.criadoEm)}
              </Typography.Text>
              {isRunning(i.situacao) ? (
                <Progress percent={i.total ? Math.floor((i.processadas / i.total) * 100) : 0} size="small" status="active" />
              ) : (
                <Typography.Text>{countsText(i)}</Typography.Text>
              )}
              {i.mensagem && !isRunning(i.situacao) ? <Typography.Text type="secondary">{i.mensagem}</Typography.Text> : null}
              <Space wrap>
                <Button size="small" icon={<FolderOpenOutlined />} onClick={() => void getImport(i.id).then(setOpen)}>
                  Abrir
                </Button>
                {i.etapa ? (
                  <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadResult(i.id).catch((e: Error) => setError(e.message))}>
                    Resultado
                  </Button>
                ) : null}
              </Space>
            </Space>
          </List.Item>
        )}
      />
      {open ? (
        <ImportWizard
          resource={open.recurso}
          label={open.entidade}
          initial={open}
          onClose={() => {
            setOpen(null);
            load();
          }}
        />
      ) : null}
    </Card>
  );
}
