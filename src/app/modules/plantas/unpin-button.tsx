/**
 * "Desafixar" in a pinned record's panel (issue 42): takes the record off the sheet
 * (`DELETE /api/v1/plantas/{id}/pinos/{chave}`) after a confirmation; the record itself stays. A
 * punch item's pin is not offered: it changes by editing the item. The API decides (403 shown).
 */
import React, { useState } from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { unpinRecord } from './plantas-api';

/** A pinned record (not a punch item) can be unpinned. */
export const isPinnedRecord = (p: PinoDaFolha) => p.chave.startsWith('pino-');

export interface UnpinButtonProps {
  pin: PinoDaFolha;
  folha: number;
  onUnpinned: (pin: PinoDaFolha) => void;
}

export function UnpinButton({ pin, folha, onUnpinned }: UnpinButtonProps): React.ReactElement {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const unpin = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await unpinRecord(folha, pin.chave);
      onUnpinned(pin);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: 16 }}>
      <Popconfirm
        title="Desafixar este registro da planta?"
        description="O registro continua existindo; só o pino sai desta folha."
        okText="Desafixar"
        cancelText="Cancelar"
        onConfirm={() => void unpin()}
      >
        <Button danger icon={<DisconnectOutlined />} loading={busy}>
          Desafixar
        </Button>
      </Popconfirm>
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} /> : null}
    </div>
  );
}
