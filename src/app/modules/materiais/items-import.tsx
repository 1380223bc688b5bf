/**
 * "Importar itens" on a materials list's page (issue 38): while the list is in elaboration and the
 * person may edit it, a drawer with the items' template, the file, the choice between adding the
 * items after the list's and replacing them, the dry run's report (lines with errors, per field) and
 * "Importar", which writes them in one update of the list with the version the dry run showed.
 */
import React, { useState } from 'react';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Alert, Button, Drawer, Grid, List, Radio, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { MaterialItemsMode, MaterialItemsReport } from '../../../../resources/material-itens-importacao';
import { usePodeCheck } from '../../access/pode';
import { notify } from '../../providers/toast-store';
import { canEditHere } from '../../workflow/can-edit';
import { downloadItemsTemplate, importItems, simulateItems } from './items-import-api';

/** The state in which a list's items are drawn up (src/server/import/material-items.ts). */
export const ELABORATION_STATE = 'EM ELABORAÇÃO';
const ITEMS_FIELD = 'itens';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

interface ErrorRow {
  key: string;
  linha: number;
  campo: string;
  mensagem: string;
}

function Report({ report, labels }: { report: MaterialItemsReport; labels: Map<string, string> }): React.ReactElement {
  const rows: ErrorRow[] = report.erros.flatMap((e) =>
    Object.entries(e.erros).flatMap(([campo, msgs]) =>
      msgs.map((m, i) => ({ key: `${e.linha}-${campo}-${i}`, linha: e.linha, campo: labels.get(campo) ?? campo, mensagem: m })),
    ),
  );
  const summary =
    `${plural(report.linhas, 'linha', 'linhas')} na planilha: ${plural(report.validas, 'válida', 'válidas')}, ${plural(report.comErro, 'com erro', 'com erro')}. ` +
    `A lista tem ${plural(report.itensAntes, 'item', 'itens')} e ficará com ${plural(report.itensDepois, 'item', 'itens')}.`;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Alert
        type={report.comErro ? 'warning' : 'success'}
        showIcon
        message={report.comErro ? 'Corrija as linhas com erro e envie a planilha de novo' : 'Simulação sem erros: nada foi gravado ainda'}
        description={summary}
      />
      {report.avisos.length ? <List size="small" header="Avisos" dataSource={report.avisos} renderItem={(a) => <List.Item>{a}</List.Item>} /> : null}
      {rows.length ? (
        <Table<ErrorRow>
          size="small"
          rowKey="key"
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          dataSource={rows}
          caption="Linhas com erro"
          columns={[
            { title: 'Linha', dataIndex: 'linha', width: 72 },
            { title: 'Campo', dataIndex: 'campo', width: 140 },
            { title: 'Mensagem', dataIndex: 'mensagem' },
          ]}
        />
      ) : null}
    </Space>
  );
}

export function ItemsImportDrawer({ schema, record, onClose }: { schema: EntitySchema; record: BaseRecord; onClose: () => void }): React.ReactElement {
  const screens = Grid.useBreakpoint();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<MaterialItemsMode>('acrescentar');
  const [report, setReport] = useState<MaterialItemsReport | null>(null);
  const [busy, setBusy] = useState<'simulando' | 'importando' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record.id as string | number;
  const labels = new Map((schema.fields.find((f) => f.name === ITEMS_FIELD)?.fields ?? []).map((f) => [f.name, f.label]));

  const simulate = (f: File, m: MaterialItemsMode) => {
    setBusy('simulando');
    setError(null);
    setReport(null);
    simulateItems(id, f, m)
      .then(setReport)
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(null));
  };
  const run = () => {
    if (!file || !report) return;
    setBusy('importando');
    setError(null);
    importItems(id, file, mode, report.version)
      .then(async (done) => {
        notify({
          type: 'success',
          title: `${plural(done.linhas, 'item importado', 'itens importados')} de ${done.arquivo}. A lista tem agora ${plural(done.itensDepois, 'item', 'itens')}.`,
        });
        await invalidate({ resource: schema.resource, invalidates: ['all'], id });
        onClose();
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(null));
  };

  return (
    <Drawer open title="Importar itens da planilha" width={screens.md ? 720 : '100%'} onClose={onClose} destroyOnClose>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Envie uma planilha <strong>.xlsx</strong> ou um arquivo <strong>.csv</strong> com os itens, um por linha, e os nomes das colunas na primeira linha (
          {[...labels.values()].join(', ')}). Números com vírgula decimal (1.234,56) são aceitos.
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadItemsTemplate(id).catch((e: Error) => setError(e.message))}>
          Baixar modelo de itens
        </Button>
        <Radio.Group
          aria-label="Como importar os itens"
          value={mode}
          disabled={!!busy}
          onChange={(e) => {
            const m = e.target.value as MaterialItemsMode;
            setMode(m);
            if (file) simulate(file, m);
          }}
        >
          <Space direction="vertical">
            <Radio value="acrescentar">Acrescentar aos itens da lista</Radio>
            <Radio value="substituir">Substituir todos os itens da lista</Radio>
          </Space>
        </Radio.Group>
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={!!busy}
          beforeUpload={(f) => {
            setFile(f);
            simulate(f, mode);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {busy === 'simulando' ? 'Simulando a importação…' : file ? `${file.name} — clique para trocar` : 'Clique ou arraste a planilha para cá'}
          </p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon message="Não foi possível importar" description={error} /> : null}
        {report ? <Report report={report} labels={labels} /> : null}
        <Space wrap>
          <Button type="primary" disabled={!report || report.comErro > 0 || !!busy} loading={busy === 'importando'} onClick={run}>
            Importar
          </Button>
          <Button onClick={onClose}>Fechar</Button>
        </Space>
      </Space>
    </Drawer>
  );
}

/** The button, shown only while the list is in elaboration and the person may edit it. */
export function ItemsImportButton({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement | null {
  const pode = usePodeCheck();
  const [open, setOpen] = useState(false);
  const state = schema.workflow ? record[schema.workflow.field] : ELABORATION_STATE;
  if (state !== ELABORATION_STATE || !canEditHere(schema, record, pode)) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Importar itens
      </Button>
      {open ? <ItemsImportDrawer schema={schema} record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
