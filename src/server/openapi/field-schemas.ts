/**
 * JSON Schema (OpenAPI 3.1) of the schemas' fields and records, from the field kinds and the same
 * bounds the API's validation applies (schemas/shared/limits.ts).
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { CURRENT_USER, NOW, SYSTEM_FIELDS, TODAY } from '../../../schemas/kinds';
import { kindOf, type JsonSchema } from '../fields/registry';
import { API_KEY_REFUSALS } from '../../../resources/service-accounts';

export type { JsonSchema } from '../fields/registry';

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Component name of an entity: `diarioOs` → `DiarioOs`. */
export const componentName = (schema: EntitySchema) => schema.name.replace(/[^A-Za-z0-9]/g, '').replace(/^./, (c) => c.toUpperCase());

/** Shared components the field schemas refer to. */
export const COMMON_SCHEMAS: Record<string, JsonSchema> = {
  Pessoa: {
    type: 'object',
    description:
      'Uma pessoa: e-mail (chave) e nome. Ao gravar, `mail` é obrigatório. Na leitura por um usuário externo (cliente, fornecedor, ' +
      'escritório parceiro) vem só o nome, salvo quando a pessoa é o próprio leitor (docs/access.md, decisão 29).',
    properties: {
      mail: { type: 'string', format: 'email', maxLength: 254 },
      nome: { type: 'string', maxLength: 200 },
    },
    additionalProperties: false,
  },
  Arquivo: {
    type: 'object',
    description: 'Um arquivo enviado por POST /arquivos e guardado no registro.',
    required: ['key'],
    properties: {
      key: { type: 'string', maxLength: 1000 },
      name: { type: 'string', maxLength: 255 },
      size: { type: 'integer', minimum: 0 },
      type: { type: 'string', maxLength: 255 },
      url: { type: 'string' },
      tiradaEm: { type: 'string', format: 'date-time', description: 'Quando a foto foi tirada (EXIF), se informado no envio.' },
      latitude: { type: 'number', minimum: -90, maximum: 90, description: 'Onde a foto foi tirada, se a pessoa permitiu enviar a posição.' },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
    },
  },
  TituloReferencia: {
    type: 'object',
    description: 'O título de um registro referenciado (o `titleField` da entidade dele) e, quando quem lê pode abrir esse registro, o id dele.',
    required: ['title'],
    properties: { title: { type: 'string' }, id: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  Erro: {
    type: 'object',
    description: 'Toda resposta de erro: mensagem em português e, em 400, as mensagens por campo ou parâmetro.',
    required: ['message', 'statusCode'],
    properties: {
      message: { type: 'string', examples: ['Verifique os campos destacados.'] },
      statusCode: { type: 'integer', examples: [400] },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, examples: [{ nome: ['Campo obrigatório.'] }] },
      requestId: {
        type: 'string',
        description: 'O id da requisição (o mesmo do cabeçalho `x-request-id` e da linha do log): o aplicativo o mostra como "Código do erro".',
        examples: ['3f2b8c1e-9a4d-4c2e-8b1a-6d5e4f3a2b1c'],
      },
      codigo: {
        type: 'string',
        enum: ['acesso-revogado', 'mfa-obrigatorio', 'manutencao', ...Object.keys(API_KEY_REFUSALS)],
        description:
          "Uma recusa que o cliente trata pelo nome: 'acesso-revogado' (401) quando um administrador desativou a pessoa; o aplicativo encerra a sessão e mostra a mensagem na tela de login. " +
          "'mfa-obrigatorio' (403, em qualquer rota salvo /me e /mfa) quando a configuração `mfaObrigatorio` exige a verificação em duas etapas e a pessoa ainda não cadastrou o aplicativo autenticador; o aplicativo leva ao cadastro no perfil. " +
          "'manutencao' (503, numa gravação) quando o módulo ou o portal está em manutenção: vêm também `escopo`, `mensagem` e `fimPrevisto` (issue 40). " +
          `Chaves de API (issue 41): ${Object.entries(API_KEY_REFUSALS)
            .map(([k, v]) => `'${k}' (${v})`)
            .join('; ')}.`,
      },
    },
  },
};

/** `{ allOf: [x], ...siblings }` → `{ ...x, ...siblings }`: in OpenAPI 3.1 a `$ref` may carry sibling keywords. */
function withoutSingleAllOf(s: JsonSchema): JsonSchema {
  const { allOf, ...rest } = s;
  if (!Array.isArray(allOf) || allOf.length !== 1) return s;
  return { ...(allOf[0] as JsonSchema), ...rest };
}

/** The value schema of one field, without null: title and help, then its kind's schema (src/server/fields/kinds/). */
export function fieldValueSchema(field: FieldDef): JsonSchema {
  const doc: JsonSchema = { title: field.label };
  if (field.help) doc.description = field.help;
  return { ...doc, ...withoutSingleAllOf(kindOf(field).jsonSchema(field, { fieldSchema, ref })) };
}

/** What the server fills in for a `$…` default token (schemas/kinds.ts), in words for the reader. */
const SERVER_DEFAULTS: Record<string, string> = {
  [TODAY]: 'hoje (data do servidor, no fuso do portal)',
  [NOW]: 'agora (data e hora do servidor)',
  [CURRENT_USER]: 'a pessoa conectada',
};

/**
 * The default of a field as keywords: a literal as `default`; a server-side token (`$hoje`,
 * `$usuario`…), which no client could send as is, as the `x-default` extension in prose.
 */
export function defaultKeywords(value: FieldDef['default']): JsonSchema {
  if (value === undefined) return {};
  if (typeof value === 'string' && value.startsWith('$')) return { 'x-default': SERVER_DEFAULTS[value] ?? 'preenchido pelo servidor' };
  return { default: value };
}

/** The field's schema, null allowed when `nullable`. */
export function fieldSchema(field: FieldDef, nullable: boolean): JsonSchema {
  const s = fieldValueSchema(field);
  if (!nullable) return s;
  const { title, description, ...rest } = s;
  // An option list allows null too (an empty optional option, or the SLA before its first pass): a
  // type of ['string', 'null'] alone would still be refused by the `enum` (issue 36's contract test).
  const options = Array.isArray(rest.enum) ? { enum: [...(rest.enum as unknown[]), null] } : {};
  if (typeof rest.type === 'string' && !rest.allOf) return { ...s, type: [rest.type, 'null'], ...options };
  return { ...(title ? { title } : {}), ...(description ? { description } : {}), anyOf: [rest, { type: 'null' }] };
}

/** Fields a create must carry: required, writable and without a default the server fills in. */
export function createRequired(schema: EntitySchema): string[] {
  return schema.fields.filter((f) => f.required && !f.readOnly && f.default === undefined).map((f) => f.name);
}

/**
 * `_titles` of a record as read (src/server/crud/reference-titles.ts): per reference field with a
 * value, the referenced record's title, so a reader sees names even of records they cannot open.
 */
function titlesProperty(schema: EntitySchema): Record<string, JsonSchema> {
  const refs = schema.fields.filter((f) => f.kind === 'reference');
  if (!refs.length) return {};
  return {
    _titles: {
      type: 'object',
      readOnly: true,
      description:
        'Títulos dos registros referenciados, por campo de referência preenchido (ausente quando não há nenhum). ' +
        'Vem para quem lê o registro, mesmo sem permissão de ler o registro referenciado (então sem `id`). ' +
        'Pessoas externas não recebem títulos de campos internos nem de registros em rascunho. Ignorado se enviado numa alteração.',
      properties: Object.fromEntries(refs.map((f) => [f.name, ref('TituloReferencia')])),
      additionalProperties: false,
    },
  };
}

/** The record (as read), its create body and its update body. */
export function entitySchemas(schema: EntitySchema): Record<string, JsonSchema> {
  const name = componentName(schema);
  const writable = schema.fields.filter((f) => !f.readOnly);
  const system: Record<string, JsonSchema> = {
    id: { type: 'integer', minimum: 1, readOnly: true },
    version: { type: 'integer', minimum: 1, readOnly: true, description: 'Versão do registro: envie-a ao alterar (versão antiga → 409).' },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
    // The author's e-mail; to an external reader (client, supplier, law firm) a staff author is named, not addressed (decision 29).
    created_by: { type: ['string', 'null'], readOnly: true, description: 'Quem criou: o e-mail; para pessoas externas, o nome de um colaborador.' },
    updated_by: {
      type: ['string', 'null'],
      readOnly: true,
      description: 'Quem alterou por último: o e-mail; para pessoas externas, o nome de um colaborador.',
    },
  };
  const record: JsonSchema = {
    type: 'object',
    title: schema.label,
    required: ['id', 'version', 'created_at', 'updated_at'],
    properties: {
      ...system,
      ...Object.fromEntries(schema.fields.map((f) => [f.name, { ...fieldSchema(f, true), ...(f.readOnly ? { readOnly: true } : {}) }])),
      ...titlesProperty(schema),
    },
  };
  const required = createRequired(schema);
  const create: JsonSchema = {
    type: 'object',
    title: `Novo: ${schema.label}`,
    description: 'Campos omitidos recebem o valor padrão do esquema (quando há). Campos desconhecidos são recusados (400).',
    properties: Object.fromEntries(writable.map((f) => [f.name, { ...fieldSchema(f, !required.includes(f.name)), ...defaultKeywords(f.default) }])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  const update: JsonSchema = {
    type: 'object',
    title: `Alteração: ${schema.label}`,
    description:
      'Só os campos enviados mudam; `version` é a versão lida (409 se outra pessoa alterou antes). Colunas do sistema e campos somente leitura enviados são ignorados.',
    required: ['version'],
    properties: { version: { type: 'integer', minimum: 1 }, ...Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f, !f.required)])) },
  };
  return { [name]: record, [`${name}Novo`]: create, [`${name}Alteracao`]: update };
}

/** Names of system columns (filterable and sortable like fields). */
export const SYSTEM_COLUMNS = SYSTEM_FIELDS;
