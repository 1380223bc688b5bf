/**
 * The works schedule of a site (/:obra/diarios/datas): read by whoever reads the site's RDOs
 * (docs/access.md decision 30), the EAP items with their planned dates (editable inline only by planners,
 * `data_planejada`; a read-only view for everyone else), late items highlighted, the S-curve and the
 * calendar of the planned activities; "Enviar aviso de atraso" for who holds `aviso-atraso`.
 */
import React, { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useApiUrl, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { obraLabel } from '../../fields/obra-label';
import { siteApiPath, useSchedule, type ScheduleItem } from './api';
import { ScheduleTable } from './schedule-table';
import { SCurveCard } from './s-curve-card';
import { Loading } from '../../views/loading';

const ScheduleCalendar = lazy(() => import('./schedule-calendar'));

interface WarningAnswer {
  enviado: boolean;
  para: string[];
  itens: { codigo: string }[];
}

export function SchedulePage(): React.ReactElement {
  const { obra = '' } = useParams();
  const current = useCurrentRoute();
  const site = obraLabel(obra, current?.obra === obra ? current?.obraRecord : undefined);
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const { result, query } = useSchedule(obra);
  const { mutateAsync } = useCustomMutation<Record<string, unknown>, HttpError>();
  const [saving, setSaving] = useState<number | undefined>();
  const [warning, setWarning] = useState(false);
  const data = Array.isArray(result?.data?.itens) ? result!.data : undefined;
  const late = (data?.itens ?? []).filter((i) => i.atrasado);

  async function changeDate(item: ScheduleItem, field: 'inicioPrevisto' | 'terminoPrevisto', value: string | null) {
    setSaving(item.id);
    try {
      await mutateAsync({
        url: `${siteApiPath(apiUrl, obra)}/cronograma/${item.id}`,
        method: 'patch',
        values: { version: item.version, [field]: value },
        successNotification: false,
        errorNotification: false,
      });
      open?.({ key: `cronograma-${item.id}`, type: 'success', message: `Datas de ${item.codigo} salvas.` });
    } catch (e) {
      const err = e as HttpError;
      const detail = Object.values((err.errors ?? {}) as Record<string, string[]>).flat()[0];
      open?.({
        key: `cronograma-${item.id}`,
        type: 'error',
        description: `Não foi possível salvar as datas de ${item.codigo}.`,
        message: String(detail ?? err.message ?? 'Tente novamente.'),
      });
    } finally {
      setSaving(undefined);
      await query.refetch();
      await queryClient.invalidateQueries({ queryKey: ['curva-s', obra] });
    }
  }

  async function sendWarning() {
    setWarning(true);
    try {
      const { data: r } = await mutateAsync({
        url: `${siteApiPath(apiUrl, obra)}/aviso-atraso`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      const w = r as unknown as WarningAnswer;
      open?.(
        w.enviado
          ? {
              key: `aviso-${obra}`,
              type: 'success',
              message: `Aviso de atraso enviado para ${w.para.join(', ')} (${w.itens.length} ${w.itens.length === 1 ? 'item' : 'itens'}).`,
            }
          : { key: `aviso-${obra}`, type: 'success', message: 'Nenhum item em atraso: nenhum aviso foi enviado.' },
      );
    } catch (e) {
      open?.({ key: `aviso-${obra}`, type: 'error', message: (e as HttpError).message || 'Não foi possível enviar o aviso.' });
    } finally {
      setWarning(false);
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Datas planejadas — {site}
        </Typography.Title>
        {data?.podeAvisar ? (
          <Popconfirm
            title="Enviar aviso de atraso"
            description={`O site manager recebe por e-mail ${late.length === 1 ? 'o item atrasado' : `os ${late.length} itens atrasados`}.`}
            okText="Enviar"
            cancelText="Cancelar"
            onConfirm={sendWarning}
            disabled={!late.length}
          >
            <Button icon={<MailOutlined />} loading={warning} disabled={!late.length} danger={late.length > 0}>
              Enviar aviso de atraso
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      {query.isError ? (
        <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar o cronograma.'} />
      ) : !data ? (
        <Loading size="large" label="Carregando cronograma" />
      ) : (
        <>
          {late.length ? (
            <Alert
              type="warning"
              showIcon
              message={`${late.length} ${late.length === 1 ? 'item em atraso' : 'itens em atraso'}: ${late.map((i) => i.codigo).join(', ')}`}
              description="Término previsto já passou e o avanço informado nos diários não chegou a 100%."
            />
          ) : null}
          <Card size="small" title="Itens da EAP" role="region" aria-label="Itens da EAP">
            {!data.podeEditar && data.itens.length ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                Somente leitura: as datas planejadas são alteradas pelo planejamento.
              </Typography.Paragraph>
            ) : null}
            {data.itens.length ? (
              <ScheduleTable items={data.itens} today={data.hoje} saving={saving} onDateChange={data.podeEditar ? changeDate : undefined} />
            ) : (
              <Typography.Text type="secondary">A obra ainda não tem itens na EAP (defina-os em Field ou Automação → EAP).</Typography.Text>
            )}
          </Card>
          <SCurveCard obra={obra} />
          <Card size="small" title="Calendário das atividades planejadas (8h às 17h)" role="region" aria-label="Calendário">
            <Suspense fallback={<Loading label="Carregando calendário" />}>
              <ScheduleCalendar items={data.itens} today={data.hoje} />
            </Suspense>
          </Card>
        </>
      )}
    </Space>
  );
}
