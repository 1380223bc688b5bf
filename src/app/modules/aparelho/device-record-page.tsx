/**
 * One record kept on the device (/no-aparelho/:id): the merge screen of a conflict (field by field,
 * "No servidor" and "No aparelho", mine chosen until the person picks otherwise) and the reason of
 * a refusal, with the record corrected in its own form ("Corrigir no formulário", issue 36), still
 * copyable and exportable. Nothing typed is dropped silently.
 */
import React, { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Radio, Space, Table, Typography, message } from 'antd';
import { schemaByResource } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { FieldDisplay } from '../../fields/display';
import { editableFields } from '../../fields/options';
import { newId, putRecord, type DeviceRecord } from '../../offline/device-db';
import { notifyDeviceChange } from '../../offline/device-events';
import { canKeepBoth, diffFields, mergeValues, type Choice, type FieldDiff } from '../../offline/merge';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../../use-media-query';
import { flushOutbox } from '../../offline/outbox';
import { discardDeviceRecord, useDeviceRecords } from './device-list-page';
import { StateTag } from './state-tag';
import { recordAsText } from './record-text';
import { reopenOnDevice } from '../../offline/reopen';
import { fieldPathLabel } from '../../fields/field-path';
import { saveBlob } from '../../providers/api-client';

const show = (d: FieldDiff, v: unknown) => <FieldDisplay field={d.field} value={v} />;

function MergeView({ rec, schema }: { rec: DeviceRecord; schema: EntitySchema }) {
  const navigate = useNavigate();
  const theirs = useMemo(() => rec.server ?? {}, [rec.server]);
  const diffs = useMemo(() => diffFields(schema, rec.values, theirs, rec.base), [schema, rec.values, theirs, rec.base]);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const serverLabel = `No servidor${typeof theirs.version === 'number' ? ` (versão ${theirs.version})` : ''}`;
  const pick = (d: FieldDiff) => (
    <Radio.Group
      aria-label={`Ficar com qual valor de ${d.field.label}`}
      value={choices[d.field.name] ?? d.proposed}
      onChange={(e) => setChoices((c) => ({ ...c, [d.field.name]: e.target.value as Choice }))}
      options={[
        { label: 'O meu', value: 'mine' },
        { label: 'O do servidor', value: 'theirs' },
        ...(canKeepBoth(d) ? [{ label: 'Os dois', value: 'both' }] : []),
      ]}
    />
  );
  const send = async () => {
    const values = mergeValues(rec.values, theirs, diffs, choices);
    const baseVersion = typeof theirs.version === 'number' ? theirs.version : rec.baseVersion;
    await putRecord({ ...rec, values, baseVersion, state: 'salvo', key: newId(), server: undefined, reason: undefined, updatedAt: Date.now() });
    notifyDeviceChange();
    void flushOutbox(rec.owner);
    navigate('/no-aparelho');
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        message="Este registro foi alterado no servidor depois que você começou a editá-lo."
        description="Compare campo a campo e escolha o que fica. A sua versão continua no aparelho até você decidir."
      />
      {diffs.length ? (
        phone ? (
          // On a phone, one card per field: the two values one above the other, whole words.
          <Space direction="vertical" style={{ width: '100%' }}>
            {diffs.map((d) => (
              <Card key={d.field.name} size="small" title={<span style={{ whiteSpace: 'normal' }}>{d.field.label}</span>}>
                <Descriptions
                  size="small"
                  column={1}
                  layout="vertical"
                  items={[
                    { key: 'servidor', label: serverLabel, children: show(d, d.theirs) },
                    { key: 'aparelho', label: 'No aparelho (sua versão)', children: show(d, d.mine) },
                  ]}
                />
                {pick(d)}
              </Card>
            ))}
          </Space>
        ) : (
          <Table<FieldDiff>
            rowKey={(d) => d.field.name}
            pagination={false}
            size="small"
            scroll={{ x: true }}
            dataSource={diffs}
            style={{ wordBreak: 'normal', overflowWrap: 'anywhere' }}
            columns={[
              { title: 'Campo', render: (_, d) => d.field.label },
              { title: serverLabel, render: (_, d) => show(d, d.theirs) },
              { title: 'No aparelho (sua versão)', render: (_, d) => show(d, d.mine) },
              { title: 'Ficar com', render: (_, d) => pick(d) },
            ]}
          />
        )
      ) : (
        <Alert type="info" message="Os campos que você editou já têm no servidor os mesmos valores." />
      )}
      <Button type="primary" onClick={() => void send()}>
        Enviar a versão combinada
      </Button>
    </Space>
  );
}

