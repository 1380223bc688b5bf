/**
 * The run-time entity configuration (issue 15): the declarations of `/api/v1/schemas`
 * (resources/api-route.ts), served by src/server/schema-config/routes.ts and read by the app (the
 * effective schemas at sign-in, the "Configurar entidade" screen in src/app/modules/schema-config).
 * An administrator's change is validated by schemas/overlay-validate.ts, on the server and in the
 * screen's preview.
 */
import { z } from 'zod';
import type { EntitySchema } from '../schemas/kinds';
import type { OverlayChange } from '../schemas/overlay-types';
import { CUSTOM_FIELD_KINDS, CUSTOM_FIELD_NAME, CUSTOM_FIELD_STORAGES } from '../schemas/overlay-types';
import { LABEL_MAX, OPTION_MAX, PATTERN_MAX, TEXT_MAX } from '../schemas/overlay-validate';
import { answerTyped, defineRoute, documentedAs, isoDateTime, LIST_TOTAL_HEADERS, type RouteAnswer } from './api-route';

const TAGS = ['Configuração de entidades'];
const WHO =
  'Só os administradores da entidade: colaboradores (nunca clientes ou parceiros) com `manage` sem condições no assunto dela — ' +
  '`acesso_total` ou o papel `admin_*` do módulo; os demais recebem 403.';

const resource = z.string().meta({ description: 'O recurso da entidade, como na rota REST (ex.: `obras`).' });
const name = z.string().meta({
  description: 'O nome do campo: do código, personalizado (`cx…`) ou subcampo de uma tabela ou grupo de campos, com ponto (ex.: `itens.tipoResposta`).',
});
const ofResource = z.object({ resource });
const ofField = z.object({ resource, name });

// What the server answers: the effective schemas (code + overlay), open shapes typed as the code's `EntitySchema`.
const field = z.looseObject({
  name: z.string(),
  kind: z
    .string()
    .meta({ description: 'Tipo do campo (text, longtext, integer, decimal, money, date, enum, boolean, person, reference, attachments, rows…).' }),
  label: z.string(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional().meta({ description: 'enum: as opções (as do código e, depois, as acrescentadas em tempo de execução).' }),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.int().optional(),
  pattern: z.string().optional(),
  ref: z.string().optional().meta({ description: 'reference: a entidade referenciada (`name` do esquema).' }),
  help: z.string().optional(),
  placeholder: z.string().optional(),
  group: z.string().optional(),
  list: z.boolean().optional(),
  filter: z.boolean().optional(),
  search: z
    .union([z.boolean(), z.enum(['A', 'B', 'C', 'D'])])
    .optional()
    .meta({ description: 'Entra na pesquisa livre da lista e na busca geral; uma letra dá o peso na busca geral (A, o maior).' }),
  sort: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  hidden: z.boolean().optional().meta({ description: 'Campo personalizado removido (dados mantidos): não é mostrado nem gravado.' }),
  onCreate: z
    .literal(false)
    .optional()
    .meta({ description: 'false: fora do formulário de criação (preenchido depois, na edição ou no passo do fluxo que o pede).' }),
  internal: z.boolean().optional().meta({ description: 'Só para a equipe interna (nunca enviado a clientes e parceiros).' }),
  storage: z
    .enum(CUSTOM_FIELD_STORAGES)
    .optional()
    .meta({ description: 'Onde ficam os valores: coluna própria (padrão) ou chave do JSON de extras do registro.' }),
  fields: z.array(z.looseObject({})).optional().meta({ description: 'Subcampos de uma tabela ou grupo de campos.' }),
});
const entityDoc = z
  .looseObject({
    name: z.string().meta({ description: 'Nome da entidade (e da tabela).' }),
    resource: z.string().meta({ description: 'Recurso REST.' }),
    label: z.string(),
    labelPlural: z.string(),
    gender: z.enum(['m', 'f']),
    subject: z.string().meta({ description: 'Assunto das permissões (CASL).' }),
    titleField: z.string(),
    fields: z.array(field),
    defaultSort: z.object({ field: z.string().optional(), order: z.enum(['asc', 'desc']).optional() }).optional(),
    menu: z.looseObject({}).optional(),
    workflow: z.looseObject({}).optional().meta({ description: 'O fluxo de trabalho (situações e transições), quando houver.' }),
    related: z.array(z.looseObject({})).optional(),
  })
  .meta({ description: 'Esquema efetivo de uma entidade (`EntitySchema` de schemas/kinds.ts com a camada dos administradores aplicada).' });
const entity = answerTyped<EntitySchema>(entityDoc);

const saved = z.object({
  version: z.int().min(1).meta({ description: 'A nova versão da configuração da entidade (envie-a na próxima alteração).' }),
  schema: entity,
});

// What the administrator sends (checked by schemas/overlay-validate.ts with a message per property).
const text = (max: number, description: string) => z.string().max(max).optional().meta({ description });
const optionList = (description: string) =>
  documentedAs(z.array(z.string().min(1).max(OPTION_MAX)).min(1), {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: OPTION_MAX },
  })
    .optional()
    .meta({ description });
