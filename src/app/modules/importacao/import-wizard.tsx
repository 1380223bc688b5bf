/**
 * "Importar planilha" (issue 38): upload → columns → dry-run report → import → progress, in a
 * drawer over the list. Each step follows from the import's situation on the server, so the person
 * may close it and come back (the "Importações" screen opens the same wizard).
 */
import React, { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Drawer, Grid, List, Progress, Radio, Result, Select, Space, Steps, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { isRunning, type ImportDetail } from '../../../../resources/importacao';
import { schemaByResource } from '../../../../schemas/index';
import { importKeyFields, listSheetFields, listSheetName } from '../../../../schemas/import-layout';
import { cancelImport, downloadTemplate, formatSeconds, getImport, runImport, simulate, uploadSheet } from './import-api';
import { ImportReport } from './import-report';
import { acceptFor, isScheduleFile, SCHEDULE_RESOURCE, ScheduleTargetFields, type ScheduleTarget } from './schedule-target';

type Step = 'enviar' | 'colunas' | 'simulando' | 'relatorio' | 'importando' | 'resultado';
const STEPS: { key: Step[]; title: string }[] = [
  { key: ['enviar'], title: 'Arquivo' },
  { key: ['colunas'], title: 'Colunas' },
  { key: ['simulando', 'relatorio'], title: 'Simulação' },
  { key: ['importando', 'resultado'], title: 'Importação' },
];

export function stepOf(d: ImportDetail | null): Step {
  if (!d) return 'enviar';
  if (d.situacao === 'enviada') return 'colunas';
  if (d.situacao === 'simulando') return 'simulando';
  if (d.situacao === 'importando') return 'importando';
  if (d.etapa === 'importacao') return 'resultado';
  return 'relatorio';
}

function UploadStep({
  resource,
  label,
  schedule,
  onDone,
}: {
  resource: string;
  label: string;
  schedule?: ScheduleTarget;
  onDone: (d: ImportDetail) => void;
}): React.ReactElement {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<ScheduleTarget>(schedule ?? {});
  const schema = schemaByResource(resource);
  const sheets = schema ? listSheetFields(schema) : [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Envie uma planilha <strong>.xlsx</strong> ou um arquivo <strong>.csv</strong> com os nomes das colunas na primeira linha. Uma exportação desta lista,
        editada no Excel, volta com as mesmas colunas. Até 50.000 linhas e 20 MB.
      </Typography.Paragraph>
      {schema && sheets.length ? (
        <Typography.Paragraph style={{ marginBottom: 0 }} type="secondary">
          As listas ({sheets.map((f) => listSheetName(schema, f)).join(', ')}) vêm de abas próprias do .xlsx, uma por lista: as colunas{' '}
          {importKeyFields(schema)
            .map((k) => k.label)
            .join(' + ')}{' '}
          ligam cada linha ao seu registro, e a lista da aba substitui a do registro. Um .csv não tem abas: com ele, as listas ficam como estão.
        </Typography.Paragraph>
      ) : null}
      <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(resource).catch((e: Error) => setError(e.message))}>
        Baixar modelo de {label.toLowerCase()}
      </Button>
      {resource === SCHEDULE_RESOURCE ? <ScheduleTargetFields value={target} fixed={schedule} onChange={setTarget} /> : null}
      <Upload.Dragger
        accept={acceptFor(resource)}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          setBusy(true);
          setError(null);
          uploadSheet(resource, file, resource === SCHEDULE_RESOURCE && isScheduleFile(file.name) ? { ...target, ...schedule } : undefined)
            .then(onDone)
            .catch((e: Error) => setError(e.message))
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? 'Lendo a planilha…' : 'Clique ou arraste a planilha para cá'}</p>
      </Upload.Dragger>
      {error ? <Alert type="error" showIcon message="Arquivo recusado" description={error} /> : null}
    </Space>
  );
}

