/** Factory dashboard (/fabrica/Dashboard): manufacturings by stage and due date, late ones, factory projects by situation. */
import { FABRICACAO_STATUS } from '../../schemas/fabricacao';
import type { DashboardSpec } from './types';

const OPEN = FABRICACAO_STATUS.filter((s) => !['Concluída', 'Expedida', 'Cancelada'].includes(s));

export const FABRICA_DASHBOARD: DashboardSpec = {
  id: 'fabrica',
  title: 'Painel da fábrica',
  defaultMonths: 12,
  widgets: [
    { id: 'producao', title: 'Em produção', kind: 'kpi', entity: 'fabricacao', filters: { status: 'Em produção' }, span: 6 },
    { id: 'atrasadas', title: 'Atrasadas', kind: 'kpi', entity: 'fabricacao', filters: { status: OPEN, dataPrevista_lte: '$ontem' }, span: 6, help: 'Em aberto com a data prevista já passada.' },
    { id: 'concluidas', title: 'Concluídas no período', kind: 'kpi', entity: 'fabricacao', filters: { status: ['Concluída', 'Expedida'] }, periodField: 'dataConclusao', span: 6 },
    { id: 'projetos', title: 'Projetos em elaboração ou verificação', kind: 'kpi', entity: 'projetoFabrica', filters: { status: ['Em elaboração', 'Em verificação'] }, span: 6 },
    { id: 'etapa', title: 'Fabricações por etapa', kind: 'bar', entity: 'fabricacao', groupBy: 'status', span: 12 },
    { id: 'previstas', title: 'Em aberto por mês previsto', kind: 'column', entity: 'fabricacao', groupBy: 'dataPrevista', interval: 'month', filters: { status: OPEN }, span: 12 },
    { id: 'mecanicos', title: 'Projetos mecânicos por situação', kind: 'bar', entity: 'projetoFabrica', groupBy: 'status', filters: { tipo: 'Mecânico' }, span: 12 },
    { id: 'eletricos', title: 'Projetos elétricos por situação', kind: 'bar', entity: 'projetoFabrica', groupBy: 'status', filters: { tipo: 'Elétrico' }, span: 12 },
  ],
};
