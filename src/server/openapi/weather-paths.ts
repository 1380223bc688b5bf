/** OpenAPI of the daily report's weather (src/server/weather/routes.ts): a site's weather per period of a day, from `WEATHER_URL`. */
import { RDO_PERIODS, RDO_WEATHER } from '../../../schemas/diario';
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

export function weatherPaths(): Record<string, JsonSchema> {
  const available = {
    type: 'object',
    required: ['disponivel', 'fonte', 'data', 'periodos', 'chuvaMm'],
    properties: {
      disponivel: { const: true },
      fonte: { const: 'open-meteo' },
      data: { type: 'string', format: 'date' },
      periodos: {
        type: 'array',
        items: {
          type: 'object',
          required: ['periodo', 'tempo', 'chuvaMm', 'temperaturaC'],
          properties: {
            periodo: { type: 'string', enum: [...RDO_PERIODS], description: 'Manhã 06–12 h, Tarde 12–18 h, Noite 18–24 h (hora de Brasília).' },
            tempo: {
              type: 'string',
              enum: [...RDO_WEATHER],
              description: 'O pior tempo das horas do período (códigos WMO convertidos: src/server/weather/wmo.ts).',
            },
            chuvaMm: { type: 'number', minimum: 0, description: 'Chuva somada do período, 2 casas decimais.' },
            temperaturaC: { type: ['number', 'null'], description: 'Temperatura média do período a 2 m, 1 casa decimal.' },
          },
        },
      },
      chuvaMm: { type: 'number', minimum: 0, description: 'Chuva do dia inteiro (24 horas), 2 casas decimais.' },
    },
  };
  const unavailable = {
    type: 'object',
    required: ['disponivel', 'motivo'],
    properties: {
      disponivel: { const: false },
      motivo: {
        type: 'string',
        description: 'Por que o clima não veio (sem WEATHER_URL, obra sem coordenadas, serviço fora do ar, lento ou com resposta ilegível).',
      },
    },
  };
  return {
    '/obras/{obra}/clima': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags: ['Diários de obra'],
        operationId: 'climaDaObra',
        summary: 'Clima de um dia na obra por período do diário (Manhã, Tarde, Noite), do serviço de previsão configurado',
        description:
          'Para quem lê a obra (404 para os demais). Consulta o serviço compatível com Open-Meteo de WEATHER_URL pelas coordenadas da obra ' +
          '(3 s no máximo) e guarda a resposta por obra e dia: um dia passado para sempre, hoje e dias futuros por 1 hora. ' +
          'Sem WEATHER_URL, sem coordenadas, com o serviço fora do ar, lento ou com resposta ilegível, responde 200 com disponivel: false ' +
          'e o motivo: o clima do diário fica manual.',
        parameters: [{ name: 'data', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'AAAA-MM-DD; outro formato: 400.' }],
        responses: {
          200: {
            description: 'O clima do dia, ou por que não está disponível.',
            content: { 'application/json': { schema: { oneOf: [available, unavailable] } } },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          404: r('NotFound'),
        },
      },
    },
  };
}