const ROLE_NOTE: Record<string, string> = {
  chave: 'identifica o registro',
  situacao: 'situação: só administradores mudam',
  somenteLeitura: 'preenchido pelo portal: não é importado',
  naoImportavel: 'lista ou arquivos: não é importado',
};

function MappingStep({
  detail,
  onBack,
  onSimulate,
}: {
  detail: ImportDetail;
  onBack: () => void;
  onSimulate: (m: Record<string, string | null>) => Promise<void>;
}) {
  const [mapping, setMapping] = useState<Record<string, string | null>>(() => Object.fromEntries(detail.colunas.map((c) => [c.coluna, c.campo])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const used = new Set(Object.values(mapping).filter(Boolean));
  const missing = detail.campos.filter((f) => f.obrigatorio && !used.has(f.name));
  const options = (current: string | null) => [
    { value: '', label: 'Ignorar esta coluna' },
    ...detail.campos
      .filter((f) => f.name === current || !used.has(f.name))
      .map((f) => ({ value: f.name, label: `${f.label}${f.obrigatorio ? ' *' : ''}${ROLE_NOTE[f.papel] ? ` (${ROLE_NOTE[f.papel]})` : ''}` })),
  ];
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSimulate(mapping);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text>
        <strong>{detail.arquivo}</strong>: {detail.total.toLocaleString('pt-BR')} linha(s) de dados. Confira para qual campo vai cada coluna.
      </Typography.Text>
      {detail.notas.length ? (
        <Alert
          type="warning"
          showIcon
          message="Sobre o arquivo"
          description={detail.notas.map((n) => (
            <div key={n}>{n}</div>
          ))}
        />
      ) : null}
      {missing.length ? (
        <Alert
          type="info"
          showIcon
          message={`Campos obrigatórios sem coluna: ${missing.map((f) => f.label).join(', ')}.`}
          description="Registros novos precisam deles."
        />
      ) : null}
      <List
        size="small"
        bordered
        dataSource={detail.colunas}
        renderItem={(c) => (
          <List.Item key={c.coluna} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            <span style={{ flex: '1 1 160px', minWidth: 0 }}>
              <Tag>{c.letra}</Tag>
              <Typography.Text strong>{c.coluna}</Typography.Text>
            </span>
            <Select
              aria-label={`Campo da coluna ${c.coluna}`}
              style={{ flex: '1 1 220px', minWidth: 0 }}
              value={mapping[c.coluna] ?? ''}
              options={options(mapping[c.coluna] ?? null)}
              showSearch
              optionFilterProp="label"
              onChange={(v: string) => setMapping((m) => ({ ...m, [c.coluna]: v || null }))}
            />
          </List.Item>
        )}
      />
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Space wrap>
        <Button onClick={onBack}>Enviar outro arquivo</Button>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          Simular importação
        </Button>
      </Space>
    </Space>
  );
}

function Running({ detail, onCancel }: { detail: ImportDetail; onCancel: () => void }): React.ReactElement {
  const percent = detail.total ? Math.floor((detail.processadas / detail.total) * 100) : 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text strong>{detail.situacao === 'simulando' ? 'Simulando (nada é gravado)…' : 'Importando…'}</Typography.Text>
      <Progress percent={percent} status="active" aria-label="Progresso da importação" />
      <Typography.Text>
        {detail.processadas.toLocaleString('pt-BR')} de {detail.total.toLocaleString('pt-BR')} linhas
        {detail.restanteSegundos !== null ? ` · faltam cerca de ${formatSeconds(detail.restanteSegundos)}` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">Pode fechar esta janela: a importação continua e fica em "Importações".</Typography.Text>
      <Button danger onClick={onCancel}>
        Cancelar
      </Button>
    </Space>
  );
}

function ImportChoice({ detail, onImport }: { detail: ImportDetail; onImport: (modo: 'tudo' | 'validas') => Promise<void> }) {
  const [modo, setModo] = useState<'tudo' | 'validas'>(detail.erros ? 'validas' : 'tudo');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nothing = detail.criadas + detail.atualizadas === 0;
  if (detail.situacao !== 'simulada') return detail.mensagem ? <Alert type="warning" showIcon message={detail.mensagem} /> : null;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Alert type={detail.erros ? 'warning' : 'success'} showIcon message={detail.mensagem ?? 'Simulação concluída.'} />
      <Radio.Group value={modo} onChange={(e) => setModo(e.target.value as 'tudo' | 'validas')}>
        <Space direction="vertical">
          <Radio value="tudo" disabled={detail.erros > 0}>
            Tudo ou nada{detail.erros ? ' (corrija as linhas com erro antes)' : ' (recomendado)'}
          </Radio>
          <Radio value="validas">Só as linhas válidas</Radio>
        </Space>
      </Radio.Group>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Button
        type="primary"
        disabled={nothing}
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          onImport(modo)
            .catch((e: Error) => setError(e.message))
            .finally(() => setBusy(false));
        }}
      >
        {nothing ? 'Nada a importar' : `Importar ${(detail.criadas + detail.atualizadas).toLocaleString('pt-BR')} registro(s)`}
      </Button>
    </Space>
  );
}

