/**
 * The portal's antd configuration: pt-BR locale and theme, with motion turned off for people who
 * ask their system for less motion (WCAG 2.3.3): antd's transitions then take no time, so nothing
 * on screen fades or slides between two states.
 *
 * Also the keyboard focus of links (WCAG 2.4.7): antd's reset draws `a:focus` with no outline, so a
 * link reached with Tab (the menu's, a table's, "Novo", "Esqueci minha senha") showed nothing. They
 * get antd's own focus ring (the one of its buttons: `lineWidthFocus` in `colorPrimaryBorder`); a
 * menu entry draws it inside the item, whose box clips what sticks out; so does a segmented control's
 * option, whose radio input is hidden.
 */
import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import ptBR from 'antd/es/locale/pt_BR'; // ES module: the CommonJS 'antd/locale' drags antd/lib into the entry
import { theme } from './theme';
import { useMediaQuery } from './use-media-query';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function Themed({ children }: { children: ReactNode }) {
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const config = reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
  return (
    <ConfigProvider locale={ptBR} theme={config}>
      <FocusRing />
      {children}
    </ConfigProvider>
  );
}

/** The links' keyboard focus ring, in the theme's tokens (React hoists the <style> into <head>). */
export function FocusRing() {
  const { token } = antdTheme.useToken();
  const ring = `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`;
  const css =
    `a[href]:focus-visible{outline:${ring};outline-offset:1px;border-radius:${token.borderRadiusXS}px}` +
    `.ant-menu a[href]:focus-visible{outline:none}` +
    `.ant-menu-item:has(a[href]:focus-visible){outline:${ring};outline-offset:-${token.lineWidthFocus}px}` +
    // A segmented control's option (the saved views above a list) is a hidden radio: the ring goes on its label.
    `.ant-segmented-item:has(.ant-segmented-item-input:focus-visible){outline:${ring};outline-offset:-${token.lineWidthFocus}px}`;
  return (
    <style href="portal-focus-ring" precedence="portal">
      {css}
    </style>
  );
}
