/**
 * "Fixar registro aqui" (issue 42): after a tap on the sheet, the person chooses the kind of record
 * (SGI record, work order, checklist non-conformity, RDO occurrence), finds the record of the site,
 * for a checklist its non-conforming item, and pins it at the point
 * (`POST /api/v1/plantas/{id}/pinos`). The API checks the record, the site, the point and the right;
 * its refusals show on their fields, the others (the point, the sheet, a 403) above the buttons.
 */
import React, { useState } from 'react';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { schemaByResource } from '../../../../schemas';
import type { PinnableKind, PinoDaFolha } from '../../../../resources/plantas';
import { ApiCallError } from '../../providers/api-client';
import { pinRecord } from './plantas-api';
import type { SheetPoint } from './pin-drag';
import { NonConformitySelect, RecordSearchSelect } from './record-search-select';

interface Values {
  recurso?: string;
  id?: number;
  item?: number;
}

/** The answer's keys shown on the form's fields; the others go to the message above the buttons. */
const FORM_KEYS = ['recurso', 'id', 'item'] as const;
const OTHER_LABELS: Record<string, string> = { x: 'Posição horizontal', y: 'Posição vertical', folha: 'Folha' };

const percent = (n: number) => `${(n * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

export interface PinRecordModalProps {
  folha: number;
  obra: string;
  /** Where the pin goes (0–1 of the sheet). */
  point: SheetPoint;
  /** The kinds the person may try to pin (pin-rights.ts). */
  kinds: readonly PinnableKind[];
  onClose: () => void;
  onPinned: (pin: PinoDaFolha) => void;
}

export function PinRecordModal({ folha, obra, point, kinds, onClose, onPinned }: PinRecordModalProps): React.ReactElement {
  const [form] = Form.useForm<Values>();
  const recurso = Form.useWatch('recurso', form);
  const record = Form.useWatch('id', form);
  const kind = kinds.find((k) => k.resource === recurso);
  const schema = kind ? schemaByResource(kind.resource) : undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);

  const submit = async () => {
    setError(null);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is missing
    }
    setBusy(true);
    try {
      const pin = await pinRecord(folha, {
        recurso: values.recurso!,
        id: values.id!,
        ...(kind?.naoConformidade ? { item: values.item } : {}),
        x: point.x,
        y: point.y,
      });
      onPinned(pin);
    } catch (e) {
      const errors = e instanceof ApiCallError ? e.errors : {};
      form.setFields(FORM_KEYS.filter((k) => errors[k]?.length).map((k) => ({ name: k, errors: errors[k] })));
      const details = Object.entries(errors)
        .filter(([k]) => !(FORM_KEYS as readonly string[]).includes(k))
        .map(([k, msgs]) => `${OTHER_LABELS[k] ?? k}: ${msgs.join(' ')}`);
      setError({ message: (e as Error).message, details });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Fixar registro na planta"
      okText="Fixar"
      cancelText="Cancelar"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <Typography.Paragraph type="secondary">
        {`No ponto escolhido: ${percent(point.x)} da largura e ${percent(point.y)} da altura da folha.`}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ recurso: kinds.length === 1 ? kinds[0].resource : undefined }}
        onValuesChange={(changed: Values) => {
          setError(null);
          if ('recurso' in changed) form.setFieldsValue({ id: undefined, item: undefined });
          else if ('id' in changed) form.setFieldsValue({ item: undefined });
        }}
      >
        <Form.Item name="recurso" label="Tipo de registro" rules={[{ required: true, message: 'Escolha o tipo de registro.' }]}>
          <Select aria-label="Tipo de registro" placeholder="Escolha o tipo" options={kinds.map((k) => ({ value: k.resource, label: k.label }))} />
        </Form.Item>
        {schema ? (
          <Form.Item name="id" label={schema.label} rules={[{ required: true, message: 'Escolha o registro.' }]}>
            <RecordSearchSelect key={schema.resource} schema={schema} obra={obra} aria-label="Registro" />
          </Form.Item>
        ) : null}
        {schema && kind?.naoConformidade ? (
          <Form.Item name="item" label="Item não conforme" rules={[{ required: true, message: 'Escolha o item não conforme.' }]}>
            <NonConformitySelect key={`${schema.resource}-${String(record)}`} schema={schema} record={record} aria-label="Item não conforme" />
          </Form.Item>
        ) : null}
      </Form>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error.message}
          description={error.details.length ? error.details.map((d) => <div key={d}>{d}</div>) : undefined}
        />
      ) : null}
    </Modal>
  );
}