function RefusedView({ rec, schema }: { rec: DeviceRecord; schema: EntitySchema }) {
  const [messageApi, holder] = message.useMessage();
  const navigate = useNavigate();
  // Corrected where it was written: back to its form, with the server's messages on the fields.
  const correct = async () => {
    const to = await reopenOnDevice(rec);
    if (to) navigate(to);
    else void messageApi.error('Este registro não está mais parado no aparelho.');
  };
  const text = recordAsText(schema, rec);
  const copy = async () => {
    // No clipboard outside a secure context (http), or the browser refused: say so, never "Copiado".
    const done = await (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error())).then(
      () => true,
      () => false,
    );
    if (done) void messageApi.success('Copiado para a área de transferência.');
    else void messageApi.error('Não foi possível copiar o texto neste navegador: use "Exportar (JSON)".');
  };
  const exportJson = () => {
    const blob = new Blob([JSON.stringify({ entidade: schema.label, situacao: rec.state, motivo: rec.reason, valores: rec.values }, null, 2)], {
      type: 'application/json',
    });
    saveBlob(blob, `${schema.name}-${rec.id.slice(0, 8)}.json`);
  };
  const retry = async () => {
    await putRecord({ ...rec, state: 'salvo', key: newId(), reason: undefined, errors: undefined, updatedAt: Date.now() });
    notifyDeviceChange();
    void flushOutbox(rec.owner);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {holder}
      <Alert type="error" showIcon message="O servidor recusou este registro." description={rec.reason} />
      {rec.errors ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={Object.entries(rec.errors).map(([k, v]) => ({ key: k, label: fieldPathLabel(schema, k), children: v.join(' ') }))}
        />
      ) : null}
      <Space wrap>
        <Button type="primary" onClick={() => void correct()}>
          Corrigir no formulário
        </Button>
        <Button onClick={() => void copy()}>Copiar texto</Button>
        <Button onClick={exportJson}>Exportar (JSON)</Button>
        <Button onClick={() => void retry()}>Tentar de novo</Button>
      </Space>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={editableFields(schema)
          .filter((f) => rec.values[f.name] !== undefined)
          .map((f) => ({ key: f.name, label: f.label, children: <FieldDisplay field={f} value={rec.values[f.name]} /> }))}
      />
    </Space>
  );
}

export function DeviceRecordPage(): React.ReactElement {
  const { id } = useParams();
  const navigate = useNavigate();
  const { records } = useDeviceRecords();
  const rec = records?.find((r) => r.id === id);
  const schema = rec ? schemaByResource(rec.resource) : undefined;
  if (records && (!rec || !schema)) return <Empty description="Este registro não está mais no aparelho." />;
  return (
    <Card
      loading={!rec}
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {rec?.title ?? 'No aparelho'}
        </Typography.Title>
      }
      extra={rec ? <StateTag rec={rec} /> : null}
    >
      {rec && schema ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {rec.state === 'conflito' ? <MergeView rec={rec} schema={schema} /> : null}
          {rec.state === 'recusado' ? <RefusedView rec={rec} schema={schema} /> : null}
          {rec.state !== 'conflito' && rec.state !== 'recusado' ? <Alert type="info" message="Nada a resolver neste registro." /> : null}
          <Space>
            <Button onClick={() => navigate('/no-aparelho')}>Voltar</Button>
            <Popconfirm
              title="Descartar do aparelho?"
              description="O que foi digitado e as fotos deste registro serão apagados deste aparelho."
              okText="Descartar"
              cancelText="Manter"
              onConfirm={() => discardDeviceRecord(rec).then(() => navigate('/no-aparelho'))}
            >
              <Button danger>Descartar do aparelho</Button>
            </Popconfirm>
          </Space>
        </Space>
      ) : null}
    </Card>
  );
}

export default DeviceRecordPage;
