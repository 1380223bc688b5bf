/**
 * The KPI cards of a site's home (/obras/:obra) and of a manufacturing site's home
 * (/fabricacao/:obra): each one aggregate count (GET /{resource}/aggregate) of the site's records
 * under the viewer's read rules. Filter values as in dashboards (':obra', '$hoje'), plus
 * '$inicioMes' (the first day of the current month). Isomorphic: no React, no Node.
 */
import { POSVENDA_STATUS } from '../../schemas/posvenda';
import { OS_WORKFLOW } from '../../schemas/shared/os-fields';
import { FABRICACAO_STATUS } from '../../schemas/fabricacao';

export interface SiteKpi {
  id: string;
  title: string;
  /** Schema name of the records counted. */
  entity: string;
  filters: Record<string, string | string[]>;
  help?: string;
  layouts: ('site' | 'factory')[];
}

const OPEN_OS = OS_WORKFLOW.states.filter((s) => !s.final).map((s) => s.value);
const OPEN_TICKETS = POSVENDA_STATUS.filter((s) => s !== 'Concluído' && s !== 'Cancelado');
const BOTH: SiteKpi['layouts'] = ['site', 'factory'];

export const SITE_KPIS: SiteKpi[] = [
  { id: 'rdos-mes', title: 'RDOs no mês', entity: 'diario', filters: { obra: ':obra', data_gte: '$inicioMes', data_lte: '$hoje' }, layouts: ['site'] },
  { id: 'os-field', title: 'OS de campo abertas', entity: 'osField', filters: { obra: ':obra', status: OPEN_OS }, layouts: ['site'] },
  { id: 'os-automacao', title: 'OS de automação abertas', entity: 'osAutomacao', filters: { obra: ':obra', status: OPEN_OS }, layouts: ['site'] },
  {
    id: 'fabricacoes',
    title: 'Fabricações em andamento',
    entity: 'fabricacao',
    filters: { obra: ':obra', status: FABRICACAO_STATUS.filter((s) => !['Concluída', 'Expedida', 'Cancelada'].includes(s)) },
    layouts: ['factory'],
  },
  { id: 'tickets', title: 'Tickets de pós-venda abertos', entity: 'posvenda', filters: { obra: ':obra', status: OPEN_TICKETS }, layouts: BOTH },
  { id: 'cre-pap', title: 'Documentos aguardando aprovação do cliente', entity: 'projeto', filters: { obra: ':obra', Situacao: 'PAP' }, layouts: BOTH },
];
