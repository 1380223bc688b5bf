/** OpenAPI of the caller's own sessions (src/server/sessions, issue 35): list, end one, end all. */
import { TOTAL_COUNT_HEADERS } from './components';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ENDED =
  'Uma sessão encerrada recebe 401 com `codigo: "sessao-encerrada"` em qualquer requisição seguinte (em todos os processos, em até 5 s); o portal então sai e avisa na página de entrada.';

const session = {
  type: 'object',
  required: ['id', 'dispositivo', 'local', 'ip', 'iniciadaEm', 'ultimoUso', 'atual'],
  properties: {
    id: { type: 'integer' },
    dispositivo: { type: 'string', description: 'Navegador e sistema, em palavras (ex.: "Chrome no Windows", "Safari no iPhone").' },
    local: { type: 'string', description: 'O endereço de origem, ou "Rede local" para endereços privados (sem consulta de localização).' },
    ip: { type: ['string', 'null'] },
    iniciadaEm: { type: 'string', format: 'date-time' },
    ultimoUso: { type: 'string', format: 'date-time', description: 'Atualizado no máximo uma vez por minuto.' },
    atual: { type: 'boolean', description: 'A sessão desta requisição.' },
  },
};

export function sessionPaths(): Record<string, JsonSchema> {
  return {
    '/sessoes': {
      get: {
        tags: ['Sistema'],
        operationId: 'sessoes',
        summary: 'As sessões ativas da pessoa conectada',
        description: `Cada pessoa vê só as suas: não encerradas e usadas nos últimos 30 dias, usadas mais recentemente primeiro. ${ENDED}`,
        responses: {
          200: { description: 'Sessões.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: session }) },
          401: res('Unauthorized'),
        },
      },
    },
    '/sessoes/{id}': {
      delete: {
        tags: ['Sistema'],
        operationId: 'encerrarSessao',
        summary: 'Encerra uma sessão da própria pessoa ("Sair deste")',
        description: `404 para uma sessão de outra pessoa ou já encerrada. ${ENDED}`,
        parameters: [{ name: 'id', in: 'path', required: true, description: 'Número da sessão.', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          200: {
            description: 'Encerrada.',
            content: json({ type: 'object', required: ['id', 'mensagem'], properties: { id: { type: 'integer' }, mensagem: { type: 'string' } } }),
          },
          401: res('Unauthorized'),
          404: res('NotFound'),
        },
      },
    },
    '/sessoes/sair-de-todos': {
      post: {
        tags: ['Sistema'],
        operationId: 'sairDeTodasAsSessoes',
        summary: 'Encerra todas as sessões da própria pessoa, inclusive a atual',
        description: `Também as que começaram antes e ainda não chegaram à API; no provedor de identidade, saída global (os tokens de renovação são revogados). ${ENDED}`,
        responses: {
          200: {
            description: 'Encerradas.',
            content: json({
              type: 'object',
              required: ['encerradas', 'provedor', 'mensagem'],
              properties: {
                encerradas: { type: 'integer', description: 'Quantas sessões estavam abertas.' },
                provedor: { type: 'boolean', description: 'Se o provedor de identidade fez a saída global.' },
                mensagem: { type: 'string' },
              },
            }),
          },
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
  };
}
