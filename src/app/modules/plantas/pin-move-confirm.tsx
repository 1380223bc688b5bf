/**
 * After a flagged pin is dragged and dropped (issue 42): "Confirmar a nova posição?" — yes moves the
 * pin there and clears "revisão mudou" (`POST /api/v1/plantas/{id}/pinos/{chave}/confirmar` with
 * `{ x, y }`); no puts it back. The API's refusal (403, a point outside the sheet) shows in the dialog.
 */
import React, { useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { confirmPin } from './plantas-api';
import type { SheetPoint } from './pin-drag';

export interface PinMove {
  pin: PinoDaFolha;
  point: SheetPoint;
}

export interface PinMoveConfirmProps {
  folha: number;
  move: PinMove;
  onCancel: () => void;
  /** The pin as the API answers after the move. */
  onConfirmed: (pin: PinoDaFolha) => void;
}

export function PinMoveConfirm({ folha, move, onCancel, onConfirmed }: PinMoveConfirmProps): React.ReactElement {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { pin, point } = move;
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onConfirmed(await confirmPin(folha, pin.chave, point));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Confirmar a nova posição?"
      okText="Confirmar"
      cancelText="Cancelar"
      onOk={() => void confirm()}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {`O pino de “${pin.tipo}${pin.codigo ? ` ${pin.codigo}` : ''}: ${pin.titulo}” fica no lugar onde você o soltou e deixa de aguardar confirmação.`}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">Cancelar devolve o pino à posição anterior.</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
