/** OpenAPI of the second factor's routes (src/server/mfa/routes.ts, issue 35). */
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const state = {
  type: 'object',
  required: ['disponivel', 'ativo', 'obrigatorio', 'codigosRestantes', 'ativadoEm'],
  properties: {
    disponivel: { type: 'boolean', description: 'Conta com login próprio (colaboradores usam a verificação da conta corporativa).' },
    ativo: { type: 'boolean', description: 'O provedor de identidade pede o código do aplicativo autenticador ao entrar.' },
    registrado: { type: 'boolean', description: 'O portal registrou o cadastro (é o que a política consulta).' },
    obrigatorio: { type: 'boolean', description: 'A configuração `mfaObrigatorio` exige a verificação desta conta.' },
    codigosRestantes: { type: 'integer', minimum: 0, description: 'Códigos de recuperação ainda não usados.' },
    ativadoEm: { type: ['string', 'null'], format: 'date-time' },
  },
};
const codes = {
  type: 'array',
  minItems: 10,
  maxItems: 10,
  items: { type: 'string', pattern: '^[0-9A-Z]{5}-[0-9A-Z]{5}$' },
  description: 'Dez códigos de uso único, mostrados só agora (o portal guarda apenas o hash).',
};
const tags = ['Sistema'];

export function mfaPaths(): Record<string, JsonSchema> {
  return {
    '/mfa': {
      get: {
        tags,
        operationId: 'verificacaoDuasEtapas',
        summary: 'Verificação em duas etapas da pessoa conectada',
        description: 'Se a conta pode usar, se está ativa no provedor, se é obrigatória e quantos códigos de recuperação restam.',
        responses: { 200: { description: 'Situação.', content: json(state) }, 401: res('Unauthorized') },
      },
    },
    '/mfa/ativacao': {
      post: {
        tags,
        operationId: 'registrarDuasEtapas',
        summary: 'Registra o aplicativo autenticador confirmado e gera os códigos de recuperação',
        description:
          'Depois de o aplicativo confirmar o cadastro no provedor (código de 6 dígitos). 409 se o provedor ainda não tem o autenticador confirmado ou a conta entra pela conta corporativa.',
        responses: {
          201: {
            description: 'Registrado; os códigos de recuperação.',
            content: json({ type: 'object', required: ['ativo', 'codigos'], properties: { ativo: { const: true }, codigos: codes } }),
          },
          401: res('Unauthorized'),
          409: res('Conflict'),
        },
      },
      delete: {
        tags,
        operationId: 'desativarDuasEtapas',
        summary: 'Desativa a verificação em duas etapas',
        description: 'No provedor e no portal; os códigos de recuperação deixam de valer. 409 quando a política a exige para a conta.',
        responses: {
          200: { description: 'Desativada.', content: json({ type: 'object', required: ['ativo'], properties: { ativo: { const: false } } }) },
          401: res('Unauthorized'),
          409: res('Conflict'),
        },
      },
    },
    '/mfa/codigos': {
      post: {
        tags,
        operationId: 'gerarCodigosRecuperacao',
        summary: 'Gera dez novos códigos de recuperação (os anteriores deixam de valer)',
        description: 'Só com a verificação em duas etapas registrada (409 antes disso ou para contas corporativas). Os códigos aparecem só nesta resposta.',
        responses: {
          201: { description: 'Os novos códigos.', content: json({ type: 'object', required: ['codigos'], properties: { codigos: codes } }) },
          401: res('Unauthorized'),
          409: res('Conflict'),
        },
      },
    },
    '/mfa/recuperacao': {
      post: {
        tags,
        operationId: 'usarCodigoRecuperacao',
        summary: 'Entra sem o aplicativo: um código de recuperação desativa a verificação (público, sem sessão)',
        description:
          'Com e-mail, senha (conferida no provedor de identidade) e um código de recuperação: o código é gasto e a verificação em duas etapas é desativada, para a pessoa entrar com a senha e cadastrar o aplicativo de novo. ' +
          'Dados incorretos: 401; código já usado: 409; tentativas erradas contam como as de login (429 depois de 5 por conta ou 20 por endereço em 15 minutos).',
        security: [],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['email', 'senha', 'codigo'],
            properties: {
              email: { type: 'string', maxLength: 254 },
              senha: { type: 'string', maxLength: 256 },
              codigo: { type: 'string', examples: ['ABCDE-12345'], description: 'Maiúsculas ou minúsculas; espaços e hífens ignorados.' },
            },
          }),
        },
        responses: {
          200: {
            description: 'Código aceito; a verificação foi desativada.',
            content: json({ type: 'object', required: ['ok', 'message'], properties: { ok: { const: true }, message: { type: 'string' } } }),
          },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          409: res('Conflict'),
          429: res('TooManyRequests'),
        },
      },
    },
  };
}
