/**
 * The profile's "Agenda no calendário" (issue 41): a personal iCalendar address with the person's
 * deadlines and, for site people, the planned activities of their sites and their RDO deadlines, for Outlook or Google
 * Calendar to subscribe to. The address is shown once, when generated ("Gerar novo endereço"
 * replaces the old one, "Desativar" turns it off); `/api/v1/calendario/endereco`.
 */
import { useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import type { CalendarFeedIssued, CalendarFeedStatus } from '../../../../resources/calendar-feed';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR') : '—');

export function CalendarFeedCard() {
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/calendario/endereco`;
  const { query, result } = useCustom<CalendarFeedStatus, HttpError>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['calendario-endereco'] },
  });
  const { mutateAsync } = useCustomMutation<CalendarFeedIssued, HttpError>();
  const [issued, setIssued] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const status = result?.data as CalendarFeedStatus | undefined;

  async function act(method: 'post' | 'delete') {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const r = await mutateAsync({ url, method, values: {}, successNotification: false, errorNotification: false });
      if (method === 'post') {
        setIssued((r.data as CalendarFeedIssued).url);
        setNotice(status?.ativo ? 'Novo endereço gerado. O anterior deixou de funcionar.' : 'Endereço gerado.');
      } else {
        setIssued(null);
        setNotice('Endereço desativado. Os calendários que o assinavam deixam de receber atualizações.');
      }
      await query.refetch();
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued);
      setNotice('Endereço copiado.');
    } catch {
      setNotice('Não foi possível copiar: selecione o endereço e copie manualmente.');
    }
  }

  return (
    <Card title="Agenda no calendário" size="small" id="preferencias-calendario">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Veja no seu calendário os prazos das suas pendências e, se você é de obra, as atividades planejadas do cronograma das suas obras e os prazos dos RDOs
          que você escreve. O endereço é pessoal e secreto: quem o tiver vê essas datas, por isso não o compartilhe.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          No Outlook: Adicionar calendário &gt; Assinar da Web, e cole o endereço. No Google Agenda: Outras agendas &gt; + &gt; Do URL, e cole o endereço. O
          calendário se atualiza sozinho (o Google pode levar algumas horas).
        </Typography.Paragraph>
        {query.isError && <Alert type="error" showIcon message={query.error?.message} />}
        {error && <Alert type="error" showIcon message={error} />}
        {status && (
          <Typography.Text>
            {status.ativo
              ? `Endereço ativo desde ${when(status.criadoEm)}. Última leitura por um calendário: ${when(status.ultimoUsoEm)}.`
              : 'Você não tem endereço de calendário ativo.'}
          </Typography.Text>
        )}
        {issued && (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={issued} aria-label="Endereço do calendário" />
            <Button onClick={() => void copy()}>Copiar endereço</Button>
          </Space.Compact>
        )}
        {status?.ativo && !issued && (
          <Typography.Text type="secondary">Por segurança, o endereço só é mostrado quando é gerado. Para vê-lo de novo, gere um novo.</Typography.Text>
        )}
        <Space wrap>
          <Button type={status?.ativo ? 'default' : 'primary'} disabled={busy || !status} onClick={() => void act('post')}>
            {status?.ativo ? 'Gerar novo endereço' : 'Gerar endereço'}
          </Button>
          {status?.ativo && (
            <Button danger disabled={busy} onClick={() => void act('delete')}>
              Desativar
            </Button>
          )}
        </Space>
        <div role="status" aria-live="polite">
          {notice && <Typography.Text type="success">{notice}</Typography.Text>}
        </div>
      </Space>
    </Card>
  );
}
