/**
 * The profile's "E-mails" card: whether the person receives the daily digest of what waits for
 * them (issue 25). Kept on the server (`GET/PUT /api/v1/preferencias`), so it holds on every device.
 */
import { useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Card, Space, Switch, Typography } from 'antd';

interface Preferences {
  resumoDiario: boolean;
}

export function DigestPreferenceCard() {
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/preferencias`;
  const { query, result } = useCustom<Preferences, HttpError>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['preferencias'] },
  });
  const { mutateAsync } = useCustomMutation<Preferences, HttpError>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const on = (result?.data as Preferences | undefined)?.resumoDiario;

  async function change(value: boolean) {
    setSaving(true);
    setError(null);
    setSaved(null);
    try {
      await mutateAsync({ url, method: 'put', values: { resumoDiario: value }, successNotification: false, errorNotification: false });
      await query.refetch();
      setSaved(value ? 'Você voltará a receber o resumo diário.' : 'Você não receberá mais o resumo diário.');
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="E-mails" size="small">
      {query.isError && <Alert type="error" showIcon message={query.error?.message} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Space align="start" size={12}>
        <Switch
          id="resumo-diario"
          checked={on ?? true}
          loading={query.isLoading || saving}
          disabled={query.isError}
          onChange={(v) => void change(v)}
          aria-describedby="resumo-diario-ajuda"
        />
        <div>
          <label htmlFor="resumo-diario" style={{ fontWeight: 600 }}>
            Resumo diário das minhas pendências
          </label>
          <Typography.Paragraph id="resumo-diario-ajuda" type="secondary" style={{ margin: 0 }}>
            Um e-mail por dia, pela manhã, com o que aguarda você no portal. Os avisos de cada registro continuam chegando.
          </Typography.Paragraph>
          <div role="status" aria-live="polite">
            {saved && <Typography.Text type="success">{saved}</Typography.Text>}
          </div>
        </div>
      </Space>
    </Card>
  );
}
