/**
 * The header's bell: how many steps wait for the user and how many of them are overdue
 * (`GET /api/v1/pendencias/contagem`), refreshed every minute, on window focus and with the
 * pendencias queries; opens /pendencias. The badge turns red when some are overdue, and the
 * accessible name says "N atrasadas". Icon only, so the phone header keeps its room. Outside
 * Refine (layout tests) it is a plain link.
 */
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { usePendenciasCount } from './use-pendencias';

export const PENDENCIAS_PATH = '/pendencias';
const LABEL = 'Minhas pendências';

/** "Minhas pendências: 5, 2 atrasadas" — the visible count first (WCAG "label in name"). */
export function bellLabel(count: number, atrasadas: number): string {
  if (!count) return LABEL;
  const shown = count > 99 ? '99+' : String(count);
  return atrasadas ? `${LABEL}: ${shown}, ${atrasadas === 1 ? '1 atrasada' : `${atrasadas} atrasadas`}` : `${LABEL}: ${shown}`;
}

function BellButton({ count, atrasadas = 0 }: { count: number; atrasadas?: number }) {
  const navigate = useNavigate();
  const label = bellLabel(count, atrasadas);
  return (
    <Button
      type="text"
      href={PENDENCIAS_PATH}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.preventDefault();
        navigate(PENDENCIAS_PATH);
      }}
      style={{ flex: '0 0 auto', paddingInline: 8 }}
      // Dark red and blue: white 12 px digits need a contrast of 4.5:1 (axe; #1677ff gave 4.1).
      icon={
        <Badge count={count} size="small" overflowCount={99} color={atrasadas ? '#cf1322' : '#0958d9'} data-atrasadas={atrasadas || undefined}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );
}

function LiveBell() {
  const { total, atrasadas } = usePendenciasCount();
  return <BellButton count={total} atrasadas={atrasadas} />;
}

export function PendenciasBell() {
  return useContext(QueryClientContext) ? <LiveBell /> : <BellButton count={0} />;
}
