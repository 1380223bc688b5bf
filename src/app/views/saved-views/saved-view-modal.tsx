/**
 * The dialog of a saved view (issue 39): its name, and for those who may share, the roles and sites
 * it is shared with; "Salvar nova visão" adds "Usar como padrão nesta lista", and editing one's
 * own view offers "Excluir visão". The API's pt-BR messages land on their fields.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Typography } from 'antd';
import { VIEW_NAME_MAX, type SavedView } from '../../../../resources/saved-views';
import { ROLE_LABELS } from '../../../access/roles';
import { ApiCallError } from '../../providers/api-client';

export interface ViewDialogValues {
  nome: string;
  papeis: string[];
  obras: string[];
  padrao: boolean;
}

export interface SavedViewModalProps {
  open: boolean;
  /** The view being edited; none: a new one. */
  view?: SavedView;
  canShare: boolean;
  onSubmit: (values: ViewDialogValues) => Promise<void>;
  onDelete?: () => Promise<void>;
  onClose: () => void;
}

const ROLE_OPTIONS = Object.entries(ROLE_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

export function SavedViewModal({ open, view, canShare, onSubmit, onDelete, onClose }: SavedViewModalProps) {
  const [form] = Form.useForm<ViewDialogValues>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const initial = useMemo<ViewDialogValues>(() => ({ nome: view?.nome ?? '', papeis: view?.papeis ?? [], obras: view?.obras ?? [], padrao: false }), [view]);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(initial);
    setProblem(undefined);
  }, [open, initial, form]);
  const shared = view && (view.papeis.length > 0 || view.obras.length > 0);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    setProblem(undefined);
    try {
      await onSubmit({ ...initial, ...values });
      onClose();
    } catch (e) {
      if (e instanceof ApiCallError) {
        const fields = (['nome', 'papeis', 'obras'] as const).filter((k) => e.errors[k]);
        form.setFields(fields.map((name) => ({ name, errors: e.errors[name] })));
        const rest = Object.entries(e.errors).filter(([k]) => !fields.includes(k as (typeof fields)[number]));
        setProblem(fields.length && !rest.length ? undefined : [e.message, ...rest.flatMap(([, m]) => m)].join(' '));
      } else setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={view ? `Editar visão “${view.nome}”` : 'Salvar nova visão'}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {view && onDelete ? (
            <Popconfirm
              title={`Excluir a visão “${view.nome}”?`}
              description={shared ? 'Ela deixa de aparecer para todos com quem foi compartilhada.' : undefined}
              okText="Excluir"
              cancelText="Cancelar"
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await onDelete();
                  onClose();
                } catch (e) {
                  setProblem(e instanceof Error ? e.message : String(e));
                }
              }}
            >
              <Button danger style={{ float: 'left' }}>
                Excluir visão
              </Button>
            </Popconfirm>
          ) : null}
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      {!view ? (
        <Typography.Paragraph type="secondary">Guarda os filtros, a ordenação, as colunas visíveis e o tamanho da página desta lista.</Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()}>
        <Form.Item
          name="nome"
          label="Nome da visão"
          rules={[
            { required: true, whitespace: true, message: 'Informe um nome para a visão.' },
            { max: VIEW_NAME_MAX, message: `O nome pode ter até ${VIEW_NAME_MAX} caracteres.` },
          ]}
        >
          <Input autoFocus maxLength={VIEW_NAME_MAX + 1} placeholder="Ex.: Alta prioridade nas minhas obras" />
        </Form.Item>
        {canShare ? (
          <>
            <Form.Item name="papeis" label="Compartilhar com os papéis" extra="Todos que têm um destes papéis veem a visão (sem poder alterá-la).">
              <Select
                mode="multiple"
                allowClear
                options={ROLE_OPTIONS}
                optionFilterProp="label"
                placeholder="Nenhum papel"
                aria-label="Compartilhar com os papéis"
              />
            </Form.Item>
            <Form.Item
              name="obras"
              label="Compartilhar com as obras"
              extra="Todos que trabalham numa destas obras veem a visão. Digite o código da obra e tecle Enter."
            >
              <Select mode="tags" allowClear tokenSeparators={[',', ' ']} placeholder="Nenhuma obra" aria-label="Compartilhar com as obras" open={false} />
            </Form.Item>
          </>
        ) : null}
        {!view ? (
          <Form.Item name="padrao" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>Usar como padrão ao abrir esta lista</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
