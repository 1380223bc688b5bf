/**
 * The chart kinds of the dashboard, on @ant-design/charts. Loaded lazily by the dashboard view, so
 * no chart code is in the entry bundle.
 */
import React from 'react';
import { Bar, Column, Line, Pie } from '@ant-design/charts';

export interface ChartDatum {
  label: string;
  value: number;
}

export interface ChartProps {
  kind: 'bar' | 'column' | 'line' | 'pie';
  data: ChartDatum[];
  format: (v: number) => string;
  /** Counts: axis ticks only at whole numbers. */
  integer?: boolean;
  onSelect?: (d: ChartDatum) => void;
}

export default function Chart({ kind, data, format, integer, onSelect }: ChartProps): React.ReactElement {
  const tick = (v: number) => (integer && !Number.isInteger(Number(v)) ? '' : format(Number(v)));
  const common = {
    data,
    height: 260,
    autoFit: true,
    tooltip: { items: [{ channel: 'y', valueFormatter: (v: number) => format(v) }] },
    onReady: ({ chart }: { chart: { on: (e: string, f: (ev: { data?: { data?: ChartDatum } }) => void) => void } }) => {
      if (onSelect) chart.on('element:click', (ev) => ev.data?.data && onSelect(ev.data.data));
    },
  };
  switch (kind) {
    case 'pie':
      return (
        <Pie
          {...common}
          angleField="value"
          colorField="label"
          innerRadius={0.55}
          label={{ text: (d: ChartDatum) => format(d.value), position: 'outside' }}
          legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
        />
      );
    case 'line':
      return <Line {...common} xField="label" yField="value" point={{ shapeField: 'circle', sizeField: 3 }} axis={{ y: { labelFormatter: tick } }} />;
    case 'bar':
      return (
        <Bar
          {...common}
          xField="label"
          yField="value"
          label={{ text: (d: ChartDatum) => format(d.value), position: 'inside', style: { fill: '#fff', fontWeight: 600 } }}
          axis={{ y: { labelFormatter: tick } }}
        />
      );
    default:
      return <Column {...common} xField="label" yField="value" axis={{ y: { labelFormatter: tick } }} />;
  }
}
