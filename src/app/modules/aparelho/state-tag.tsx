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

/** Text, background and border of each state: the text meets 4.5:1 on its background (WCAG AA). */
const COLORS: Record<DeviceState, { color: string; background: string; borderColor: string }> = {
  rascunho: { color: 'rgba(0,0,0,0.88)', background: '#fafafa', borderColor: '#d9d9d9' },
  salvo: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  enviando: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  enviado: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  conflito: { color: '#874d00', background: '#fffbe6', borderColor: '#ffe58f' },
  recusado: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

export function stateText(rec: Pick<DeviceRecord, 'state' | 'reason'>): string {
  return rec.state === 'recusado' && rec.reason ? `Recusado (${rec.reason})` : STATE_LABELS[rec.state];
}

export function StateTag({ rec }: { rec: Pick<DeviceRecord, 'state' | 'reason'> }): React.ReactElement {
  return <Tag style={{ whiteSpace: 'normal', ...COLORS[rec.state] }}>{stateText(rec)}</Tag>;
}
