/** Legal dashboard (/juridico/dashboard?obra=…): the site's civil and labour cases, provisions and hearings. */
import type { DashboardSpec } from './types';

const site = { obra: '?obra' };

export const JURIDICO_DASHBOARD: DashboardSpec = {
  id: 'juridico',
  title: 'Painel jurídico',
  defaultMonths: 36,
  widgets: [
    { id: 'ativos', title: 'Processos ativos', kind: 'kpi', entity: 'processoJuridico', filters: { ...site, status_ne: 'Arquivado' }, span: 6 },
    {
      id: 'provisao',
      title: 'Valor provisionado (ativos)',
      kind: 'kpi',
      entity: 'processoJuridico',
      measure: 'sum:valorProvisionado',
      filters: { ...site, status_ne: 'Arquivado' },
      span: 6,
    },
    {
      id: 'causa',
      title: 'Valor das causas (ativos)',
      kind: 'kpi',
      entity: 'processoJuridico',
      measure: 'sum:valorCausa',
      filters: { ...site, status_ne: 'Arquivado' },
      span: 6,
    },
    {
      id: 'audiencias',
      title: 'Audiências nos próximos 30 dias',
      kind: 'kpi',
      entity: 'processoJuridico',
      filters: { ...site, proximaAudiencia_gte: '$hoje', proximaAudiencia_lte: '$hoje+30' },
      span: 6,
    },
    { id: 'fase', title: 'Por fase', kind: 'bar', entity: 'processoJuridico', groupBy: 'status', filters: site, span: 12 },
    { id: 'tipo', title: 'Cíveis e trabalhistas', kind: 'pie', entity: 'processoJuridico', groupBy: 'tipo', filters: site, span: 12 },
    {
      id: 'provisao-tipo',
      title: 'Provisão por probabilidade de perda',
      kind: 'table',
      entity: 'processoJuridico',
      measure: 'sum:valorProvisionado',
      groupBy: 'probabilidadePerda',
      filters: { ...site, status_ne: 'Arquivado' },
      span: 12,
    },
    {
      id: 'distribuidos',
      title: 'Distribuídos por mês',
      kind: 'column',
      entity: 'processoJuridico',
      groupBy: 'dataDistribuicao',
      interval: 'month',
      filters: site,
      periodField: 'dataDistribuicao',
      span: 12,
    },
  ],
};
