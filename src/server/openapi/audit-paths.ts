/** OpenAPI of the audit trail (src/server/audit, issue 35). */
import { AUDIT_KIND_KEYS, AUDIT_KINDS, SIGN_IN_FAILURES } from '../../../resources/audit';
import { LIST_MAX } from '../crud/list-query';
import { EXPORT_MAX } from '../audit/routes';
import { COUNT_CAP } from '../audit/query';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const query = (name: string, description: string, schema: JsonSchema) => ({ name, in: 'query', required: false, description, schema });
const nullable = (type: string) => ({ type: [type, 'null'] });

const entry: JsonSchema = {
  type: 'object',
  required: ['id', 'tipo', 'em', 'pessoa', 'ip', 'dispositivo', 'modulo', 'registro', 'detalhes'],
  properties: {
    id: { type: 'string', description: "'h' + id do histórico ou 'a' + id do evento de acesso." },
    tipo: { type: 'string', enum: AUDIT_KIND_KEYS },
    em: { type: 'string', format: 'date-time' },
    pessoa: { ...nullable('string'), description: 'E-mail de quem agiu (na falha de entrada: a conta digitada).' },
    nome: { ...nullable('string'), description: 'Nome da pessoa no cadastro de usuários, quando há.' },
    ip: nullable('string'),
    dispositivo: { ...nullable('string'), description: 'O User-Agent do navegador.' },
    modulo: { ...nullable('string'), description: 'O recurso (ex.: `diarios`, `usuarios`, `configuracoes`).' },
    registro: nullable('string'),
    motivo: { type: ['string', 'null'], enum: [...Object.keys(SIGN_IN_FAILURES), null], description: 'Motivo da falha de entrada.' },
    detalhes: {
      type: 'object',
      description:
        'Histórico: `alteracoes` (campo → de/para), `transicao`, `comentario`, `emNomeDe`. Exportação: `formato`, `filtros`, `total`. Download: `arquivo`.',
    },
    requestId: { ...nullable('string'), description: 'O id da requisição que gerou a entrada (o mesmo do log).' },
  },
};

export function auditPaths(): Record<string, JsonSchema> {
  const kinds = AUDIT_KIND_KEYS.map((k) => `\`${k}\` (${AUDIT_KINDS[k]})`).join(', ');
  return {
    '/auditoria': {
      get: {
        tags: ['Sistema'],
        operationId: 'auditoria',
        summary: 'Trilha de auditoria (administradores e controladoria)',
        description:
          'O histórico dos registros e os eventos de acesso (entradas, falhas de entrada com o motivo, exportações, downloads), do mais recente ao mais antigo, ' +
          `com quem, quando, IP e dispositivo. Só quem lê \`Auditoria\` (acesso_total, controladoria); 403 para as demais pessoas. Tipos: ${kinds}. ` +
          `O total (\`x-total-count\`) é contado até ${COUNT_CAP.toLocaleString('pt-BR')} (\`x-total-count-at-least: true\` além disso). ` +
          `Com \`formato\`, o arquivo de todas as entradas filtradas (até ${EXPORT_MAX.toLocaleString('pt-BR')}); a exportação também fica registrada.`,
        parameters: [
          query('pessoa', 'E-mail de quem agiu (sem diferença de maiúsculas).', { type: 'string', maxLength: 200 }),
          query('modulo', 'Recurso (ex.: `diarios`).', { type: 'string', maxLength: 100 }),
          query('registro', 'Id do registro.', { type: 'string', maxLength: 100 }),
          query('tipo', 'Um ou mais tipos, separados por vírgula.', { type: 'string', maxLength: 300 }),
          query('de', 'Primeiro dia (aaaa-mm-dd, fuso do portal).', { type: 'string', format: 'date' }),
          query('ate', 'Último dia (aaaa-mm-dd, fuso do portal).', { type: 'string', format: 'date' }),
          query('formato', 'Exporta em vez de listar.', { type: 'string', enum: ['xlsx', 'csv'] }),
          query('_start', 'Início da página.', { type: 'integer', minimum: 0 }),
          query('_end', `Fim da página (no máximo ${LIST_MAX} por página; padrão _start + 50).`, { type: 'integer', minimum: 0 }),
        ],
        responses: {
          200: {
            description: 'Uma página de entradas, ou o arquivo exportado.',
            headers: {
              'x-total-count': { description: 'Total das entradas filtradas (até o limite da contagem).', schema: { type: 'integer' } },
              'x-total-count-at-least': { description: '`true` quando há mais entradas do que o limite da contagem.', schema: { type: 'string' } },
            },
            content: {
              ...json({ type: 'array', items: entry }),
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
              'text/csv': { schema: { type: 'string', description: 'UTF-8 com BOM, campos separados por `;`.' } },
            },
          },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
    '/auditoria/falhas-entrada': {
      post: {
        tags: ['Sistema'],
        operationId: 'registrarFalhaEntrada',
        summary: 'Registra uma falha de entrada no Cognito (sem sessão)',
        description:
          'Com o Cognito real a tentativa acontece entre o navegador e o Cognito: o aplicativo informa a falha com o erro do Cognito, registrada como ' +
          '"informado pelo aplicativo" (é a palavra do navegador). Até 10 por endereço em 15 minutos. Com a identidade local nada é gravado aqui: ' +
          'a própria identidade registra as falhas, com o motivo.',
        security: [],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['email', 'codigo'],
            properties: {
              email: { type: 'string', maxLength: 200 },
              codigo: { type: 'string', maxLength: 100, examples: ['NotAuthorizedException'] },
              mensagem: { type: 'string', maxLength: 300 },
            },
          }),
        },
        responses: { 204: { description: 'Recebida.' }, 400: res('BadRequest'), 429: res('TooManyRequests') },
      },
    },
  };
}
