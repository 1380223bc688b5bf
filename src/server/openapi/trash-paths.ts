/** OpenAPI of the trash (src/server/trash, issue 35): list, restore, discard. */
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const id = { name: 'id', in: 'path', required: true, description: 'Número do item na lixeira.', schema: { type: 'integer', minimum: 1 } };

const item = {
  type: 'object',
  required: ['id', 'recurso', 'modulo', 'registroId', 'titulo', 'junto', 'excluidoPor', 'excluidoEm', 'expiraEm'],
  properties: {
    id: { type: 'integer' },
    recurso: { type: 'string', description: 'Recurso do registro excluído (posvendas, diarios…).' },
    modulo: { type: 'string', description: 'Nome do módulo para exibição.' },
    registroId: { type: 'integer', description: 'O id que o registro volta a ter quando restaurado.' },
    titulo: { type: 'string' },
    junto: { type: 'integer', description: 'Quantos registros foram excluídos junto (interações de um ticket, produtos de um contrato…).' },
    excluidoPor: { type: ['string', 'null'] },
    excluidoEm: { type: 'string', format: 'date-time' },
    expiraEm: { type: 'string', format: 'date-time', description: 'Quando será apagado de vez, pelo prazo em vigor.' },
  },
};
const message = { type: 'object', required: ['mensagem'], properties: { mensagem: { type: 'string' } } };

export function trashPaths(): Record<string, JsonSchema> {
  return {
    '/lixeira': {
      get: {
        tags: ['Lixeira'],
        operationId: 'lixeira',
        summary: 'Registros excluídos que a pessoa pode restaurar',
        description:
          'Só colaboradores (usuários externos: 403). Cada item aparece para quem pode excluir o registro como ele estava. Mais recentes primeiro; total em x-total-count.',
        parameters: [
          { name: '_start', in: 'query', schema: { type: 'integer', minimum: 0 } },
          { name: '_end', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'recurso', in: 'query', description: 'Só os itens deste recurso.', schema: { type: 'string' } },
          { name: 'q', in: 'query', description: 'Parte do título, sem diferenciar maiúsculas e acentos.', schema: { type: 'string' } },
        ],
        responses: {
          200: {
            description: 'Itens e o prazo em dias.',
            headers: { 'x-total-count': { schema: { type: 'integer' } } },
            content: json({
              type: 'object',
              required: ['itens', 'total', 'dias'],
              properties: { itens: { type: 'array', items: item }, total: { type: 'integer' }, dias: { type: 'integer' } },
            }),
          },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
    '/lixeira/{id}/restaurar': {
      post: {
        tags: ['Lixeira'],
        operationId: 'restaurarDaLixeira',
        summary: 'Restaura um registro excluído, com o que foi junto e seus arquivos',
        description:
          'O registro volta com o mesmo número, histórico e arquivos; o histórico registra quem restaurou. 409 quando algo mudou no meio tempo (um registro a que ele se refere não existe mais, um valor único ou a data de um diário já foi usado).',
        parameters: [id],
        responses: {
          200: {
            description: 'Restaurado.',
            content: json({
              type: 'object',
              required: ['recurso', 'id', 'mensagem'],
              properties: { recurso: { type: 'string' }, id: { type: 'integer' }, mensagem: { type: 'string' } },
            }),
          },
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
          409: res('Conflict'),
        },
      },
    },
    '/lixeira/{id}': {
      delete: {
        tags: ['Lixeira'],
        operationId: 'excluirDaLixeira',
        summary: 'Exclui definitivamente um item da lixeira (administradores)',
        description: 'O registro e os arquivos que só ele tinha são apagados de vez.',
        parameters: [id],
        responses: { 200: { description: 'Excluído.', content: json(message) }, 401: res('Unauthorized'), 403: res('Forbidden'), 404: res('NotFound') },
      },
    },
  };
}
