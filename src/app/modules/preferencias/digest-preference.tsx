/**
 * The profile's notification preferences (issues 25 and 41): the devices with push notifications
 * (push-opt-in.tsx) and, per kind of notice — new pending items, SLA deadlines, clients' replies,
 * documents approved or rejected —, the channels: e-mail, notification on the devices, daily digest
 * ("Resumo diário" of new pending items is the digest of what waits for the person, as before).
 * Kept on the server (`GET/PUT /api/v1/preferencias`), so they hold on every device.
 */
import { useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Card, Checkbox, Flex, Space, Typography } from 'antd';
import {
  DEFAULT_NOTIFICATIONS,
  NOTICE_CHANNELS,
  NOTICE_CHANNEL_LABELS,
  NOTICE_KINDS,
  NOTICE_KIND_INFO,
  type NoticeChannel,
  type NoticeKind,
  type Preferences,
  type PreferencesChange,
} from '../../../../resources/notificacoes';
import { PushDeviceCard } from './push-opt-in';

/** What a channel means, under its checkbox's label (for the screen reader too). */
const CHANNEL_HELP: Record<NoticeChannel, string> = {
  email: 'na hora, por e-mail',
  push: 'nos aparelhos em que você ativou',
  resumo: 'no e-mail da manhã',
};

export function NotificationPreferencesCard() {
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/preferencias`;
  const { query, result } = useCustom<Preferences, HttpError>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['preferencias'] },
  });
  const { mutateAsync } = useCustomMutation<Preferences, HttpError>();
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const prefs = (result?.data as Preferences | undefined)?.notificacoes;

  async function change(kind: NoticeKind, channel: NoticeChannel, value: boolean) {
    setSaving(`${kind}.${channel}`);
    setError(null);
    setSaved(null);
    try {
      const values: PreferencesChange = { notificacoes: { [kind]: { [channel]: value } } };
      await mutateAsync({ url, method: 'put', values, successNotification: false, errorNotification: false });
      await query.refetch();
      const what = `${NOTICE_KIND_INFO[kind].label}: ${NOTICE_CHANNEL_LABELS[channel].toLowerCase()}`;
      setSaved(`${what} ${value ? 'ligado' : 'desligado'}.`);
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card title="Notificações: o que avisar e por onde" size="small" id="preferencias-notificacoes">
      {query.isError && <Alert type="error" showIcon message={query.error?.message} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {NOTICE_KINDS.map((kind) => (
          <div key={kind} role="group" aria-labelledby={`aviso-${kind}`} aria-describedby={`aviso-${kind}-ajuda`}>
            <Typography.Text strong id={`aviso-${kind}`}>
              {NOTICE_KIND_INFO[kind].label}
            </Typography.Text>
            <Typography.Paragraph type="secondary" id={`aviso-${kind}-ajuda`} style={{ margin: '0 0 4px' }}>
              {NOTICE_KIND_INFO[kind].help}
            </Typography.Paragraph>
            <Flex wrap gap="4px 16px">
              {NOTICE_CHANNELS.map((channel) => (
                <Checkbox
                  key={channel}
                  checked={(prefs ?? DEFAULT_NOTIFICATIONS)[kind][channel]}
                  disabled={query.isLoading || query.isError || saving !== null}
                  onChange={(e) => void change(kind, channel, e.target.checked)}
                  aria-label={`${NOTICE_KIND_INFO[kind].label}: ${NOTICE_CHANNEL_LABELS[channel]}`}
                >
                  {NOTICE_CHANNEL_LABELS[channel]} <Typography.Text type="secondary">({CHANNEL_HELP[channel]})</Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </div>
        ))}
        <div role="status" aria-live="polite">
          {saved && <Typography.Text type="success">{saved}</Typography.Text>}
        </div>
      </Space>
    </Card>
  );
}

/** The profile's "Notificações": this device's opt-in and the preferences per kind and channel. */
export function DigestPreferenceCard() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PushDeviceCard />
      <NotificationPreferencesCard />
    </Space>
  );
}
