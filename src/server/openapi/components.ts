/**
 * The shared components of the OpenAPI document (src/server/openapi/document.ts): the error
 * responses (all with the `Erro` schema), the list, paging, aggregate and idempotency parameters,
 * and the `$ref` helpers that point at them.
 */
import { LIST_MAX, MAX_OFFSET } from '../crud/list-query';
import { ref, type JsonSchema } from './field-schemas';
import { LIST_TOTAL_HEADERS } from '../../../resources/api-route';

const errorResponse = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: ref('Erro') } } });
export const RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorResponse('Dados ou parâmetros inválidos: mensagem e `errors` por campo.'),
  Unauthorized: errorResponse('Sem sessão válida.'),
  Forbidden: errorResponse('Sem permissão para esta ação (ou campo).'),
  NotFound: errorResponse('Registro não encontrado.'),
  Conflict: errorResponse(
    'Conflito: o registro mudou desde a leitura, valor único repetido, ou a primeira requisição com a mesma `Idempotency-Key` ainda está em andamento.',
  ),
  UnprocessableEntity: errorResponse('A `Idempotency-Key` já foi usada com outra requisição (outro método, endereço ou corpo).'),
  Gone: errorResponse('O link já foi usado.'),
  TooManyRequests: {
    ...errorResponse(
      'Muitas requisições ou conexões: tente de novo depois do tempo de `Retry-After`. O limite de requisições por minuto de cada pessoa ' +
        '(ou de cada endereço, sem sessão) vale para todos os servidores do portal juntos.',
    ),
    headers: {
      'Retry-After': { description: 'Segundos até poder tentar de novo.', schema: { type: 'integer', minimum: 1 } },
      'RateLimit-Limit': { description: 'Limite de requisições por minuto (só no limite de requisições).', schema: { type: 'integer' } },
      'RateLimit-Remaining': { description: 'Requisições que restam na janela atual.', schema: { type: 'integer' } },
      'RateLimit-Reset': { description: 'Segundos até a janela recomeçar.', schema: { type: 'integer' } },
    },
  },
};
// Issue 40: a write to a module in maintenance (also a busy server, the database or file store away, a shutdown).
RESPONSES.ServiceUnavailable = {
  ...errorResponse(
    'Indisponível por enquanto: o módulo (ou o portal) está em manutenção — `codigo: "manutencao"`, com `escopo`, a `mensagem` dos administradores e ' +
      '`fimPrevisto` —, ou o servidor está ocupado, sem banco ou arquivos, ou encerrando. Tente de novo depois de `Retry-After`.',
  ),
  headers: {
    'Retry-After': { description: 'Segundos até poder tentar de novo (na manutenção, até a previsão de término).', schema: { type: 'integer', minimum: 1 } },
  },
};
/**
 * The `x-total-count` header of a list answer (issue 36: every GET that answers a JSON array sends it): how many
 * items there are in all — the array's length for the small lists that are not paged.
 */
export const TOTAL_COUNT_HEADERS: JsonSchema = LIST_TOTAL_HEADERS;
/** A `$ref` to a shared response of RESPONSES. */
export const responseRef = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
/** A `$ref` to a shared parameter (COMMON_PARAMETERS or an entity's filter parameter). */
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export const COMMON_PARAMETERS: Record<string, JsonSchema> = {
  _start: {
    name: '_start',
    in: 'query',
    description: `Início da página (0 a ${MAX_OFFSET}). Sem _start e _end: todos os registros, até ${LIST_MAX}.`,
    schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET },
  },
  _end: {
    name: '_end',
    in: 'query',
    description: `Fim da página (exclusivo); no máximo ${LIST_MAX} registros por página.`,
    schema: { type: 'integer', minimum: 0 },
  },
  _sort: {
    name: '_sort',
    in: 'query',
    description: 'Campos da ordenação, separados por vírgula (ex.: `data,id`; pessoa: `siteManager.mail`).',
    schema: { type: 'string' },
  },
  _order: {
    name: '_order',
    in: 'query',
    description: 'asc ou desc para cada campo de _sort, separados por vírgula.',
    schema: { type: 'string', examples: ['desc'] },
  },
  q: {
    name: 'q',
    in: 'query',
    description: 'Busca de texto nos campos pesquisáveis (e pelo id, se for um número).',
    schema: { type: 'string', maxLength: 1000 },
  },
  id: { name: 'id', in: 'path', required: true, description: 'id do registro', schema: { type: 'integer', minimum: 1 } },
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Chave única da operação (por exemplo um UUID), de 1 a 255 caracteres ASCII visíveis. Repetida pela mesma pessoa com a mesma requisição, ' +
      'devolve a primeira resposta (mesmo status e corpo, com o cabeçalho `Idempotent-Replayed: true`) sem gravar de novo; guardada por pelo menos 48 h.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  },
  groupBy: { name: 'groupBy', in: 'query', description: 'Até dois caminhos separados por vírgula.', schema: { type: 'string' } },
  measure: { name: 'measure', in: 'query', description: '`count` (padrão), `sum:campo`, `avg:campo`, `min:campo`, `max:campo`.', schema: { type: 'string' } },
  interval: { name: 'interval', in: 'query', description: 'Agrupamento de datas.', schema: { type: 'string', enum: ['day', 'week', 'month', 'year'] } },
  top: {
    name: 'top',
    in: 'query',
    description: 'Os N maiores grupos e o restante numa linha "outros" (1 a 100).',
    schema: { type: 'integer', minimum: 1, maximum: 100 },
  },
};
