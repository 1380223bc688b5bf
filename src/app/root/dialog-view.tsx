/** The confirm/alert dialog of `DialogProvider` (./dialogs), in its own chunk with antd's Modal. */
import { useRef, type FormEvent } from 'react';
import { Button, Modal, Space } from 'antd';
import { DIALOG } from './constants';
import type { PendingDialog } from './dialog-types';

export function DialogView({ dialog, onSettle }: { dialog: PendingDialog; onSettle: (ok: boolean) => void }) {
  const { kind, options } = dialog;
  const settled = useRef(false);
  const finish = (ok: boolean) => {
    if (settled.current) return;
    settled.current = true;
    onSettle(ok);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    finish(true);
  };
  const formId = `dialog-form-${dialog.id}`;
  return (
    <Modal
      open
      title={options.title}
      width={DIALOG.width}
      zIndex={DIALOG.zIndex}
      styles={{ mask: { zIndex: DIALOG.overlayZIndex } }}
      centered
      maskClosable={false}
      closable={kind === 'confirm'}
      keyboard
      destroyOnHidden
      onCancel={() => finish(kind === 'alert')}
      data-testid={`dialog-${kind}`}
      footer={
        <Space>
          {kind === 'confirm' ? <Button onClick={() => finish(false)}>{options.cancelText ?? 'Cancelar'}</Button> : null}
          <Button type="primary" danger={kind === 'confirm' && options.danger} htmlType="submit" form={formId} autoFocus>
            {options.okText ?? 'OK'}
          </Button>
        </Space>
      }
    >
      <form id={formId} onSubmit={submit}>
        {options.text ? <div style={{ whiteSpace: 'pre-line' }}>{options.text}</div> : null}
      </form>
    </Modal>
  );
}
