/**
 * A secret shown once (an API key, a webhook's signing secret): the warning, the value in a
 * selectable block, a copy button that says when the browser refused, and what to do with it.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';

export interface OneTimeSecretProps {
  value: string;
  /** Its name ("Chave de API"), the label of the block. */
  label: string;
  /** `data-testid` of the block (its label's id is `<testId>-rotulo`). */
  testId: string;
  warning: { message: string; description: string };
  /** The button before and after the copy ("Copiar chave", "Copiada"). */
  copy: { label: string; done: string; failed: string };
  /** What to do with it, under the button. */
  children?: ReactNode;
}

export function OneTimeSecret({ value, label, testId, warning, copy, children }: OneTimeSecretProps) {
  const [copied, setCopied] = useState<'sim' | 'erro' | null>(null);
  const doCopy = async () => {
    // No clipboard outside a secure context (http), or the browser refused: say so, never "copied".
    const done = await (navigator.clipboard?.writeText(value) ?? Promise.reject(new Error())).then(
      () => true,
      () => false,
    );
    setCopied(done ? 'sim' : 'erro');
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={warning.message} description={warning.description} />
      <div>
        <Typography.Text type="secondary" id={`${testId}-rotulo`}>
          {label}
        </Typography.Text>
        <pre
          data-testid={testId}
          aria-labelledby={`${testId}-rotulo`}
          tabIndex={0}
          style={{ margin: '4px 0 0', padding: 12, background: '#f5f5f5', borderRadius: 6, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}
        >
          {value}
        </pre>
      </div>
      <Button type="primary" icon={<CopyOutlined />} onClick={() => void doCopy()} block>
        {copied === 'sim' ? copy.done : copy.label}
      </Button>
      {copied === 'erro' ? <Alert type="error" showIcon message={copy.failed} /> : null}
      {children}
    </Space>
  );
}
