/** The state of a record kept on the device, as the person reads it. */
import React from 'react';
import { Tag } from 'antd';
import type { DeviceRecord, DeviceState } from '../../offline/device-db';

export const STATE_LABELS: Record<DeviceState, string> = {
  rascunho: 'Rascunho',
  salvo: 'Salvo no aparelho',
  enviando: 'Enviando',
  enviado: 'Enviado',
  conflito: 'Conflito',
  recusado: 'Recusado',
};

const COLORS: Record<DeviceState, string> = {
  rascunho: 'default',
  salvo: 'blue',
  enviando: 'processing',
  enviado: 'green',
  conflito: 'gold',
  recusado: 'red',
};

export function stateText(rec: Pick<DeviceRecord, 'state' | 'reason'>): string {
  return rec.state === 'recusado' && rec.reason ? `Recusado (${rec.reason})` : STATE_LABELS[rec.state];
}

export function StateTag({ rec }: { rec: Pick<DeviceRecord, 'state' | 'reason'> }): React.ReactElement {
  return (
    <Tag color={COLORS[rec.state]} style={{ whiteSpace: 'normal' }}>
      {stateText(rec)}
    </Tag>
  );
}
