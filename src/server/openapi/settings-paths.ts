/** OpenAPI of the portal settings (src/server/settings, issue 35), built from their declarations. */
import { PORTAL_SETTINGS } from '../settings/declared';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** Each setting's value as JSON Schema, from its declaration. */
function valueSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    PORTAL_SETTINGS.map((s) => [
      s.key,
      s.kind === 'integer'
        ? { type: 'integer', minimum: s.min, maximum: s.max, default: s.default, description: `${s.label} (${s.unit}). ${s.help}` }
        : {
            type: 'array',
            items: { type: 'string', enum: Object.keys(s.options) },
            uniqueItems: true,
            default: s.default,
            description: `${s.label}. ${s.help}`,
          },
    ]),
  );
}

export function settingsPaths(): Record<string, JsonSchema> {
  const values = { type: 'object', additionalProperties: false, properties: valueSchemas() };
  const answer = {
    type: 'object',
    required: ['declaracoes', 'valores', 'podeAlterar'],
    properties: {
      declaracoes: { type: 'array', items: { type: 'object', required: ['key', 'kind', 'label', 'help'] }, description: 'Como cada configuração é informada.' },
      valores: { ...values, required: PORTAL_SETTINGS.map((s) => s.key) },
      podeAlterar: { type: 'boolean', description: 'Se a pessoa conectada pode alterá-las (administradores).' },
    },
  };
  return {
    '/configuracoes': {
      get: {
        tags: ['Sistema'],
        operationId: 'configuracoes',
        summary: 'Configurações do portal',
        description: 'Os valores em vigor (o padrão quando nunca alterados) e a declaração de cada um. Só colaboradores.',
        responses: { 200: { description: 'Configurações.', content: json(answer) }, 401: res('Unauthorized'), 403: res('Forbidden') },
      },
      put: {
        tags: ['Sistema'],
        operationId: 'alterarConfiguracoes',
        summary: 'Altera configurações do portal (administradores)',
        description: 'Só as chaves enviadas mudam; um valor fora dos limites recusa tudo (400, erro por chave). A mudança fica no histórico.',
        requestBody: { required: true, content: json({ ...values, minProperties: 1 }) },
        responses: {
          200: { description: 'Configurações gravadas.', content: json(answer) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
  };
}
