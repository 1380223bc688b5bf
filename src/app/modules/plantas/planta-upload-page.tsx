/**
 * "Nova folha de planta" (issue 42): the create view of the plan sheets. Sheets come from a PDF, each
 * page one sheet: send a PDF to a site (`POST /api/v1/obras/{obra}/plantas`) or mark an engineering
 * document (CRE) as a plan (`POST /api/v1/projetos/{id}/planta`). Sending the same code with a new
 * revision replaces that document's sheets and keeps their pins, flagged. The API checks the file
 * (a PDF, not encrypted, within the size limit, pages within 14,400 pt) and answers per field.
 */
import React, { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Segmented, Select, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import type { FieldDef } from '../../../../schemas/kinds';
import { PLANTA_DISCIPLINAS } from '../../../../schemas/folha-planta';
import type { ResultadoPlanta } from '../../../../resources/plantas';
import type { ViewProps } from '../../views/overrides';
import { FieldFormItem } from '../../fields/form-items';
import { rememberedObra } from '../../providers/layout-services';
import { ApiCallError, UNREACHABLE_MESSAGE, apiCall } from '../../providers/api-client';

type Mode = 'pdf' | 'cre';
/** The API's own base (`/api/v1`): this page posts outside the data provider's resource. */
const post = (path: string, body: FormData | Record<string, never>): Promise<ResultadoPlanta> =>
  apiCall<ResultadoPlanta>(path, { apiUrl: '/api/v1', method: 'POST', body });

const summary = (r: ResultadoPlanta) => {
  const novas = r.folhas.filter((f) => f.situacao === 'nova').length;
  const subst = r.folhas.length - novas;
  const parts = [`${novas} folha${novas === 1 ? '' : 's'} nova${novas === 1 ? '' : 's'}`];
  if (subst) parts.push(`${subst} substituída${subst === 1 ? '' : 's'} pela revisão ${r.revisao}`);
  if (r.pinosMarcados) parts.push(`${r.pinosMarcados} pino${r.pinosMarcados === 1 ? '' : 's'} a confirmar`);
  return parts.join(', ') + '.';
};

export function PlantaUploadPage({ schema }: ViewProps): React.ReactElement {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { open } = useNotification();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<Mode>('pdf');
  const [file, setFile] = useState<File | undefined>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const obraField = schema.fields.find((f) => f.name === 'obra')!;
  // The CRE document as a writable reference (on the sheet it is set by the server).
  const projetoField: FieldDef = { ...schema.fields.find((f) => f.name === 'projeto')!, readOnly: false, required: true, label: 'Documento CRE' };
  const initialObra = params.get('obra') ?? rememberedObra();

  const submit = async (values: Record<string, string | number | undefined>) => {
    setRefusal(undefined);
    setSending(true);
    try {
      let result: ResultadoPlanta;
      if (mode === 'pdf') {
        if (!file) {
          form.setFields([{ name: 'file', errors: ['Selecione o PDF da planta.'] }]);
          return;
        }
        const body = new FormData();
        for (const k of ['codigo', 'titulo', 'disciplina', 'revisao']) if (values[k] !== undefined && values[k] !== '') body.append(k, String(values[k]));
        body.append('file', file, file.name);
        result = await post(`/obras/${encodeURIComponent(String(values.obra ?? ''))}/plantas`, body);
      } else {
        result = await post(`/projetos/${Number(values.projeto)}/planta`, {});
      }
      open?.({ type: 'success', message: 'Planta enviada', description: summary(result) });
      navigate(`/obras/${encodeURIComponent(result.obra)}/plantas`);
    } catch (e) {
      const r = e instanceof ApiCallError ? e : new ApiCallError(UNREACHABLE_MESSAGE, 0);
      setRefusal(r.message);
      const known = new Set(['obra', 'codigo', 'titulo', 'disciplina', 'revisao', 'file', 'projeto']);
      form.setFields(
        Object.entries(r.errors ?? {}).map(([name, errors]) => ({
          name: name === 'arquivo' ? (mode === 'pdf' ? 'file' : 'projeto') : known.has(name) ? name : 'file',
          errors,
        })),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title="Nova folha de planta" style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary">
        Cada página do PDF vira uma folha da obra. Enviar de novo o mesmo código com outra revisão substitui as folhas desse documento e mantém os pinos,
        marcados para confirmar a posição.
      </Typography.Paragraph>
      <Segmented<Mode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'pdf', label: 'Enviar PDF' },
          { value: 'cre', label: 'Documento CRE' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ obra: initialObra, disciplina: 'Geral', revisao: '0' }}>
        {mode === 'pdf' ? (
          <>
            <FieldFormItem field={{ ...obraField, required: true }} />
            <Form.Item name="file" label="Arquivo PDF" required>
              <Upload.Dragger
                accept="application/pdf,.pdf"
                maxCount={1}
                beforeUpload={(f) => {
                  setFile(f);
                  form.setFields([{ name: 'file', errors: [] }]);
                  return false;
                }}
                onRemove={() => setFile(undefined)}
                fileList={file ? [{ uid: 'pdf', name: file.name, status: 'done' }] : []}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">Clique ou arraste o PDF da planta</p>
              </Upload.Dragger>
            </Form.Item>
            <Space wrap style={{ width: '100%' }} align="start">
              <Form.Item name="codigo" label="Código" rules={[{ required: true, message: 'Informe o código.' }]} tooltip="Várias páginas recebem -01, -02…">
                <Input maxLength={60} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name="revisao" label="Revisão">
                <Input maxLength={5} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name="disciplina" label="Disciplina">
                <Select style={{ width: 170 }} options={PLANTA_DISCIPLINAS.map((d) => ({ value: d, label: d }))} />
              </Form.Item>
            </Space>
            <Form.Item name="titulo" label="Título" tooltip="Padrão: o nome do arquivo.">
              <Input maxLength={200} />
            </Form.Item>
          </>
        ) : (
          <FieldFormItem field={projetoField} />
        )}
        <Button type="primary" htmlType="submit" loading={sending}>
          {mode === 'pdf' ? 'Enviar planta' : 'Marcar como planta'}
        </Button>
      </Form>
    </Card>
  );
}
