/** OpenAPI of the daily report's EAP picker (src/server/modules/eap-codigos.ts): the EAP items a daily report may cite. */
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

export function eapCodePaths(): Record<string, JsonSchema> {
  const item = {
    type: 'object',
    required: ['id', 'codigo', 'descricao', 'pai'],
    properties: {
      id: { type: 'integer' },
      codigo: { type: 'string' },
      descricao: { type: 'string' },
      pai: { type: ['integer', 'null'], description: 'O item pai (id de outro item da lista).' },
    },
  };
  return {
    '/obras/{obra}/eap-codigos': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags: ['EAP (Field e automação)'],
        operationId: 'codigosEapDaObra',
        summary: 'Itens da EAP de uma obra e área que um diário de OS pode citar (código, descrição, item pai)',
        description:
          'Para quem lê a EAP dessa obra e área e para quem lança diários de OS dessa área numa obra sua (técnicos de field e de automação). ' +
          'Só o que a escolha do código precisa: sem pesos, datas, quantidades nem pessoas.',
        parameters: [{ name: 'area', in: 'query', required: true, schema: { type: 'string', enum: ['FIELD', 'AUTOMACAO'] } }],
        responses: {
          200: {
            description: 'Os itens, em ordem de código.',
            headers: TOTAL_COUNT_HEADERS,
            content: { 'application/json': { schema: { type: 'array', items: item } } },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}
