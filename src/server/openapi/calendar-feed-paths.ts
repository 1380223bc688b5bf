/**
 * OpenAPI of the personal calendar feed (issue 41, src/server/calendar-feed/): the public
 * `/calendario/{arquivo}` (token + `.ics`) and the person's own `/calendario/endereco`.
 * Contracts: resources/calendar-feed.ts.
 */
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const status: JsonSchema = {
  type: 'object',
  required: ['ativo', 'criadoEm', 'ultimoUsoEm'],
  properties: {
    ativo: { type: 'boolean', description: 'A pessoa tem um endereço de calendário ativo.' },
    criadoEm: { type: ['string', 'null'], format: 'date-time' },
    ultimoUsoEm: { type: ['string', 'null'], format: 'date-time', description: 'Última leitura por um aplicativo de calendário.' },
  },
};
const issued: JsonSchema = {
  type: 'object',
  required: ['ativo', 'criadoEm', 'ultimoUsoEm', 'url'],
  properties: {
    ...(status.properties as Record<string, JsonSchema>),
    url: { type: 'string', format: 'uri', description: 'O endereço secreto (mostrado só nesta resposta; o portal guarda apenas o hash).' },
  },
};

export function calendarFeedPaths(): Record<string, JsonSchema> {
  const tags = ['Perfil'];
  return {
    '/calendario/endereco': {
      get: {
        tags,
        operationId: 'enderecoCalendario',
        summary: 'Situação do endereço de calendário da pessoa conectada',
        description: 'Se há um endereço ativo, quando foi gerado e quando um aplicativo de calendário o leu pela última vez (o endereço em si não é guardado).',
        responses: { 200: { description: 'Situação.', content: json(status) }, 401: res('Unauthorized'), 403: res('Forbidden') },
      },
      post: {
        tags,
        operationId: 'gerarEnderecoCalendario',
        summary: 'Gera um novo endereço de calendário (o anterior deixa de funcionar)',
        description: 'O endereço é mostrado só nesta resposta. Assine-o no Outlook ou no Google Agenda ("Adicionar calendário pela URL").',
        responses: { 201: { description: 'Endereço gerado.', content: json(issued) }, 401: res('Unauthorized'), 403: res('Forbidden') },
      },
      delete: {
        tags,
        operationId: 'desativarEnderecoCalendario',
        summary: 'Desativa o endereço de calendário',
        description: 'O endereço deixa de funcionar na hora: os aplicativos que o assinaram passam a receber 404.',
        responses: { 204: { description: 'Desativado.' }, 401: res('Unauthorized'), 403: res('Forbidden'), 404: res('NotFound') },
      },
    },
    '/calendario/{arquivo}': {
      get: {
        tags,
        operationId: 'agendaPessoal',
        summary: 'A agenda pessoal em iCalendar (pública: o token no endereço é a credencial)',
        description:
          'Os prazos das pendências da pessoa e, para quem é de obra, as atividades planejadas do cronograma das suas obras, ' +
          'calculados com o acesso da pessoa no momento da leitura. Endereço desconhecido, desativado, trocado ou de pessoa inativa: 404.',
        security: [],
        parameters: [
          {
            name: 'arquivo',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}\\.ics$' },
            description: 'O token do endereço seguido de `.ics`.',
          },
        ],
        responses: {
          200: { description: 'Calendário.', content: { 'text/calendar': { schema: { type: 'string' } } } },
          404: res('NotFound'),
        },
      },
    },
  };
}
