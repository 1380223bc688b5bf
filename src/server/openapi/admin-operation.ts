/** An operation only administrators may call with their own session (service accounts, webhooks: issue 41). */
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const WHO = 'Só administradores (quem gerencia `Configuracao`: `acesso_total`), com a sua sessão: uma chave de API recebe 403.';

export const adminOperation = (operationId: string, summary: string, description: string, responses: JsonSchema, extra: JsonSchema = {}) => ({
  tags: ['Sistema'],
  operationId,
  summary,
  description: `${description} ${WHO}`,
  ...extra,
  responses: { ...responses, 401: r('Unauthorized'), 403: r('Forbidden') },
});
