/** OpenAPI of a site's impracticable days (src/server/dias-impraticaveis/routes.ts, issue 26). */
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const TURNOS = ['Manhã', 'Tarde', 'Noite'];

export function lostDaysPaths(): Record<string, JsonSchema> {
  const date = { type: 'string', format: 'date' };
  const item = {
    type: 'object',
    required: ['id', 'numero', 'data', 'status', 'turnos', 'tempo', 'chuvaMm'],
    properties: {
      id: { type: 'integer', description: 'O diário (GET /diarios/{id}).' },
      numero: { type: ['integer', 'null'], description: 'Nº do RDO na obra.' },
      data: date,
      status: { type: 'string' },
      turnos: { type: 'array', items: { type: 'string', enum: TURNOS }, description: 'Os turnos impraticáveis, na ordem do diário.' },
      tempo: { type: 'array', items: { type: ['string', 'null'] }, description: 'O tempo de cada turno impraticável (mesma ordem de `turnos`).' },
      chuvaMm: { type: ['number', 'null'], description: 'Chuva do dia (mm).' },
    },
  };
  const answer = {
    type: 'object',
    required: ['obra', 'de', 'ate', 'dias', 'turnos', 'diasInteiros', 'lista', 'ultimoDia'],
    properties: {
      obra: { type: 'string' },
      de: date,
      ate: date,
      dias: { type: 'integer', description: 'Dias com ao menos um turno impraticável.' },
      turnos: { type: 'integer', description: 'Turnos impraticáveis.' },
      diasInteiros: { type: 'integer', description: 'Dias em que todos os turnos registrados foram impraticáveis.' },
      lista: { type: 'array', items: item, description: 'Os diários do período com turno impraticável, por data.' },
      ultimoDia: { type: ['string', 'null'], format: 'date', description: 'O último dia com turno impraticável que a pessoa pode ver, em qualquer período.' },
    },
  };
  const day = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: date });
  return {
    '/obras/{obra}/dias-impraticaveis': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags: ['Diários de obra'],
        operationId: 'diasImpraticaveisDaObra',
        summary: 'Dias impraticáveis de uma obra num período (dias, turnos, dias inteiros e a lista dos diários)',
        description:
          'Os diários da obra no período, fora de rascunho, com ao menos um turno marcado como impraticável, que a pessoa pode ler ' +
          '(um representante do cliente vê os diários concluídos das suas obras). Serve ao pedido de prorrogação de prazo. ' +
          'Sem `de` e `ate`, o mês corrente; o período tem no máximo 366 dias.',
        parameters: [day('de', 'Primeiro dia (aaaa-mm-dd).'), day('ate', 'Último dia (aaaa-mm-dd), não anterior a `de`.')],
        responses: {
          200: { description: 'Os totais e a lista do período.', content: { 'application/json': { schema: answer } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}
