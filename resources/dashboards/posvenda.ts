/** Post-sales dashboard (/dashboard-posvendas): tickets over time and by cause, deadlines, costs (docs/specification.md §9). */
import { POSVENDA_STATUS } from '../../schemas/posvenda';
import type { DashboardSpec } from './types';

const OPEN = POSVENDA_STATUS.filter((s) => s !== 'Concluído' && s !== 'Cancelado');

export const POSVENDA_DASHBOARD: DashboardSpec = {
  id: 'posvenda',
  title: 'Painel de pós-venda',
  defaultMonths: 12,
  widgets: [
    { id: 'abertos', title: 'Tickets em aberto', kind: 'kpi', entity: 'posvenda', filters: { status: OPEN }, span: 6 },
    { id: 'atrasados', title: 'Em aberto com prazo vencido', kind: 'kpi', entity: 'posvenda', filters: { status: OPEN, prazo_lte: '$ontem' }, span: 6 },
    { id: 'concluidos', title: 'Concluídos no período', kind: 'kpi', entity: 'posvenda', filters: { status: 'Concluído' }, periodField: 'conclusao', span: 6 },
    { id: 'custo', title: 'Custo no período', kind: 'kpi', entity: 'custoPosvenda', measure: 'sum:valor', periodField: 'data', span: 6 },
    {
      id: 'tempo-conclusao', title: 'Tempo médio até a conclusão', kind: 'kpi', entity: 'posvenda', measure: 'avgDays:abertura,conclusao', filters: { status: 'Concluído' }, periodField: 'conclusao', span: 6,
      help: 'Da abertura à conclusão, nos tickets concluídos no período.',
    },
    { id: 'tempo-categoria', title: 'Tempo médio até a conclusão, por categoria', kind: 'bar', entity: 'posvenda', measure: 'avgDays:abertura,conclusao', groupBy: 'categoria', filters: { status: 'Concluído' }, periodField: 'conclusao', span: 18 },
    { id: 'abertura-mes', title: 'Tickets abertos por mês', kind: 'column', entity: 'posvenda', groupBy: 'abertura', interval: 'month', periodField: 'abertura', span: 12 },
    { id: 'conclusao-mes', title: 'Tickets concluídos por mês', kind: 'column', entity: 'posvenda', groupBy: 'conclusao', interval: 'month', filters: { status: 'Concluído' }, periodField: 'conclusao', span: 12 },
    { id: 'situacao', title: 'Por situação', kind: 'bar', entity: 'posvenda', groupBy: 'status', periodField: 'abertura', span: 8 },
    { id: 'categoria', title: 'Por categoria', kind: 'pie', entity: 'posvenda', groupBy: 'categoria', periodField: 'abertura', span: 8 },
    { id: 'causa', title: 'Por macrocategoria da causa raiz', kind: 'bar', entity: 'posvenda', groupBy: 'macroCategoriaCausaRaiz', periodField: 'abertura', span: 8 },
    { id: 'area', title: 'Por área causadora', kind: 'bar', entity: 'posvenda', groupBy: 'areaCausadora', periodField: 'abertura', span: 12 },
    { id: 'setor', title: 'Por setor causador', kind: 'bar', entity: 'posvenda', groupBy: 'setorCausador', top: 10, periodField: 'abertura', span: 12 },
    {
      id: 'maiores-custos', title: 'Os 10 maiores custos por ticket e os demais', kind: 'table', entity: 'custoPosvenda', measure: 'sum:valor', groupBy: 'ticket', top: 10, periodField: 'data', span: 12,
      help: 'Os dez tickets de maior custo no período; o restante acumulado em "Outros".',
    },
    { id: 'custo-categoria', title: 'Custos por categoria', kind: 'pie', entity: 'custoPosvenda', measure: 'sum:valor', groupBy: 'categoria', periodField: 'data', span: 12 },
  ],
};
