/**
 * OpenAPI of service accounts and API keys (src/server/service-accounts, issue 41): the two ways a
 * key is sent (security schemes, accepted by every authenticated operation) and the administrators'
 * routes that create accounts and issue and revoke their keys.
 */
import { SERVICE_ACCOUNT_LIMITS as L, API_KEY_REFUSALS } from '../../../resources/service-accounts';
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';
import { adminOperation } from './admin-operation';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, 'null'], ...extra });
const texts = (max: number, description: string) => ({ type: 'array', maxItems: max, items: { type: 'string', maxLength: 100 }, description });

const KEY_FORMAT = '`ptl_<16 hex>_<43 base64url>`';
const REFUSALS = Object.entries(API_KEY_REFUSALS)
  .map(([k, v]) => `\`${k}\` (${v})`)
  .join('; ');
const KEYS =
  `Uma chave de API (${KEY_FORMAT}) age como a sua conta de serviço: perfis, obras e empresas como os de uma pessoa, com as mesmas regras de acesso. ` +
  'Uma chave revogada ou expirada (ou de uma conta desativada) recebe 401 na requisição seguinte; uma chave somente leitura, 403 em qualquer gravação; ' +
  `a chave em outro lugar (outro esquema, sem esquema, na URL) recebe 400. \`codigo\` da recusa: ${REFUSALS}. ` +
  'Cada chave tem o seu limite de requisições por minuto (`API_RATE_LIMIT_KEY_PER_MIN`).';

/** The security schemes of API keys (beside `bearerAuth`, the ID token). */
export const API_KEY_SECURITY_SCHEMES: Record<string, JsonSchema> = {
  apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'ptl_…', description: `\`Authorization: Bearer <chave>\`. ${KEYS}` },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: `\`X-API-Key: <chave>\` (só a chave, sem "Bearer"). ${KEYS}` },
};

/** What every authenticated operation accepts: an ID token, or a key in either header. */
export const API_SECURITY = [{ bearerAuth: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }];

const dateTime = { type: 'string', format: 'date-time' };

const account: JsonSchema = {
  type: 'object',
  required: ['id', 'version', 'nome', 'descricao', 'email', 'roles', 'obra', 'empresa', 'ativo', 'chavesAtivas', 'ultimoUsoEm'],
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer', description: 'Envie-a no PATCH (409 se outra pessoa alterou antes).' },
    nome: { type: 'string', examples: ['Integração ERP'] },
    descricao: nullable('string'),
    email: {
      type: 'string',
      description: 'A identidade da conta nos históricos e em `created_by`/`updated_by` (endereço reservado `.invalid`, nunca uma caixa de e-mail).',
      examples: ['servico-1@contas-servico.invalid'],
    },
    roles: { type: 'array', items: { type: 'string' } },
    obra: { type: 'array', items: { type: 'string' } },
    empresa: { type: 'array', items: { type: 'string' } },
    ativo: { type: 'boolean' },
    created_at: dateTime,
    created_by: nullable('string'),
    updated_at: dateTime,
    updated_by: nullable('string'),
    chavesAtivas: { type: 'integer', description: 'Chaves não revogadas nem expiradas.' },
    ultimoUsoEm: nullable('string', { format: 'date-time' }),
  },
};

const key: JsonSchema = {
  type: 'object',
  required: ['id', 'prefixo', 'nome', 'somenteLeitura', 'expiraEm', 'criadaEm', 'revogadaEm', 'ultimoUsoEm', 'ultimoUsoIp', 'situacao'],
  properties: {
    id: { type: 'integer' },
    prefixo: {
      type: 'string',
      description: 'O início da chave (`ptl_<16 hex>`), para reconhecê-la; o segredo nunca volta.',
      examples: ['ptl_3f9a1c0b7d2e4a56'],
    },
    nome: nullable('string'),
    somenteLeitura: { type: 'boolean' },
    expiraEm: dateTime,
    criadaEm: dateTime,
    criadaPor: nullable('string'),
    revogadaEm: nullable('string', { format: 'date-time' }),
    revogadaPor: nullable('string'),
    ultimoUsoEm: nullable('string', { format: 'date-time', description: 'Último uso (gravado no máximo uma vez por minuto, e logo que muda o endereço).' }),
    ultimoUsoIp: nullable('string'),
    situacao: { type: 'string', enum: ['ativa', 'expirada', 'revogada'] },
  },
};

const accountBody = (update: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: update ? ['version'] : ['nome', 'roles'],
  properties: {
    nome: { type: 'string', minLength: L.nomeMin, maxLength: L.nomeMax, examples: ['Integração ERP'] },
    descricao: nullable('string', { maxLength: L.descricaoMax }),
    roles: { ...texts(L.roles, 'Perfis de colaboradores (GET /contas-servico/opcoes); ao menos um.'), minItems: 1 },
    obra: texts(L.obra, 'Códigos das obras (Id_Lista).'),
    empresa: texts(L.empresa, 'A empresa dos colaboradores ou CNPJs do cadastro de empresas (padrão: a empresa dos colaboradores).'),
    ativo: { type: 'boolean', description: 'Desativada, nenhuma chave da conta é aceita.' },
    ...(update ? { version: { type: 'integer', minimum: 1 } } : {}),
  },
});

