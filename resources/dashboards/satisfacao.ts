/**
 * Satisfaction dashboard (/posvendas-satisfacao): the post-sales survey answers (pesquisaSatisfacao).
 *
 * CSAT is the share of answers scoring 4 or 5 (1–5 scale), per question; the headline CSAT is the
 * service question's (notaAtendimento), the one every answer has. NPS is the percentage of
 * promoters (9–10) minus the percentage of detractors (0–6), from −100 to +100. The category is the
 * ticket's, copied onto the survey when it is recorded (schemas/pesquisa-satisfacao.ts `copies`).
 */
import type { DashboardSpec, DashboardWidget, ShareFormula } from './types';

const CSAT = (field: string): ShareFormula => ({ of: { [`${field}_gte`]: '4' } });
const NPS: ShareFormula = { of: { nps_gte: '9' }, minus: { nps_lte: '6' }, display: 'score' };
const base = { entity: 'pesquisaSatisfacao', periodField: 'data' } as const;

const csatKpi = (id: string, field: string, title: string, span: number): DashboardWidget => ({
  ...base,
  id,
  title,
  kind: 'kpi',
  share: CSAT(field),
  span,
  help: 'Respostas com nota 4 ou 5, em % das respostas.',
});

export const SATISFACAO_DASHBOARD: DashboardSpec = {
  id: 'satisfacao',
  title: 'Painel de satisfação',
  defaultMonths: 12,
  widgets: [
    { ...base, id: 'respostas', title: 'Respostas no período', kind: 'kpi', span: 6 },
    csatKpi('csat', 'notaAtendimento', 'CSAT do atendimento', 6),
    { ...base, id: 'nps', title: 'NPS', kind: 'kpi', share: NPS, span: 6, help: '% de promotores (9–10) menos % de detratores (0–6).' },
    { ...base, id: 'media', title: 'Nota média do atendimento', kind: 'kpi', measure: 'avg:notaAtendimento', span: 6, help: 'De 1 a 5.' },
    csatKpi('csat-prazo', 'notaPrazo', 'CSAT do prazo', 8),
    csatKpi('csat-qualidade', 'notaQualidade', 'CSAT da qualidade da solução', 8),
    csatKpi('csat-comunicacao', 'notaComunicacao', 'CSAT da comunicação', 8),
    { ...base, id: 'respostas-mes', title: 'Respostas por mês', kind: 'column', groupBy: 'data', interval: 'month', span: 12 },
    { ...base, id: 'nps-mes', title: 'NPS por mês', kind: 'line', groupBy: 'data', interval: 'month', share: NPS, span: 12 },
    { ...base, id: 'csat-obra', title: 'CSAT do atendimento por obra', kind: 'bar', groupBy: 'obra', share: CSAT('notaAtendimento'), span: 12 },
    { ...base, id: 'nps-obra', title: 'NPS por obra', kind: 'bar', groupBy: 'obra', share: NPS, span: 12 },
    {
      ...base,
      id: 'csat-categoria',
      title: 'CSAT do atendimento por categoria do ticket',
      kind: 'bar',
      groupBy: 'categoria',
      share: CSAT('notaAtendimento'),
      span: 12,
    },
    { ...base, id: 'nps-categoria', title: 'NPS por categoria do ticket', kind: 'bar', groupBy: 'categoria', share: NPS, span: 12 },
    {
      ...base,
      id: 'comentarios',
      title: 'Últimas respostas e comentários',
      kind: 'records',
      span: 24,
      limit: 10,
      columns: ['data', 'obra', 'ticket', 'notaAtendimento', 'nps', 'comentario'],
      sort: { field: 'data', order: 'desc' },
    },
  ],
};