const presentation = {
  label: z.string().min(1).max(LABEL_MAX).optional(),
  help: text(TEXT_MAX, 'Texto de ajuda do campo.'),
  placeholder: text(TEXT_MAX, 'Texto de exemplo no formulário.'),
  group: text(TEXT_MAX, 'Seção do formulário.'),
  order: z.int().min(-10_000).max(10_000).optional().meta({ description: 'Posição nos formulários e listas (os campos sem ordem mantêm o lugar).' }),
  required: z.boolean().optional().meta({ description: 'Obrigatório (um campo obrigatório no código continua obrigatório).' }),
  list: z.boolean().optional().meta({ description: 'Coluna da lista (e da exportação).' }),
  filter: z.boolean().optional().meta({ description: 'Filtro da lista (não vale para texto longo e anexos).' }),
  search: z.boolean().optional().meta({ description: 'Entra na pesquisa livre.' }),
  sort: z.boolean().optional().meta({ description: 'Permite ordenar (não vale para texto longo, anexos e pessoa).' }),
};
const VERSION_DESCRIPTION =
  'A versão da configuração lida (`versions` de GET /schemas): se não for a atual, 409. Sem ela, a alteração vale sobre qualquer versão.';
const VERSION_MESSAGE = 'Informe um número inteiro.';
const version = z.int({ error: VERSION_MESSAGE }).min(0, VERSION_MESSAGE).optional().meta({ description: VERSION_DESCRIPTION });
const bounds = {
  min: z.number().meta({ description: 'Mínimo (só campos numéricos: integer, decimal, money).' }),
  max: z.number().meta({ description: 'Máximo (só campos numéricos), maior ou igual ao mínimo.' }),
  maxLength: z.int().min(1).meta({ description: 'Tamanho máximo (só textos).' }),
  pattern: z.string().min(1).max(PATTERN_MAX).meta({ description: 'Expressão regular que o valor inteiro deve atender (só textos).' }),
};
const customField = z.strictObject({
  name: z
    .string()
    .regex(CUSTOM_FIELD_NAME)
    .meta({
      description:
        'Começa com `cx` seguido de letra maiúscula ou dígito, só letras e dígitos, até 41 caracteres (ex.: `cxContratoManutencao`); único na entidade.',
      examples: ['cxContratoManutencao'],
    }),
  kind: z.enum(CUSTOM_FIELD_KINDS),
  ...presentation,
  label: z.string().min(1).max(LABEL_MAX),
  options: optionList('enum (obrigatório): as opções, sem repetição. Só para enum.'),
  min: bounds.min.optional(),
  max: bounds.max.optional(),
  maxLength: bounds.maxLength.optional(),
  pattern: bounds.pattern.optional(),
  ref: z.string().optional().meta({ description: 'reference (obrigatório): a entidade referenciada (`name` do esquema). Só para reference.' }),
  hidden: z.literal(false).optional().meta({ description: 'Um campo novo não pode nascer removido.' }),
  internal: z.boolean().optional().meta({ description: 'Só para a equipe interna: clientes e parceiros não o leem nem gravam; não pode ser obrigatório.' }),
  storage: z.enum(CUSTOM_FIELD_STORAGES).optional().meta({
    default: 'column',
    description: '`column`: coluna própria; `json`: chave do JSON de extras do registro (não para reference). Não muda depois.',
  }),
  version,
});
const fieldPatch = z
  .strictObject({
    ...presentation,
    addOptions: optionList('enum: opções acrescentadas ao fim da lista (não podem já existir).'),
    removeOptions: optionList(
      'enum: opções a remover — só as acrescentadas em tempo de execução e sem registros que as usem; a lista não pode ficar vazia. ' +
        'As opções de campos usados pelas permissões ou pelo fluxo não mudam.',
    ),
    min: bounds.min.nullable().optional(),
    max: bounds.max.nullable().optional(),
    maxLength: bounds.maxLength.nullable().optional(),
    pattern: bounds.pattern.nullable().optional(),
    hidden: z.boolean().optional().meta({ description: '`false` reativa um campo personalizado removido (obrigatório para alterar um campo removido).' }),
    internal: z.boolean().optional().meta({ description: 'Só para a equipe interna (não pode ser obrigatório ao mesmo tempo).' }),
    version,
  })
  .meta({
    description:
      'Só as propriedades enviadas mudam. Em campos do código: apresentação e `addOptions`/`removeOptions`; em subcampos: só `label`, `help`, `placeholder` e opções; ' +
      '`min`, `max`, `maxLength`, `pattern`, `hidden` e `internal` só em campos personalizados. Nome, tipo e armazenamento não mudam.',
  });