const id = { name: 'id', in: 'path', required: true, description: 'Id da conta de serviço.', schema: { type: 'integer', minimum: 1 } };
const op = adminOperation;
const option = { type: 'object', required: ['valor', 'rotulo'], properties: { valor: { type: 'string' }, rotulo: { type: 'string' } } };

export function serviceAccountPaths(): Record<string, JsonSchema> {
  return {
    '/contas-servico': {
      get: op('contasServico', 'Contas de serviço', 'Todas, com quantas chaves estão ativas e o último uso.', {
        200: { description: 'Contas.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: account }) },
      }),
      post: op(
        'criarContaServico',
        'Cria uma conta de serviço',
        'Nome, perfis, obras e empresas como os de uma pessoa; fica no histórico (auditoria, módulo `contas-servico`). Dados inválidos: 400 por campo, nada gravado.',
        { 201: { description: 'Criada.', content: json(account) }, 400: r('BadRequest') },
        { requestBody: { required: true, content: json(accountBody(false)) } },
      ),
    },
    '/contas-servico/opcoes': {
      get: op('opcoesContaServico', 'Perfis, obras e empresas que uma conta pode ter', 'Para os campos do formulário.', {
        200: {
          description: 'Opções.',
          content: json({
            type: 'object',
            required: ['roles', 'obra', 'empresa'],
            properties: { roles: { type: 'array', items: option }, obra: { type: 'array', items: option }, empresa: { type: 'array', items: option } },
          }),
        },
      }),
    },
    '/contas-servico/{id}': {
      get: op(
        'contaServico',
        'Uma conta de serviço e as suas chaves',
        'As chaves sem o segredo (só a resposta que emite uma a traz).',
        {
          200: {
            description: 'Conta e chaves.',
            content: json({
              ...account,
              required: [...(account.required as string[]), 'chaves'],
              properties: { ...(account.properties as JsonSchema), chaves: { type: 'array', items: key } },
            }),
          },
          404: r('NotFound'),
        },
        { parameters: [id] },
      ),
      patch: op(
        'alterarContaServico',
        'Altera uma conta de serviço',
        'Vale para as chaves da conta a partir da requisição seguinte. Envie `version` lida (409 se mudou).',
        { 200: { description: 'Alterada.', content: json(account) }, 400: r('BadRequest'), 404: r('NotFound'), 409: r('Conflict') },
        { parameters: [id], requestBody: { required: true, content: json(accountBody(true)) } },
      ),
    },
    '/contas-servico/{id}/chaves': {
      post: op(
        'emitirChaveApi',
        'Emite uma chave de API da conta',
        `A resposta traz a chave (\`chave\`) uma única vez: guarde-a num cofre de segredos; o portal guarda só o SHA-256 dela. Validade no futuro, até ${L.chaveDiasMax} dias; ` +
          `no máximo ${L.chavesAtivasMax} chaves ativas por conta (409); conta desativada: 409.`,
        {
          201: {
            description: 'Emitida.',
            headers: { 'Cache-Control': { description: '`no-store`: a chave não fica em cache.', schema: { type: 'string' } } },
            content: json({
              ...key,
              required: [...(key.required as string[]), 'chave'],
              properties: { ...(key.properties as JsonSchema), chave: { type: 'string', description: `A chave (${KEY_FORMAT}), só nesta resposta.` } },
            }),
          },
          400: r('BadRequest'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
        {
          parameters: [id],
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['expiraEm'],
              properties: {
                nome: nullable('string', { maxLength: L.chaveNomeMax, examples: ['Produção'] }),
                expiraEm: { type: 'string', format: 'date-time', examples: ['2027-06-30T23:59:59-03:00'] },
                somenteLeitura: { type: 'boolean', default: false },
              },
            }),
          },
        },
      ),
    },
    '/contas-servico/{id}/chaves/{chave}': {
      delete: op(
        'revogarChaveApi',
        'Revoga uma chave de API',
        'A chave passa a receber 401 na requisição seguinte, em todos os servidores; continua na lista como revogada. Já revogada: 409.',
        { 200: { description: 'Revogada.', content: json(key) }, 404: r('NotFound'), 409: r('Conflict') },
        { parameters: [id, { name: 'chave', in: 'path', required: true, description: 'Id da chave.', schema: { type: 'integer', minimum: 1 } }] },
      ),
    },
  };
}

/** The accounts' routes, and the keys' security schemes beside the ID token's. */
export function withApiKeys(paths: Record<string, JsonSchema>, securitySchemes: Record<string, JsonSchema>): void {
  Object.assign(paths, serviceAccountPaths());
  Object.assign(securitySchemes, API_KEY_SECURITY_SCHEMES);
}
