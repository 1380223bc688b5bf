/** Factory dashboard (/fabrica/Dashboard): manufacturings by stage and due date, late ones, factory projects by situation. */
import { FABRICACAO_STATUS } from '../../schemas/fabricacao';
import type { DashboardSpec, DashboardWidget } from './types';

const OPEN = FABRICACAO_STATUS.filter((s) => !['Concluída', 'Expedida', 'Cancelada'].includes(s));

/** The widgets of all sites, or of one (`site` = { obra: ':obra' }). */
function widgets(site: Record<string, string>): DashboardWidget[] {
  return [
    { id: 'producao', title: 'Em produção', kind: 'kpi', entity: 'fabricacao', filters: { ...site, status: 'Em produção' }, span: 6 },
    {
      id: 'atrasadas',
      title: 'Atrasadas',
      kind: 'kpi',
      entity: 'fabricacao',
      filters: { ...site, status: OPEN, dataPrevista_lte: '$ontem' },
      span: 6,
      help: 'Em aberto com a data prevista já passada.',
    },
    {
      id: 'concluidas',
      title: 'Concluídas no período',
      kind: 'kpi',
      entity: 'fabricacao',
      filters: { ...site, status: ['Concluída', 'Expedida'] },
      periodField: 'dataConclusao',
      span: 6,
    },
    {
      id: 'projetos',
      title: 'Projetos em elaboração ou verificação',
      kind: 'kpi',
      entity: 'projetoFabrica',
      filters: { ...site, status: ['Em elaboração', 'Em verificação'] },
      span: 6,
    },
    { id: 'etapa', title: 'Fabricações por etapa', kind: 'bar', entity: 'fabricacao', groupBy: 'status', filters: site, span: 12 },
    {
      id: 'previstas',
      title: 'Em aberto por mês previsto',
      kind: 'column',
      entity: 'fabricacao',
      groupBy: 'dataPrevista',
      interval: 'month',
      filters: { ...site, status: OPEN },
      span: 12,
    },
    {
      id: 'mecanicos',
      title: 'Projetos mecânicos por situação',
      kind: 'bar',
      entity: 'projetoFabrica',
      groupBy: 'status',
      filters: { ...site, tipo: 'Mecânico' },
      span: 12,
    },
    {
      id: 'eletricos',
      title: 'Projetos elétricos por situação',
      kind: 'bar',
      entity: 'projetoFabrica',
      groupBy: 'status',
      filters: { ...site, tipo: 'Elétrico' },
      span: 12,
    },
  ];
}

export const FABRICA_DASHBOARD: DashboardSpec = { id: 'fabrica', title: 'Painel da fábrica', defaultMonths: 12, widgets: widgets({}) };

/**
 * One site's factory dashboard (/:obra/fabricacao/Dashboard): manufacturings and factory projects
 * both carry the site (`obra`), so every widget is the general one limited to it, plus the list of
 * the site's open manufacturings by due date.
 */
export const FABRICA_OBRA_DASHBOARD: DashboardSpec = {
  id: 'fabrica-obra',
  title: 'Painel de projetos da fabricação',
  defaultMonths: 12,
  widgets: [
    ...widgets({ obra: ':obra' }),
    {
      id: 'abertas',
      title: 'Fabricações em aberto por data prevista',
      kind: 'records',
      entity: 'fabricacao',
      filters: { obra: ':obra', status: OPEN },
      span: 24,
      limit: 10,
      columns: ['codigo', 'descricao', 'status', 'dataPrevista', 'responsavel'],
      sort: { field: 'dataPrevista', order: 'asc' },
    },
  ],
};
