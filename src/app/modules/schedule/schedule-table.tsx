/**
 * The EAP items of a site as a tree table: planned dates (a date picker for whoever may edit
 * them), weight in the site, progress and situation; late items (planned end passed below 100 %)
 * are highlighted.
 */
import React from 'react';
import { DatePicker, Progress, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatDate } from '../../format';
import type { ScheduleItem } from './api';

export interface ScheduleRow extends ScheduleItem {
  children?: ScheduleRow[];
}

/** The flat items as a tree by `pai`, in code order (items whose parent is absent go to the root). */
export function scheduleTree(items: ScheduleItem[]): ScheduleRow[] {
  const rows = new Map<number, ScheduleRow>(items.map((i) => [i.id, { ...i }]));
  const roots: ScheduleRow[] = [];
  for (const row of rows.values()) {
    const parent = row.pai === null ? undefined : rows.get(row.pai);
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}

const pct = (v: number) => `${v.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

export function situacaoOf(i: ScheduleItem, today: string): { text: string; color: string } {
  if (i.atrasado) return { text: `Atrasado (${i.diasAtraso} dia${i.diasAtraso === 1 ? '' : 's'})`, color: 'red' };
  if (i.avanco >= 100) return { text: 'Concluído', color: 'green' };
  if (!i.inicioPrevisto || !i.terminoPrevisto) return { text: 'Sem datas', color: 'default' };
  if (i.inicioPrevisto > today) return { text: 'A iniciar', color: 'default' };
  return { text: 'No prazo', color: 'blue' };
}

export interface ScheduleTableProps {
  items: ScheduleItem[];
  today: string;
  saving?: number;
  onDateChange?: (item: ScheduleItem, field: 'inicioPrevisto' | 'terminoPrevisto', value: string | null) => void;
}

export function ScheduleTable({ items, today, saving, onDateChange }: ScheduleTableProps): React.ReactElement {
  const dateCell = (field: 'inicioPrevisto' | 'terminoPrevisto', label: string) => (_: unknown, i: ScheduleItem) => {
    const v = i[field];
    if (!i.editavel || !onDateChange) return v ? formatDate(v) : '—';
    return (
      <DatePicker
        size="small"
        format="DD/MM/YYYY"
        value={v ? dayjs(v) : null}
        disabled={saving === i.id}
        aria-label={`${label} de ${i.codigo}`}
        status={field === 'terminoPrevisto' && i.atrasado ? 'error' : undefined}
        onChange={(d) => onDateChange(i, field, d ? d.format('YYYY-MM-DD') : null)}
        style={{ width: 130 }}
      />
    );
  };
  const columns: TableColumnsType<ScheduleRow> = [
    { key: 'codigo', title: 'Código', dataIndex: 'codigo', width: 130 },
    {
      key: 'descricao',
      title: 'Descrição',
      render: (_: unknown, i) => (
        <>
          {i.descricao} <Typography.Text type="secondary">({i.area === 'AUTOMACAO' ? 'Automação' : 'Field'})</Typography.Text>
        </>
      ),
    },
    { key: 'peso', title: 'Peso na obra', align: 'right', width: 110, render: (_: unknown, i) => pct(i.pesoObra) },
    { key: 'inicio', title: 'Início previsto', width: 150, render: dateCell('inicioPrevisto', 'Início previsto') },
    { key: 'termino', title: 'Término previsto', width: 150, render: dateCell('terminoPrevisto', 'Término previsto') },
    {
      key: 'avanco',
      title: 'Avanço',
      width: 170,
      render: (_: unknown, i) => (
        <Tooltip
          title={
            i.ultimoRegistro
              ? `Último diário com avanço: ${formatDate(i.ultimoRegistro)}`
              : i.folha
                ? 'Nenhum avanço informado nos diários.'
                : 'Média ponderada dos subitens.'
          }
        >
          <Progress
            percent={Math.round(i.avanco * 100) / 100}
            size="small"
            status={i.atrasado ? 'exception' : i.avanco >= 100 ? 'success' : 'normal'}
            format={(p) => pct(p ?? 0)}
            aria-label={`Avanço de ${i.codigo}: ${pct(i.avanco)}`}
          />
        </Tooltip>
      ),
    },
    {
      key: 'situacao',
      title: 'Situação',
      width: 150,
      render: (_: unknown, i) => {
        const s = situacaoOf(i, today);
        return <Tag color={s.color}>{s.text}</Tag>;
      },
    },
  ];
  return (
    <Table<ScheduleRow>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={scheduleTree(items)}
      pagination={false}
      scroll={{ x: 900 }}
      expandable={{ defaultExpandAllRows: true }}
      aria-label="Itens da EAP e datas planejadas"
      onRow={(i) =>
        ({ 'data-atrasado': i.atrasado ? 'true' : undefined, style: i.atrasado ? { background: '#fff1f0' } : undefined }) as React.HTMLAttributes<HTMLElement>
      }
    />
  );
}
