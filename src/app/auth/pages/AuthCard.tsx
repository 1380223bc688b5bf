/** Centered card used by the public auth pages. */
import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

export function AuthCard({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ minHeight: '99.5vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
        {extra}
      </Card>
    </div>
  );
}

export function errorText(result: unknown): string | null {
  const r = result as { success?: boolean; error?: { message?: string } } | undefined;
  if (!r || r.success) return null;
  return r.error?.message ?? 'Não foi possível concluir a operação. Tente novamente.';
}
