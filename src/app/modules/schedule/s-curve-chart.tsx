/**
 * The S-curve chart (planned vs realised cumulative progress) on @ant-design/charts. Loaded lazily
 * (s-curve-card.tsx), so no chart code is in the entry bundle.
 */
import React from 'react';
import { Line } from '@ant-design/charts';
import type { CurvePoint } from './api';

const br = (iso: string) => iso.split('-').reverse().join('/');
export const percentBr = (v: number) => `${v.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

/** Whether this browser draws on canvas (not so in jsdom, where the figure's description stands alone). */
const canDraw = (() => {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
})();

export default function SCurveChart({ pontos, height = 300 }: { pontos: CurvePoint[]; height?: number }): React.ReactElement | null {
  if (!canDraw) return null;
  const data = pontos.flatMap((p) => [
    { data: br(p.data), serie: 'Previsto', valor: p.previsto },
    ...(p.realizado === null ? [] : [{ data: br(p.data), serie: 'Realizado', valor: p.realizado }]),
  ]);
  return (
    <Line
      data={data}
      height={height}
      autoFit
      xField="data"
      yField="valor"
      colorField="serie"
      scale={{ y: { domain: [0, 100] }, color: { range: ['#8c8c8c', '#1677ff'] } }}
      axis={{ y: { labelFormatter: (v: number) => `${v}%` }, x: { labelAutoHide: true } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => percentBr(v) }] }}
      legend={{ color: { position: 'top' } }}
    />
  );
}