/**
 * A change's body: its `version` checked here, the rest by schemas/overlay-validate.ts (a message
 * per property, as the screen's preview shows it); documented as `doc`.
 */
const changeBody = <D extends z.ZodObject>(doc: D) =>
  documentedAs(
    // The body itself is passed on (its own keys, `__proto__` included, for the validator to refuse).
    z.unknown().superRefine((body, ctx) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return ctx.addIssue({ code: 'invalid_type', expected: 'object', input: body });
      const v = (body as { version?: unknown }).version;
      if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 0)) ctx.addIssue({ code: 'custom', path: ['version'], message: VERSION_MESSAGE });
    }),
    doc,
  ) as unknown as z.ZodType<{ version?: number; [key: string]: unknown }, z.input<D>>;

const change = answerTyped<OverlayChange>(
  z
    .union([
      z.object({
        op: z.literal('addField'),
        field: z.looseObject({}).meta({ description: 'O campo personalizado criado (o corpo do POST).' }),
      }),
      z.object({ op: z.literal('patchField'), name: z.string(), patch: z.looseObject({}).meta({ description: 'O corpo do PATCH.' }) }),
      z.object({
        op: z.enum(['hideField', 'purgeField']).meta({ description: '`hideField`: campo removido (dados mantidos); `purgeField`: dados excluídos.' }),
        name: z.string(),
      }),
    ])
    .meta({ description: 'A alteração, como gravada.' }),
);
const historyEntry = z.object({
  version: z.int().min(1),
  changed_by: z.string().nullable().meta({ description: 'E-mail de quem fez a alteração.' }),
  changed_at: isoDateTime(),
  change,
});

const conflict = {
  description:
    'A `version` enviada não é a atual: outra pessoa alterou a configuração (recarregue e tente de novo); ou a primeira requisição com a mesma `Idempotency-Key` ainda está em andamento.',
  schema: documentedAs(z.object({}), { $ref: '#/components/schemas/Erro' }),
};
const refusals = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound' } as const;
const savedAnswer = { description: 'A nova versão e o esquema efetivo da entidade.', schema: saved };

export const esquemasEfetivos = defineRoute({
  method: 'get',
  path: '/schemas',
  operationId: 'esquemasEfetivos',
  tags: TAGS,
  summary: 'Esquemas efetivos das entidades (código + configuração dos administradores)',
  description:
    'Os esquemas das entidades que a pessoa pode ler (`read` no assunto), com os campos personalizados e as alterações dos administradores, ' +
    'as versões da configuração de cada recurso e os recursos que a pessoa pode configurar. Qualquer pessoa conectada; clientes e parceiros ' +
    'não recebem os campos "só equipe interna". A resposta tem `ETag`: com `If-None-Match` igual, 304 sem corpo.',
  openapi: {
    parameters: [
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'O `ETag` de uma resposta anterior: 304 se nada mudou.',
        schema: { type: 'string' },
      },
    ],
  },
  answers: {
    200: {
      description: 'Versões, recursos configuráveis e esquemas.',
      headers: {
        ETag: { description: 'Identifica as versões e o que a pessoa pode configurar.', schema: { type: 'string' } },
        'Cache-Control': { schema: { type: 'string', examples: ['private, no-cache'] } },
      },
      schema: z.object({
        versions: z.record(z.string(), z.int().min(0)).meta({ description: 'Por recurso, a versão atual da sua configuração (0: nunca configurado).' }),
        configurable: z.array(z.string()).meta({ description: 'Os recursos que a pessoa administra (pode configurar).' }),
        schemas: z.array(entity).meta({ description: 'Os esquemas efetivos das entidades que a pessoa pode ler.' }),
      }),
    },
    304: { description: 'Nada mudou desde o `ETag` enviado em `If-None-Match`.' },
    401: 'Unauthorized',
  },
});

