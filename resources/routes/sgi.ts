/** SGI: quality, environment, safety and audit records, and action plans (docs/specification.md §2). */
import { can, create, defineRoutes, list } from './define';

const r = defineRoutes('general', 'SGI', 'AlertOutlined');

const area = (value: string) => ({ access: can('TicketSgi'), entity: list('ticketSgi', { filters: { area: value } }) });

export const SGI_ROUTES = [
  r('/sgi', 'Todos os registros', { access: can('TicketSgi'), entity: list('ticketSgi') }),
  r('/sgi/qualidade', 'Qualidade', { ...area('Qualidade'), icon: 'CheckCircleOutlined' }),
  r('/sgi/meioAmbiente', 'Meio ambiente', { ...area('Meio Ambiente'), icon: 'EnvironmentOutlined' }),
  r('/sgi/seguranca', 'Segurança', { ...area('Segurança'), icon: 'SafetyCertificateOutlined' }),
  r('/sgi/auditoria', 'Auditoria', { ...area('Auditoria'), icon: 'AuditOutlined' }),
  r('/sgi/acoes', 'Ações', { access: can('TicketSgi', 'readAcoes'), entity: list('planoAcao'), icon: 'CarryOutOutlined' }),
  // Access not shown by the spec: creating a plan is create on its subject.
  r('/sgi/plano-acao', 'Novo plano de ação', { access: can('TicketSgi', 'create'), entity: create('planoAcao'), menu: false, icon: 'PlusOutlined' }),
];
