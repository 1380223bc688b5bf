/**
 * The dialog of a step that takes a comment (required or optional), asks for fields (`asks`, e.g.
 * who will hold the next state, rendered with the generic form items, person picker included) or,
 * for the administrators' "Alterar situação", the new state. Checks the required inputs before
 * sending; the server's refusals go on their inputs (`errors.comment`, `errors.to`, the asked
 * fields) or, for the record's other fields, above.
 */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Space } from 'antd';
import { FieldFormItem } from '../fields/form-items';
import { UploadTargetContext } from '../fields/upload-target';
import type { TransitionProblem } from './transition-errors';
import type { TakeResult } from './use-take-transition';
import type { TransitionInput, TransitionOption } from './types';
import { ProblemAlert } from './problem-alert';

export const COMMENT_MAX = 4000;
export const COMMENT_REQUIRED = 'Escreva um comentário para continuar.';

/** Does the step need the dialog (a comment, a new state or asked fields) rather than a confirmation? */
export const needsDialog = (t: TransitionOption): boolean => t.comment !== 'none' || !!t.choices || !!t.asks?.length;

/** An asked field's error, also when the server names a sub-path (`responsavel.mail`). */
const askedName = (t: TransitionOption | undefined, name: string): string | undefined =>
  t?.asks?.find((f) => name === f.name || name.startsWith(`${f.name}.`))?.name;

interface Props {
  transition: TransitionOption | undefined;
  onSubmit: (t: TransitionOption, input: TransitionInput) => Promise<TakeResult>;
  onClose: () => void;
  /** The record: the asked fields start with its current values. */
  record?: Record<string, unknown>;
  /** The record's REST resource: an asked file field uploads for the record (a punch item's photos of "corrigido"). */
  resource?: string;
}

export function TransitionModal({ transition, onSubmit, onClose, record, resource }: Props) {
  const [form] = Form.useForm<TransitionInput>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TransitionProblem | undefined>();
  // Each opening starts clean: the form is destroyed on close (`preserve={false}` drops its values).
  useEffect(() => setProblem(undefined), [transition]);

  const required = transition?.comment === 'required';
  const choices = transition?.choices;
  const asks = transition?.asks ?? [];
  const initialValues = asks.length ? { values: Object.fromEntries(asks.map((f) => [f.name, record?.[f.name] ?? undefined])) } : undefined;

  async function submit() {
    if (!transition) return;
    let values: TransitionInput;
    try {
      values = await form.validateFields();
    } catch {
      return; // the inputs show what is missing
    }
    setBusy(true);
    setProblem(undefined);
    const comment = values.comment?.trim();
    const result = await onSubmit(transition, {
      ...(comment ? { comment } : {}),
      ...(values.to ? { to: values.to } : {}),
      ...(asks.length ? { values: values.values ?? {} } : {}),
    });
    setBusy(false);
    if (result.ok || result.problem.statusCode === 409) {
      onClose();
      return;
    }
    const { form: inputs } = result.problem;
    // The asked fields' errors go on their inputs; the record's other fields are listed above.
    const onAsked = result.problem.fields.filter((f) => askedName(transition, f.name));
    const others = result.problem.fields.filter((f) => !askedName(transition, f.name));
    form.setFields([
      ...(inputs.comment ? [{ name: 'comment' as const, errors: inputs.comment }] : []),
      ...(inputs.to ? [{ name: 'to' as const, errors: inputs.to }] : []),
      ...onAsked.map((f) => ({ name: ['values', askedName(transition, f.name)!] as never, errors: f.messages })),
    ]);
    // The message is shown above unless it only repeats what the inputs already say.
    if (others.length || !(inputs.comment || inputs.to || onAsked.length)) setProblem({ ...result.problem, fields: others });
  }

  return (
    <Modal
      open={!!transition}
      title={transition?.label}
      okText={transition?.label}
      cancelText="Cancelar"
      okButtonProps={{ danger: transition?.tone === 'danger', loading: busy }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!busy}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {transition?.notice ? <Alert type="warning" showIcon message={transition.notice} /> : null}
        {problem ? <ProblemAlert problem={problem} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} disabled={busy} preserve={false} initialValues={initialValues}>
          <UploadTargetContext.Provider value={resource ? { resource, id: record?.id as string | number | undefined } : undefined}>
            {asks.map((field) => (
              <FieldFormItem key={field.name} field={field} name={['values', field.name]} />
            ))}
          </UploadTargetContext.Provider>
          {choices ? (
            <Form.Item name="to" label="Nova situação" rules={[{ required: true, message: 'Escolha a nova situação.' }]}>
              <Select options={choices} placeholder="Escolha a situação" />
            </Form.Item>
          ) : null}
          {transition?.comment === 'none' ? null : (
            <Form.Item
              name="comment"
              label={`${transition?.commentLabel ?? 'Comentário'}${required ? ' (obrigatório)' : ''}`}
              rules={required ? [{ required: true, whitespace: true, message: COMMENT_REQUIRED }] : []}
            >
              <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount autoFocus={!asks.length} />
            </Form.Item>
          )}
        </Form>
      </Space>
    </Modal>
  );
}
