/**
 * The portal's antd configuration: pt-BR locale and theme, with motion turned off for people who
 * ask their system for less motion (WCAG 2.3.3): antd's transitions then take no time, so nothing
 * on screen fades or slides between two states.
 */
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import ptBR from 'antd/es/locale/pt_BR'; // ES module: the CommonJS 'antd/locale' drags antd/lib into the entry
import { theme } from './theme';
import { useMediaQuery } from './use-media-query';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function Themed({ children }: { children: ReactNode }) {
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const config = reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
  return (
    <ConfigProvider locale={ptBR} theme={config}>
      {children}
    </ConfigProvider>
  );
}
