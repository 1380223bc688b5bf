/**
 * The dialog of a step that takes a comment (required or optional) or, for the administrators'
 * "Alterar situação", the new state. Checks the required comment before sending; the server's
 * refusals go on their inputs (`errors.comment`, `errors.to`) or, for the record's fields, above.
 */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Space } from 'antd';
import type { TransitionProblem } from './transition-errors';
import type { TakeResult } from './use-take-transition';
import type { TransitionInput, TransitionOption } from './types';
import { ProblemAlert } from './problem-alert';

export const COMMENT_MAX = 4000;
export const COMMENT_REQUIRED = 'Escreva um comentário para continuar.';

interface Props {
  transition: TransitionOption | undefined;
  onSubmit: (t: TransitionOption, input: TransitionInput) => Promise<TakeResult>;
  onClose: () => void;
}

export function TransitionModal({ transition, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<TransitionInput>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TransitionProblem | undefined>();
  // Each opening starts clean: the form is destroyed on close (`preserve={false}` drops its values).
  useEffect(() => setProblem(undefined), [transition]);

  const required = transition?.comment === 'required';
  const choices = transition?.choices;

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
    const result = await onSubmit(transition, { ...(comment ? { comment } : {}), ...(values.to ? { to: values.to } : {}) });
    setBusy(false);
    if (result.ok || result.problem.statusCode === 409) {
      onClose();
      return;
    }
    const { form: inputs } = result.problem;
    form.setFields([
      ...(inputs.comment ? [{ name: 'comment' as const, errors: inputs.comment }] : []),
      ...(inputs.to ? [{ name: 'to' as const, errors: inputs.to }] : []),
    ]);
    // The message is shown above unless it only repeats what the inputs already say.
    if (result.problem.fields.length || !(inputs.comment || inputs.to)) setProblem(result.problem);
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
        <Form form={form} layout="vertical" requiredMark={false} disabled={busy} preserve={false}>
          {choices ? (
            <Form.Item name="to" label="Nova situação" rules={[{ required: true, message: 'Escolha a nova situação.' }]}>
              <Select options={choices} placeholder="Escolha a situação" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="comment"
            label={required ? 'Comentário (obrigatório)' : 'Comentário'}
            rules={required ? [{ required: true, whitespace: true, message: COMMENT_REQUIRED }] : []}
          >
            <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount autoFocus />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
