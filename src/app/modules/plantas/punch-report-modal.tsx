/**
 * The punch list's report of a site (issue 42): the filters (company, discipline, states) and
 * "Baixar PDF" (the items the person reads, as the API builds them), and, for whoever manages the
 * site's items, "Enviar à empresa": the company's open items e-mailed to it as a PDF, to its
 * registered e-mail or to the addresses typed. The API checks every right and every value; its
 * refusals show on their fields.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import type { EnvioRelatorioItensResposta } from '../../../../resources/plantas';
import { FieldInput } from '../../fields/form-items';
import { ApiCallError, apiCall, downloadFile } from '../../providers/api-client';
import { usePode } from '../../access/pode';
import { notify } from '../../providers/toast-store';

interface Filters {
  empresa?: string | null;
  disciplina?: string | null;
  status?: string[];
}

interface Envio {
  para?: string[];
  mensagem?: string;
}

/** The report's address for these filters. */
export function reportPath(obra: string, f: Filters): string {
  const q = new URLSearchParams();
  if (f.empresa !== undefined && f.empresa !== null && f.empresa !== '') q.set('empresa', String(f.empresa));
  if (f.disciplina) q.set('disciplina', f.disciplina);
  for (const s of f.status ?? []) q.append('status', s);
  const qs = q.toString();
  return `/obras/${encodeURIComponent(obra)}/itens-verificacao/relatorio.pdf${qs ? `?${qs}` : ''}`;
}

const fieldOf = (schema: EntitySchema, name: string): FieldDef | undefined => schema.fields.find((f) => f.name === name);

export function PunchReportModal({ schema, obra, onClose }: { schema: EntitySchema; obra: string; onClose: () => void }) {
  const [filters] = Form.useForm<Filters>();
  const [envio] = Form.useForm<Envio>();
  const [busy, setBusy] = useState<'pdf' | 'send' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const maySend = usePode({ I: 'update', a: 'ItemVerificacao', this: { obra } });
  const empresa = fieldOf(schema, 'empresaResponsavel');
  const disciplina = fieldOf(schema, 'disciplina');
  const states = (schema.workflow?.states ?? []).map((s) => s.value);

  const refused = (e: unknown, form: typeof filters | typeof envio) => {
    const err = e instanceof ApiCallError ? e : null;
    setError(err?.message ?? (e as Error).message);
    if (err) form.setFields(Object.entries(err.errors).map(([name, errors]) => ({ name: name as never, errors })));
  };

  const download = async () => {
    setBusy('pdf');
    setError(null);
    try {
      await downloadFile(reportPath(obra, filters.getFieldsValue()), `itens-verificacao-obra-${obra}.pdf`, { fallback: 'Não foi possível gerar o relatório.' });
    } catch (e) {
      refused(e, filters);
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    const company = filters.getFieldValue('empresa') as Filters['empresa'];
    if (company === undefined || company === null || company === '') {
      filters.setFields([{ name: 'empresa', errors: ['Escolha a empresa que recebe o relatório.'] }]);
      return;
    }
    const { para, mensagem } = envio.getFieldsValue();
    setBusy('send');
    setError(null);
    try {
      const r = await apiCall<EnvioRelatorioItensResposta>(`/obras/${encodeURIComponent(obra)}/itens-verificacao/relatorio/enviar`, {
        body: { empresa: String(company), ...(para?.length ? { para } : {}), ...(mensagem?.trim() ? { mensagem: mensagem.trim() } : {}) },
        fallback: 'Não foi possível enviar o relatório.',
      });
      notify({ type: 'success', title: `Relatório com ${r.itens} ${r.itens === 1 ? 'item em aberto' : 'itens em aberto'} enviado para ${r.para.join(', ')}.` });
      onClose();
    } catch (e) {
      const err = e instanceof ApiCallError ? e : null;
      if (err?.errors.empresa) filters.setFields([{ name: 'empresa', errors: err.errors.empresa }]);
      refused(e, envio);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open title={`Relatório de itens de verificação — obra ${obra}`} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Typography.Paragraph type="secondary">
        Cada item com o recorte da planta em volta do pino, as fotos e o histórico. Sem filtro, todos os itens da obra que você pode ver.
      </Typography.Paragraph>
      <Form form={filters} layout="vertical" onValuesChange={() => setError(null)}>
        {empresa && (
          <Form.Item name="empresa" label="Empresa responsável">
            <FieldInput field={empresa} aria-label="Empresa responsável" />
          </Form.Item>
        )}
        {disciplina && (
          <Form.Item name="disciplina" label="Disciplina">
            <FieldInput field={disciplina} aria-label="Disciplina" />
          </Form.Item>
        )}
        <Form.Item name="status" label="Situação">
          <Select mode="multiple" allowClear aria-label="Situação" placeholder="Todas" options={states.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button type="primary" icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void download()}>
          Baixar PDF
        </Button>
        {maySend && !sending && (
          <Button icon={<SendOutlined />} onClick={() => setSending(true)}>
            Enviar à empresa
          </Button>
        )}
      </Space>
      {maySend && sending && (
        <Form form={envio} layout="vertical" style={{ marginTop: 16 }} onValuesChange={() => setError(null)}>
          <Typography.Paragraph>
            Envia à empresa escolhida acima os itens dela ainda em aberto nesta obra (Aberto, Em correção, Reaberto), em PDF.
          </Typography.Paragraph>
          <Form.Item name="para" label="Destinatários" extra="Em branco: o e-mail cadastrado da empresa.">
            <Select mode="tags" aria-label="Destinatários" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} placeholder="nome@empresa.com.br" />
          </Form.Item>
          <Form.Item name="mensagem" label="Mensagem">
            <Input.TextArea rows={3} maxLength={2000} showCount aria-label="Mensagem" />
          </Form.Item>
          <Space>
            <Button type="primary" icon={<SendOutlined />} loading={busy === 'send'} onClick={() => void send()}>
              Enviar
            </Button>
            <Button onClick={() => setSending(false)}>Cancelar</Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
