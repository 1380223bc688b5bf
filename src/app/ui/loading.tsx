import type { CSSProperties } from 'react';
import { Spin } from 'antd';

/**
 * A page or panel still loading. antd's Spin renders a plain div, where an aria-label is not allowed
 * (axe: aria-prohibited-attr); the label goes on a status region around it instead, so a screen
 * reader says what is loading.
 */
export function Loading({ label = 'Carregando', size, style }: { label?: string; size?: 'small' | 'default' | 'large'; style?: CSSProperties }) {
  return (
    <div role="status" aria-label={label} style={{ display: 'block', textAlign: 'center', ...style }}>
      <Spin size={size} />
    </div>
  );
}
