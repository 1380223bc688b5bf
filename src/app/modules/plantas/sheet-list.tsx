/**
 * The site's sheets beside the viewer: search by code or title, each sheet with its thumbnail, its
 * punch items (total and overdue) and the pins waiting for a confirmation; the open sheet is marked.
 */
import React, { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Empty, Input, Space, Tag, Typography } from 'antd';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { OfflineSheets } from './offline-sheets';
import { SheetThumbnail } from './sheet-thumbnail';

/** Case- and accent-insensitive match on the code or the title. */
const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matchSheet(s: FolhaDaObra, q: string): boolean {
  const n = norm(q.trim());
  return !n || norm(s.codigo).includes(n) || norm(s.titulo).includes(n);
}

export const sheetPath = (obra: string, id: number, search = '') => `/obras/${encodeURIComponent(obra)}/plantas/${id}${search}`;

export interface SheetListProps {
  obra: string;
  sheets: FolhaDaObra[];
  current?: number;
  onPick?: () => void;
}

export function SheetList({ obra, sheets, current, onPick }: SheetListProps): React.ReactElement {
  const [q, setQ] = useState('');
  const shown = useMemo(() => sheets.filter((s) => matchSheet(s, q)), [sheets, q]);
  return (
    <nav aria-label="Folhas da obra">
      <OfflineSheets sheets={sheets} />
      <Input.Search
        allowClear
        placeholder="Buscar por código ou título"
        aria-label="Buscar folha"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {shown.length === 0 ? (
        <Empty description={sheets.length ? 'Nenhuma folha encontrada' : 'Nenhuma folha de planta nesta obra'} />
      ) : (
        <ul aria-label="Folhas" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((s) => (
            <li key={s.id} style={{ borderBottom: '1px solid #f0f0f0' }}>
              <Link
                to={sheetPath(obra, s.id)}
                onClick={onPick}
                aria-current={s.id === current ? 'page' : undefined}
                style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '8px 4px', background: s.id === current ? '#e6f4ff' : undefined }}
              >
                <SheetThumbnail sheet={s} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong>{s.codigo}</Typography.Text>
                  {s.revisao ? <Typography.Text type="secondary">{` rev. ${s.revisao}`}</Typography.Text> : null}
                  <div>{s.titulo}</div>
                  <Space size={4} wrap>
                    <Tag>{`${s.itens.total} ${s.itens.total === 1 ? 'item' : 'itens'}`}</Tag>
                    {s.itens.atrasados ? <Tag color="red">{`${s.itens.atrasados} atrasado${s.itens.atrasados === 1 ? '' : 's'}`}</Tag> : null}
                    {s.outrosPinos ? <Tag>{`${s.outrosPinos} outro${s.outrosPinos === 1 ? '' : 's'} pino${s.outrosPinos === 1 ? '' : 's'}`}</Tag> : null}
                    {s.revisaoMudou ? <Badge status="warning" text={`${s.revisaoMudou} a confirmar`} /> : null}
                    {s.ativa ? null : <Tag>Não vigente</Tag>}
                  </Space>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
