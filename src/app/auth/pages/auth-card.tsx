/**
 * Centered card used by the public auth pages. Drawn with antd's theme tokens instead of antd's
 * Card and Typography, which would bring Tabs, Tooltip and TextArea into the /login bundle.
 */
import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

export function AuthCard({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '99.5vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, boxSizing: 'border-box' }}>
      <section
        style={{
          width: 420,
          maxWidth: '100%',
          boxSizing: 'border-box',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        <h3
          style={{
            marginTop: 0,
            marginBottom: '0.5em',
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h3>
        {children}
        {extra}
      </section>
    </div>
  );
}

/** A paragraph of the auth pages (antd Typography.Paragraph's spacing). */
export function AuthText({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <p style={{ marginTop: 0, marginBottom: '1em', ...style }}>{children}</p>;
}

export function errorText(result: unknown): string | null {
  const r = result as { success?: boolean; error?: { message?: string } } | undefined;
  if (!r || r.success) return null;
  return r.error?.message ?? 'Não foi possível concluir a operação. Tente novamente.';
}
