/**
 * OpenAPI of the run-time entity configuration (src/server/schema-config/routes.ts, issue 15): the
 * effective schemas, and the administrators' changes to an entity's fields (schemas/overlay-types.ts,
 * validated by schemas/overlay-validate.ts).
 */
import { CUSTOM_FIELD_KINDS, CUSTOM_FIELD_NAME, CUSTOM_FIELD_STORAGES } from '../../../schemas/overlay-types';
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

// The bounds of schemas/overlay-validate.ts (LABEL_MAX, TEXT_MAX, OPTION_MAX, PATTERN_MAX).
const LABEL_MAX = 80;
const TEXT_MAX = 500;
const OPTION_MAX = 100;
const PATTERN_MAX = 200;

const WHO =
  'Só os administradores da entidade: colaboradores (nunca clientes ou parceiros) com `manage` sem condições no assunto dela — ' +
  '`acesso_total` ou o papel `admin_*` do módulo; os demais recebem 403.';

export function schemaConfigPaths(): Record<string, JsonSchema> {
  const tags = ['Configuração de entidades'];
  const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

  const resource = {
    name: 'resource',
    in: 'path',
    required: true,
    description: 'O recurso da entidade, como na rota REST (ex.: `obras`).',
    schema: { type: 'string' },
  };
  const name = {
    name: 'name',
    in: 'path',
    required: true,
    description: 'O nome do campo: do código, personalizado (`cx…`) ou subcampo de uma tabela ou grupo de campos, com ponto (ex.: `itens.tipoResposta`).',
    schema: { type: 'string' },
  };

  // What the server answers: the effective schemas (code + overlay), open shapes.
  const field = {
    type: 'object',
    required: ['name', 'kind', 'label'],
    properties: {
      name: { type: 'string' },
      kind: {
        type: 'string',
        description: 'Tipo do campo (text, longtext, integer, decimal, money, date, enum, boolean, person, reference, attachments, rows…).',
      },
      label: { type: 'string' },
      required: { type: 'boolean' },
      options: { type: 'array', items: { type: 'string' }, description: 'enum: as opções (as do código e, depois, as acrescentadas em tempo de execução).' },
      min: { type: 'number' },
      max: { type: 'number' },
      maxLength: { type: 'integer' },
      pattern: { type: 'string' },
      ref: { type: 'string', description: 'reference: a entidade referenciada (`name` do esquema).' },
      help: { type: 'string' },
      placeholder: { type: 'string' },
      group: { type: 'string' },
      list: { type: 'boolean' },
      filter: { type: 'boolean' },
      search: {
        oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['A', 'B', 'C', 'D'] }],
        description: 'Entra na pesquisa livre da lista e na busca geral; uma letra dá o peso na busca geral (A, o maior).',
      },
      sort: { type: 'boolean' },
      readOnly: { type: 'boolean' },
      hidden: { type: 'boolean', description: 'Campo personalizado removido (dados mantidos): não é mostrado nem gravado.' },
      onCreate: {
        type: 'boolean',
        enum: [false],
        description: 'false: fora do formulário de criação (preenchido depois, na edição ou no passo do fluxo que o pede).',
      },
      internal: { type: 'boolean', description: 'Só para a equipe interna (nunca enviado a clientes e parceiros).' },
      storage: {
        type: 'string',
        enum: [...CUSTOM_FIELD_STORAGES],
        description: 'Onde ficam os valores: coluna própria (padrão) ou chave do JSON de extras do registro.',
      },
      fields: { type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Subcampos de uma tabela ou grupo de campos.' },
    },
    additionalProperties: true,
  };
  const entity = {
    type: 'object',
    description: 'Esquema efetivo de uma entidade (`EntitySchema` de schemas/kinds.ts com a camada dos administradores aplicada).',
    required: ['name', 'resource', 'label', 'labelPlural', 'gender', 'subject', 'titleField', 'fields'],
    properties: {
      name: { type: 'string', description: 'Nome da entidade (e da tabela).' },
      resource: { type: 'string', description: 'Recurso REST.' },
      label: { type: 'string' },
      labelPlural: { type: 'string' },
      gender: { type: 'string', enum: ['m', 'f'] },
      subject: { type: 'string', description: 'Assunto das permissões (CASL).' },
      titleField: { type: 'string' },
      fields: { type: 'array', items: field },
      defaultSort: { type: 'object', properties: { field: { type: 'string' }, order: { type: 'string', enum: ['asc', 'desc'] } } },
      menu: { type: 'object', additionalProperties: true },
      workflow: { type: 'object', additionalProperties: true, description: 'O fluxo de trabalho (situações e transições), quando houver.' },
      related: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
    additionalProperties: true,
  };
  const catalog = {
    type: 'object',
    required: ['versions', 'configurable', 'schemas'],
    properties: {
      versions: {
        type: 'object',
        additionalProperties: { type: 'integer', minimum: 0 },
        description: 'Por recurso, a versão atual da sua configuração (0: nunca configurado).',
      },
      configurable: { type: 'array', items: { type: 'string' }, description: 'Os recursos que a pessoa administra (pode configurar).' },
      schemas: { type: 'array', items: entity, description: 'Os esquemas efetivos das entidades que a pessoa pode ler.' },
    },
  };
  const saved = {
    type: 'object',
    required: ['version', 'schema'],
    properties: {
      version: { type: 'integer', minimum: 1, description: 'A nova versão da configuração da entidade (envie-a na próxima alteração).' },
      schema: entity,
    },
  };

  // What the administrator sends.
  const text = (max: number, description?: string) => ({ type: 'string', maxLength: max, ...(description ? { description } : {}) });
  const optionList = (description: string) => ({
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: OPTION_MAX },
    description,
  });
  const presentation = {
    label: { type: 'string', minLength: 1, maxLength: LABEL_MAX },
    help: text(TEXT_MAX, 'Texto de ajuda do campo.'),
    placeholder: text(TEXT_MAX, 'Texto de exemplo no formulário.'),
    group: text(TEXT_MAX, 'Seção do formulário.'),
    order: { type: 'integer', minimum: -10_000, maximum: 10_000, description: 'Posição nos formulários e listas (os campos sem ordem mantêm o lugar).' },
    required: { type: 'boolean', description: 'Obrigatório (um campo obrigatório no código continua obrigatório).' },
    list: { type: 'boolean', description: 'Coluna da lista (e da exportação).' },
    filter: { type: 'boolean', description: 'Filtro da lista (não vale para texto longo e anexos).' },
    search: { type: 'boolean', description: 'Entra na pesquisa livre.' },
    sort: { type: 'boolean', description: 'Permite ordenar (não vale para texto longo, anexos e pessoa).' },
  };
  const version = {
    type: 'integer',
    minimum: 0,
    description: 'A versão da configuração lida (`versions` de GET /schemas): se não for a atual, 409. Sem ela, a alteração vale sobre qualquer versão.',
  };
  const bounds = {
    min: { type: 'number', description: 'Mínimo (só campos numéricos: integer, decimal, money).' },
    max: { type: 'number', description: 'Máximo (só campos numéricos), maior ou igual ao mínimo.' },
    maxLength: { type: 'integer', minimum: 1, description: 'Tamanho máximo (só textos).' },
    pattern: { type: 'string', minLength: 1, maxLength: PATTERN_MAX, description: 'Expressão regular que o valor inteiro deve atender (só textos).' },
  };
  const nullable = (s: JsonSchema) => ({ ...s, type: [s.type as string, 'null'] });
  const customField = {
    type: 'object',
    required: ['name', 'kind', 'label'],
    properties: {
      name: {
        type: 'string',
        pattern: CUSTOM_FIELD_NAME.source,
        description:
          'Começa com `cx` seguido de letra maiúscula ou dígito, só letras e dígitos, até 41 caracteres (ex.: `cxContratoManutencao`); único na entidade.',
        examples: ['cxContratoManutencao'],
      },
      kind: { type: 'string', enum: [...CUSTOM_FIELD_KINDS] },
      ...presentation,
      options: optionList('enum (obrigatório): as opções, sem repetição. Só para enum.'),
      ...bounds,
      ref: { type: 'string', description: 'reference (obrigatório): a entidade referenciada (`name` do esquema). Só para reference.' },
      hidden: { type: 'boolean', enum: [false], description: 'Um campo novo não pode nascer removido.' },
      internal: { type: 'boolean', description: 'Só para a equipe interna: clientes e parceiros não o leem nem gravam; não pode ser obrigatório.' },
      storage: {
        type: 'string',
        enum: [...CUSTOM_FIELD_STORAGES],
        default: 'column',
        description: '`column`: coluna própria; `json`: chave do JSON de extras do registro (não para reference). Não muda depois.',
      },
      version,
    },
    additionalProperties: false,
  };
  const fieldPatch = {
    type: 'object',
    description:
      'Só as propriedades enviadas mudam. Em campos do código: apresentação e `addOptions`/`removeOptions`; em subcampos: só `label`, `help`, `placeholder` e opções; ' +
      '`min`, `max`, `maxLength`, `pattern`, `hidden` e `internal` só em campos personalizados. Nome, tipo e armazenamento não mudam.',
    properties: {
      ...presentation,
      addOptions: optionList('enum: opções acrescentadas ao fim da lista (não podem já existir).'),
      removeOptions: optionList(
        'enum: opções a remover — só as acrescentadas em tempo de execução e sem registros que as usem; a lista não pode ficar vazia. ' +
          'As opções de campos usados pelas permissões ou pelo fluxo não mudam.',
      ),
      min: nullable(bounds.min),
      max: nullable(bounds.max),
      maxLength: nullable(bounds.maxLength),
      pattern: nullable(bounds.pattern),
      hidden: { type: 'boolean', description: '`false` reativa um campo personalizado removido (obrigatório para alterar um campo removido).' },
      internal: { type: 'boolean', description: 'Só para a equipe interna (não pode ser obrigatório ao mesmo tempo).' },
      version,
    },
    additionalProperties: false,
  };

  // The stored changes (history).
  const change = {
    description: 'A alteração, como gravada.',
    oneOf: [
      {
        type: 'object',
        required: ['op', 'field'],
        properties: {
          op: { const: 'addField' },
          field: { type: 'object', additionalProperties: true, description: 'O campo personalizado criado (o corpo do POST).' },
        },
      },
      {
        type: 'object',
        required: ['op', 'name', 'patch'],
        properties: {
          op: { const: 'patchField' },
          name: { type: 'string' },
          patch: { type: 'object', additionalProperties: true, description: 'O corpo do PATCH.' },
        },
      },
      {
        type: 'object',
        required: ['op', 'name'],
        properties: {
          op: {
            type: 'string',
            enum: ['hideField', 'purgeField'],
            description: '`hideField`: campo removido (dados mantidos); `purgeField`: dados excluídos.',
          },
          name: { type: 'string' },
        },
      },
    ],
  };
  const historyEntry = {
    type: 'object',
    required: ['version', 'changed_by', 'changed_at', 'change'],
    properties: {
      version: { type: 'integer', minimum: 1 },
      changed_by: { type: ['string', 'null'], description: 'E-mail de quem fez a alteração.' },
      changed_at: { type: 'string', format: 'date-time' },
      change,
    },
  };

  const conflict = {
    description:
      'A `version` enviada não é a atual: outra pessoa alterou a configuração (recarregue e tente de novo); ou a primeira requisição com a mesma `Idempotency-Key` ainda está em andamento.',
    content: json(ref('Erro')),
  };
  const refusals = { 401: r('Unauthorized'), 403: r('Forbidden'), 404: r('NotFound') };

  return {
    '/schemas': {
      get: {
        tags,
        operationId: 'esquemasEfetivos',
        summary: 'Esquemas efetivos das entidades (código + configuração dos administradores)',
        description:
          'Os esquemas das entidades que a pessoa pode ler (`read` no assunto), com os campos personalizados e as alterações dos administradores, ' +
          'as versões da configuração de cada recurso e os recursos que a pessoa pode configurar. Qualquer pessoa conectada; clientes e parceiros ' +
          'não recebem os campos "só equipe interna". A resposta tem `ETag`: com `If-None-Match` igual, 304 sem corpo.',
        parameters: [
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'O `ETag` de uma resposta anterior: 304 se nada mudou.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            description: 'Versões, recursos configuráveis e esquemas.',
            headers: {
              ETag: { description: 'Identifica as versões e o que a pessoa pode configurar.', schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string', examples: ['private, no-cache'] } },
            },
            content: json(catalog),
          },
          304: { description: 'Nada mudou desde o `ETag` enviado em `If-None-Match`.' },
          401: r('Unauthorized'),
        },
      },
    },
    '/schemas/{resource}/history': {
      parameters: [resource],
      get: {
        tags,
        operationId: 'historicoConfiguracaoEntidade',
        summary: 'Histórico das alterações da configuração de uma entidade',
        description: `Cada alteração (versão, quem, quando, o quê), da mais recente para a mais antiga. ${WHO}`,
        responses: {
          200: {
            description: 'As alterações, da mais recente para a mais antiga.',
            headers: TOTAL_COUNT_HEADERS,
            content: json({ type: 'array', items: historyEntry }),
          },
          ...refusals,
        },
      },
    },
    '/schemas/{resource}/fields': {
      parameters: [resource],
      post: {
        tags,
        operationId: 'criarCampoPersonalizado',
        summary: 'Cria um campo personalizado numa entidade',
        description:
          'Acrescenta o campo à configuração da entidade e cria, na mesma transação, a sua coluna (ou chave no JSON de extras), índice e restrições. ' +
          `Recusas com a mensagem e \`errors\` por propriedade (400). ${WHO}`,
        requestBody: { required: true, content: json(customField) },
        responses: {
          201: { description: 'A nova versão e o esquema efetivo da entidade.', content: json(saved) },
          400: r('BadRequest'),
          ...refusals,
          409: conflict,
        },
      },
    },
    '/schemas/{resource}/fields/{name}': {
      parameters: [resource, name],
      patch: {
        tags,
        operationId: 'alterarCampoEntidade',
        summary: 'Altera um campo de uma entidade (apresentação, opções, limites)',
        description:
          'Altera um campo do código, um campo personalizado ou um subcampo. Remover uma opção ainda usada por registros é recusado (400, com quantos a usam). ' +
          WHO,
        requestBody: { required: true, content: json(fieldPatch) },
        responses: {
          200: { description: 'A nova versão e o esquema efetivo da entidade.', content: json(saved) },
          400: r('BadRequest'),
          ...refusals,
          409: conflict,
        },
      },
      delete: {
        tags,
        operationId: 'removerCampoPersonalizado',
        summary: 'Remove um campo personalizado (ou exclui definitivamente os seus dados)',
        description:
          'Sem `purge`: esconde o campo personalizado, mantendo coluna e dados (PATCH com `hidden: false` o reativa). Com `purge=true`: exclui definitivamente ' +
          'os dados de um campo já removido (coluna ou chave no JSON de extras, índice e restrições) e libera o nome, sem desfazer. Campos do código e subcampos: 400. ' +
          WHO,
        parameters: [
          { name: 'version', in: 'query', required: false, description: version.description, schema: { type: 'integer', minimum: 0, maximum: 999_999_999 } },
          {
            name: 'purge',
            in: 'query',
            required: false,
            description: '`true`: exclui definitivamente os dados de um campo já removido.',
            schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
          },
        ],
        responses: {
          200: { description: 'A nova versão e o esquema efetivo da entidade.', content: json(saved) },
          400: r('BadRequest'),
          ...refusals,
          409: conflict,
        },
      },
    },
    '/schemas/{resource}/fields/{name}/usage': {
      parameters: [resource, name],
      get: {
        tags,
        operationId: 'usoCampoEntidade',
        summary: 'Quantos registros têm valor num campo (o que a exclusão definitiva apagaria)',
        description: `Conta os registros com valor no campo; subcampos não têm dados próprios (400). ${WHO}`,
        responses: {
          200: {
            description: 'A contagem.',
            content: json({ type: 'object', required: ['records'], properties: { records: { type: 'integer', minimum: 0 } } }),
          },
          400: r('BadRequest'),
          ...refusals,
        },
      },
    },
  };
}
