/**
 * The S-curve of a site in a card: planned vs realised cumulative progress from the daily reports
 * (GET /obras/:obra/curva-s, under the viewer's read rules). Nothing is shown to a viewer who may
 * not see the site's schedule (403). The chart itself loads lazily.
 */
import React, { Suspense, lazy, useState } from 'react';
import { Alert, Card, Empty, Segmented, Typography } from 'antd';
import { useSCurve } from './api';
import { Loading } from '../../views/loading';

const SCurveChart = lazy(() => import('./s-curve-chart'));

/** A chart that cannot draw (no canvas) leaves its description and a note, not a broken page. */
class ChartBoundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Typography.Text type="secondary">Não foi possível desenhar o gráfico neste navegador.</Typography.Text> : this.props.children;
  }
}

const br = (iso: string) => iso.split('-').reverse().join('/');
const pct = (v: number) => `${v.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

export function SCurveCard({ obra, title = 'Curva S (avanço físico acumulado)' }: { obra: string; title?: string }): React.ReactElement | null {
  const [intervalo, setIntervalo] = useState<'dia' | 'semana'>('semana');
  const { result, query } = useSCurve(obra, intervalo);
  if (query.isError && (query.error?.statusCode === 403 || query.error?.statusCode === 404)) return null;
  const curve = Array.isArray(result?.data?.pontos) ? result!.data : undefined;
  const pontos = curve?.pontos ?? [];
  const last = curve?.realizado;
  const plannedAt = last ? pontos.find((p) => p.data === last.data)?.previsto : undefined;
  const body = () => {
    if (query.isError) return <Alert type="warning" showIcon message={query.error?.message ?? 'Não foi possível carregar a curva S.'} />;
    if (query.isLoading || !curve) return <Loading label="Carregando curva S" />;
    if (!pontos.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem itens da EAP com datas planejadas nem avanço informado." />;
    const summary = pontos.map((p) => `${br(p.data)}: previsto ${pct(p.previsto)}${p.realizado === null ? '' : `, realizado ${pct(p.realizado)}`}`).join('; ');
    return (
      <>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {last
            ? `Realizado em ${br(last.data)} (último diário com avanço): ${pct(last.valor)}${plannedAt === undefined ? '' : ` · previsto para a data: ${pct(plannedAt)}`}`
            : 'Nenhum avanço informado nos diários ainda.'}
        </Typography.Paragraph>
        <Suspense fallback={<Loading label="Carregando gráfico" />}>
          <figure style={{ margin: 0 }} aria-label={`Curva S: ${summary}`}>
            <ChartBoundary>
              <SCurveChart pontos={pontos} />
            </ChartBoundary>
          </figure>
        </Suspense>
      </>
    );
  };
  return (
    <Card
      size="small"
      title={title}
      role="region"
      aria-label="Curva S"
      extra={
        <Segmented
          size="small"
          aria-label="Intervalo da curva S"
          value={intervalo}
          onChange={(v) => setIntervalo(v as 'dia' | 'semana')}
          options={[
            { label: 'Semana', value: 'semana' },
            { label: 'Dia', value: 'dia' },
          ]}
        />
      }
    >
      {body()}
    </Card>
  );
}