export interface ImportWizardProps {
  resource: string;
  label: string;
  /** An existing import to resume (from "Importações"). */
  initial?: ImportDetail | null;
  /** The EAP screen's site and area, where an MS Project schedule goes. */
  schedule?: ScheduleTarget;
  onClose: () => void;
}

export function ImportWizard({ resource, label, initial = null, schedule, onClose }: ImportWizardProps): React.ReactElement {
  const [detail, setDetail] = useState<ImportDetail | null>(initial);
  const step = stepOf(detail);
  const screens = Grid.useBreakpoint();
  const running = !!detail && isRunning(detail.situacao);
  useEffect(() => {
    if (!detail || !running) return;
    const timer = setInterval(() => {
      getImport(detail.id)
        .then(setDetail)
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [detail?.id, running]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = useMemo(() => STEPS.findIndex((s) => s.key.includes(step)), [step]);
  return (
    <Drawer open title={`Importar planilha — ${label}`} width={screens.md ? 880 : '100%'} onClose={onClose} destroyOnClose>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Steps
          size="small"
          current={current}
          items={STEPS.map((s) => ({ title: s.title }))}
          responsive={false}
          direction={screens.sm ? 'horizontal' : 'vertical'}
        />
        {step === 'enviar' ? <UploadStep resource={resource} label={label} schedule={schedule} onDone={setDetail} /> : null}
        {step === 'colunas' && detail ? (
          <MappingStep detail={detail} onBack={() => setDetail(null)} onSimulate={async (m) => setDetail(await simulate(detail.id, m))} />
        ) : null}
        {(step === 'simulando' || step === 'importando') && detail ? (
          <Running detail={detail} onCancel={() => void cancelImport(detail.id).then(setDetail)} />
        ) : null}
        {step === 'relatorio' && detail ? (
          <>
            <ImportChoice detail={detail} onImport={async (modo) => setDetail(await runImport(detail.id, modo))} />
            <ImportReport detail={detail} />
            <Button onClick={() => setDetail(null)}>Enviar outro arquivo</Button>
          </>
        ) : null}
        {step === 'resultado' && detail ? (
          <>
            <Result
              status={detail.situacao === 'concluida' ? 'success' : detail.situacao === 'cancelada' ? 'warning' : 'error'}
              title={detail.situacao === 'concluida' ? 'Importação concluída' : detail.situacao === 'cancelada' ? 'Importação cancelada' : 'Nada foi importado'}
              subTitle={detail.mensagem}
              style={{ padding: '8px 0' }}
              extra={
                <Link to="/importacoes" onClick={onClose}>
                  Ver importações
                </Link>
              }
            />
            <ImportReport detail={detail} />
          </>
        ) : null}
      </Space>
    </Drawer>
  );
}