export const historicoConfiguracaoEntidade = defineRoute({
  method: 'get',
  path: '/schemas/{resource}/history',
  operationId: 'historicoConfiguracaoEntidade',
  tags: TAGS,
  summary: 'Histórico das alterações da configuração de uma entidade',
  description: `Cada alteração (versão, quem, quando, o quê), da mais recente para a mais antiga. ${WHO}`,
  params: ofResource,
  answers: {
    200: { description: 'As alterações, da mais recente para a mais antiga.', headers: LIST_TOTAL_HEADERS, schema: z.array(historyEntry) },
    ...refusals,
  },
});

export const criarCampoPersonalizado = defineRoute({
  method: 'post',
  path: '/schemas/{resource}/fields',
  operationId: 'criarCampoPersonalizado',
  tags: TAGS,
  summary: 'Cria um campo personalizado numa entidade',
  description:
    'Acrescenta o campo à configuração da entidade e cria, na mesma transação, a sua coluna (ou chave no JSON de extras), índice e restrições. ' +
    `Recusas com a mensagem e \`errors\` por propriedade (400). ${WHO}`,
  params: ofResource,
  body: changeBody(customField),
  invalid: 'Versão da configuração inválida.',
  answers: { 201: savedAnswer, 400: 'BadRequest', ...refusals, 409: conflict },
});

export const alterarCampoEntidade = defineRoute({
  method: 'patch',
  path: '/schemas/{resource}/fields/{name}',
  operationId: 'alterarCampoEntidade',
  tags: TAGS,
  summary: 'Altera um campo de uma entidade (apresentação, opções, limites)',
  description:
    'Altera um campo do código, um campo personalizado ou um subcampo. Remover uma opção ainda usada por registros é recusado (400, com quantos a usam). ' +
    WHO,
  params: ofField,
  body: changeBody(fieldPatch),
  invalid: 'Versão da configuração inválida.',
  answers: { 200: savedAnswer, 400: 'BadRequest', ...refusals, 409: conflict },
});

export const removerCampoPersonalizado = defineRoute({
  method: 'delete',
  path: '/schemas/{resource}/fields/{name}',
  operationId: 'removerCampoPersonalizado',
  tags: TAGS,
  summary: 'Remove um campo personalizado (ou exclui definitivamente os seus dados)',
  description:
    'Sem `purge`: esconde o campo personalizado, mantendo coluna e dados (PATCH com `hidden: false` o reativa). Com `purge=true`: exclui definitivamente ' +
    'os dados de um campo já removido (coluna ou chave no JSON de extras, índice e restrições) e libera o nome, sem desfazer. Campos do código e subcampos: 400. ' +
    WHO,
  params: ofField,
  query: z.object({
    version: documentedAs(z.string().regex(/^\d{1,9}$/, VERSION_MESSAGE), { type: 'integer', minimum: 0, maximum: 999_999_999 })
      .optional()
      .meta({ description: VERSION_DESCRIPTION }),
    // Checked by the route (its own message: "Use purge=true…").
    purge: documentedAs(z.string(), { type: 'string', enum: ['true', 'false'], default: 'false' })
      .optional()
      .meta({ description: '`true`: exclui definitivamente os dados de um campo já removido.' }),
  }),
  invalid: 'Versão da configuração inválida.',
  answers: { 200: savedAnswer, 400: 'BadRequest', ...refusals, 409: conflict },
});

export const usoCampoEntidade = defineRoute({
  method: 'get',
  path: '/schemas/{resource}/fields/{name}/usage',
  operationId: 'usoCampoEntidade',
  tags: TAGS,
  summary: 'Quantos registros têm valor num campo (o que a exclusão definitiva apagaria)',
  description: `Conta os registros com valor no campo; subcampos não têm dados próprios (400). ${WHO}`,
  params: ofField,
  answers: { 200: { description: 'A contagem.', schema: z.object({ records: z.int().min(0) }) }, 400: 'BadRequest', ...refusals },
});

export const SCHEMA_CONFIG_ROUTES = [
  esquemasEfetivos,
  historicoConfiguracaoEntidade,
  criarCampoPersonalizado,
  alterarCampoEntidade,
  removerCampoPersonalizado,
  usoCampoEntidade,
];

/** `GET /api/v1/schemas`: the overlay versions, the resources the person configures, the effective schemas. */
export type SchemasPayload = RouteAnswer<typeof esquemasEfetivos>;
/** One stored change of an entity's configuration (`GET /api/v1/schemas/{resource}/history`). */
export type HistoryEntry = z.output<typeof historyEntry>;
/** A change stored: the new overlay version and the entity's effective schema. */
export type OverlayChangeSaved = z.output<typeof saved>;
