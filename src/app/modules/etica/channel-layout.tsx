/** The frame of the public ethics pages: no portal shell, readable on a phone (390 px). */
import React from 'react';
import { theme, Typography } from 'antd';
import { Link } from 'react-router';

export function ChannelPage({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }): React.ReactElement {
  const { token } = theme.useToken();
  // The theme's link colour: these pages have no portal shell, and a bare link would be the browser's blue.
  const link = { color: token.colorLink, fontWeight: 500, textDecoration: 'underline' };
  return (
    <main style={{ minHeight: '100%', background: '#f5f7fa', padding: '20px 12px 40px' }}>
      <div style={{ maxWidth: wide ? 760 : 640, margin: '0 auto' }}>
        <nav aria-label="Canal de ética" className="canal-etica-nav" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 12 }}>
          <Link to="/canal-etica" style={link}>
            Fazer um relato
          </Link>
          <Link to="/canal-etica/acompanhar" style={link}>
            Acompanhar um relato
          </Link>
          <Link to="/login" style={link}>
            Entrar no portal
          </Link>
        </nav>
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
    </main>
  );
}
