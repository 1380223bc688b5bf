/**
 * docs/access.md decision 29: a supplier answers one of its SGI records from the record's page with a
 * message and attachments ("Responder"). The answer is a supplier-portal entry naming the record in
 * `ticket`; the API fills in the company, the supplier's e-mail, the date and the situation
 * (src/server/modules/supplier-rules.ts) and e-mails the SGI team. Staff register answers received
 * otherwise through the record's "Respostas do fornecedor" list.
 */
import React, { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useCreate, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { schemaByName } from '../../../../schemas/index';
import type { FieldDef } from '../../../../schemas/kinds';
import { externalKindOf } from '../../../access/user';
import { useCurrentUser } from '../../access/ability-context';
import { usePode } from '../../access/pode';
import { FieldFormItem } from '../../fields/form-items';
import { UploadTargetContext } from '../../fields/upload-target';

const field = (name: string): FieldDef => schemaByName('portalFornecedor')!.fields.find((f) => f.name === name)!;

/** The record's code, or its number before it has one. */
export function ticketCode(record: BaseRecord): string {
  return typeof record.codigo === 'string' && record.codigo ? record.codigo : `nº ${String(record.id)}`;
}

/** Whether the signed-in person answers this record here: a supplier with `Interagir` on it, the record not finalised. */
export function useSupplierMayAnswer(record: BaseRecord): boolean {
  const user = useCurrentUser();
  const interage = usePode({ I: 'Interagir', a: 'TicketSgi', this: record });
  const wf = schemaByName('ticketSgi')?.workflow;
  if (!user || externalKindOf(user) !== 'fornecedor') return false;
  if (wf && wf.states.find((s) => s.value === record[wf.field])?.final) return false;
  return interage;
}

interface AnswerValues {
  assunto?: string;
  mensagem: string;
  anexos?: unknown[];
}

function AnswerModal({ record, onClose }: { record: BaseRecord; onClose: () => void }) {
  const [form] = Form.useForm<AnswerValues>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCreate<BaseRecord, HttpError>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const code = ticketCode(record);
  const portal = schemaByName('portalFornecedor')!;

  const send = (values: AnswerValues) => {
    setRefusal(null);
    const assunto = values.assunto?.trim();
    mutate(
      {
        resource: portal.resource,
        values: { ticket: record.id, ...(assunto ? { assunto } : {}), mensagem: values.mensagem, anexos: values.anexos ?? [] },
        successNotification: () => ({ type: 'success', message: 'Resposta enviada à equipe SGI.' }),
        errorNotification: (error) => ({ type: 'error', message: error?.message ?? 'Não foi possível enviar a resposta.' }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource: portal.resource, invalidates: ['list', 'many'] });
          onClose();
        },
        onError: (error) => {
          const known = new Set(['assunto', 'mensagem', 'anexos']);
          const errors = Object.entries(error?.errors ?? {});
          form.setFields(errors.filter(([k]) => known.has(k)).map(([k, v]) => ({ name: k, errors: Array.isArray(v) ? v.map(String) : [String(v)] })));
          if (!errors.length || errors.some(([k]) => !known.has(k))) setRefusal(error?.message ?? 'Não foi possível enviar a resposta.');
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`Responder ao registro ${code}`}
      okText="Enviar resposta"
      cancelText="Cancelar"
      okButtonProps={{ loading: mutation.isPending, icon: <SendOutlined /> }}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Sua resposta e os anexos vão para a equipe SGI e para o responsável pela tratativa do registro “{String(record.titulo ?? '')}”.
      </Typography.Paragraph>
      {refusal ? <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={refusal} /> : null}
      <Form<AnswerValues> form={form} layout="vertical" onFinish={send} initialValues={{ anexos: [] }}>
        <Form.Item
          name="assunto"
          label="Assunto"
          rules={[
            { min: 3, message: 'Use pelo menos 3 caracteres.' },
            { max: 150, message: 'Use no máximo 150 caracteres.' },
          ]}
        >
          <Input placeholder={`Resposta ao registro ${code}`} maxLength={150} />
        </Form.Item>
        <FieldFormItem field={field('mensagem')} />
        <UploadTargetContext.Provider value={{ resource: portal.resource }}>
          <FieldFormItem field={field('anexos')} />
        </UploadTargetContext.Provider>
      </Form>
    </Modal>
  );
}

/** "Responder" on an SGI record's page, for the supplier the record names. */
export function SupplierAnswerButton({ record }: { record: BaseRecord }): React.ReactElement | null {
  const may = useSupplierMayAnswer(record);
  const [open, setOpen] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        Responder
      </Button>
      {open ? <AnswerModal record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
