/**
 * The header's bell: how many steps wait for the user (`GET /api/v1/pendencias?_end=1`, header
 * `x-total-count`), refreshed every minute and on window focus; opens /pendencias. Icon only, so
 * the phone header keeps its room. Outside Refine (layout tests) it is a plain link.
 */
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { usePendencias } from './use-pendencias';

export const PENDENCIAS_PATH = '/pendencias';
const LABEL = 'Minhas pendências';

function BellButton({ count }: { count: number }) {
  const navigate = useNavigate();
  return (
    <Button
      type="text"
      href={PENDENCIAS_PATH}
      // The accessible name holds the visible badge text (WCAG "label in name").
      aria-label={count ? `${LABEL}: ${count > 99 ? '99+' : count}` : LABEL}
      title={count ? `${LABEL}: ${count}` : LABEL}
      onClick={(e) => {
        e.preventDefault();
        navigate(PENDENCIAS_PATH);
      }}
      style={{ flex: '0 0 auto', paddingInline: 8 }}
      icon={
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );
}

function LiveBell() {
  const { total } = usePendencias(1, 1, true);
  return <BellButton count={total} />;
}

export function PendenciasBell() {
  return useContext(QueryClientContext) ? <LiveBell /> : <BellButton count={0} />;
}
