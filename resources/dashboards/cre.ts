/**
 * Engineering documents (CRE) dashboards: all sites (/cre/Dashboard) and one site
 * (/obras/{obra}/cre/Dashboard, the same widgets limited to the site).
 */
import type { DashboardSpec, DashboardWidget } from './types';

function widgets(site: Record<string, string>): DashboardWidget[] {
  return [
    { id: 'total', title: 'Documentos ativos', kind: 'kpi', entity: 'projeto', filters: { ...site, Situacao_ne: 'CAN' }, span: 6 },
    { id: 'pap', title: 'Aguardando aprovação do cliente', kind: 'kpi', entity: 'projeto', filters: { ...site, Situacao: 'PAP' }, span: 6 },
    {
      id: 'vencidos',
      title: 'Aprovação vencida',
      kind: 'kpi',
      entity: 'projeto',
      filters: { ...site, Situacao: 'PAP', prazoAprovacao_lte: '$ontem' },
      span: 6,
      help: 'Em aprovação com o prazo do cliente já passado.',
    },
    {
      id: 'reprovados',
      title: 'Reprovados no período',
      kind: 'kpi',
      entity: 'projeto',
      filters: { ...site, Situacao: 'PR' },
      periodField: 'dataEmissao',
      span: 6,
    },
    {
      id: 'tempo-aprovacao',
      title: 'Tempo médio de aprovação',
      kind: 'kpi',
      entity: 'projeto',
      measure: 'avgDays:dataEmissao,dataAprovacao',
      filters: site,
      periodField: 'dataAprovacao',
      span: 6,
      help: 'Da emissão para o cliente à aprovação, nos documentos aprovados no período.',
    },
    {
      id: 'tempo-disciplina',
      title: 'Tempo médio de aprovação, por disciplina',
      kind: 'bar',
      entity: 'projeto',
      measure: 'avgDays:dataEmissao,dataAprovacao',
      groupBy: 'disciplina',
      filters: site,
      periodField: 'dataAprovacao',
      span: 18,
    },
    { id: 'situacao', title: 'Por situação', kind: 'bar', entity: 'projeto', groupBy: 'Situacao', filters: site, span: 12 },
    { id: 'categoria', title: 'Por categoria', kind: 'pie', entity: 'projeto', groupBy: 'categoria', filters: site, span: 12 },
    {
      id: 'emitidos',
      title: 'Emitidos para o cliente por mês',
      kind: 'column',
      entity: 'projeto',
      groupBy: 'dataEmissao',
      interval: 'month',
      filters: site,
      periodField: 'dataEmissao',
      span: 12,
    },
    {
      id: 'aprovados',
      title: 'Aprovados por mês',
      kind: 'column',
      entity: 'projeto',
      groupBy: 'dataAprovacao',
      interval: 'month',
      filters: site,
      periodField: 'dataAprovacao',
      span: 12,
    },
    {
      id: 'reprovacoes',
      title: 'Reprovações por disciplina',
      kind: 'bar',
      entity: 'projeto',
      groupBy: 'disciplina',
      filters: { ...site, Situacao: 'PR' },
      span: 12,
    },
    {
      id: 'pendentes-obra',
      title: 'Aguardando aprovação, por obra',
      kind: 'bar',
      entity: 'projeto',
      groupBy: 'obra',
      filters: { ...site, Situacao: 'PAP' },
      span: 12,
    },
  ];
}

export const CRE_DASHBOARD: DashboardSpec = { id: 'cre', title: 'Painel CRE', defaultMonths: 12, widgets: widgets({}) };
export const CRE_OBRA_DASHBOARD: DashboardSpec = {
  id: 'cre-obra',
  title: 'Painel CRE da obra',
  defaultMonths: 12,
  widgets: widgets({ obra: ':obra' }).filter((w) => w.id !== 'pendentes-obra'),
};
