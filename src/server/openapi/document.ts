/**
 * The API described as OpenAPI 3.1, generated from the schemas: per resource the simple-rest list
 * (with a parameter per filter path and operator), read, create, update, delete, totals, history
 * and workflow transitions; component schemas from the field kinds; errors; bearer authentication.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { LIST_MAX } from '../crud/list-query';
import { pendenciasPaths } from './pendencias-paths';
import { timePaths } from './time-paths';
import { signaturePaths } from './signature-paths';
import { pendingCompanyPaths } from './pending-company-paths';
import { eapCodePaths } from './eap-code-paths';
import { lostDaysPaths } from './lost-days-paths';
import { weatherPaths } from './weather-paths';
import { siteUserPaths } from './site-user-paths';
import { schemaConfigPaths } from './schema-config-paths';
import { supportPaths } from './support-paths';
import { schedulePaths } from './schedule-paths';
import { COMMON_PARAMETERS, RESPONSES, parameterRef as P, responseRef as r } from './components';
import { COMMON_SCHEMAS, componentName, createRequired, entitySchemas, ref, type JsonSchema } from './field-schemas';
import { filterParameters } from './filter-parameters';

/** One action of `GET …/{id}/transitions` (describeTransition, src/server/workflow/definition.ts). */
const TRANSITION: JsonSchema = {
  type: 'object',
  required: ['name', 'label', 'to', 'toLabel', 'comment', 'tone'],
  properties: {
    name: { type: 'string', description: 'Nome da ação: o `{name}` de POST …/transitions/{name}.' },
    label: { type: 'string', description: 'Rótulo do botão.' },
    to: { type: ['string', 'null'], description: 'Situação a que a ação leva (null: a ação dos administradores, que escolhe em `choices`).' },
    toLabel: { type: ['string', 'null'], description: 'Rótulo da situação de destino.' },
    comment: { type: 'string', enum: ['required', 'optional', 'none'], description: 'Se a ação pede comentário.' },
    asks: {
      type: 'array',
      description: 'Campos do registro que a ação pede no diálogo (definições do esquema, todos obrigatórios); enviados em `values`.',
      items: {
        type: 'object',
        required: ['name', 'kind', 'label'],
        properties: { name: { type: 'string' }, kind: { type: 'string' }, label: { type: 'string' }, required: { type: 'boolean', const: true } },
      },
    },
    notice: { type: 'string', description: 'Aviso a mostrar antes da ação (por exemplo, fora do prazo: o comentário passa a ser obrigatório).' },
    tone: { type: 'string', enum: ['primary', 'default', 'danger'], description: 'Destaque do botão.' },
    choices: {
      type: 'array',
      description: 'Só na ação dos administradores: as situações que podem ser escolhidas (enviada em `to`).',
      items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
    },
  },
};

/** One row of `GET …/aggregate` (src/server/crud/aggregate.ts): the group's keys by path, its value, and `outros` on the rest row. */
const AGGREGATE_ROW: JsonSchema = {
  type: 'object',
  description:
    'Um grupo: o valor de cada caminho de `groupBy` (propriedade com o nome do caminho; datas agrupadas pelo início do intervalo; null para vazio), ' +
    'e `value`, a medida do grupo. Com `top`, a última linha tem `outros: true` e os caminhos em null.',
  required: ['value'],
  properties: {
    value: { type: ['number', 'string', 'null'], description: 'A medida do grupo (somas e médias de decimais podem vir como texto).' },
    outros: { type: 'boolean', const: true, description: 'A linha do restante, além dos `top` maiores.' },
  },
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
};

const strings = { type: 'array', items: { type: 'string' } };
/** The answer of GET /me (src/server/app.ts): the PortalUser (src/access/user.ts) and the packed CASL rules. */
const ME: JsonSchema = {
  type: 'object',
  required: ['user', 'rules'],
  properties: {
    user: {
      type: 'object',
      required: ['id_user', 'username', 'email', 'name', 'empresa', 'obra', 'roles', 'tipo'],
      properties: {
        id_user: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'string', format: 'email' },
        name: { type: 'string' },
        email_verified: { type: 'boolean' },
        pk: { type: 'string' },
        sk: { type: 'string' },
        empresa: { ...strings, description: 'Empresas da pessoa (clientes, fornecedores e escritórios: as suas).' },
        obra: { ...strings, description: 'Obras da pessoa.' },
        roles: { ...strings, description: 'Papéis (perfis de acesso).' },
        specific_rules: {
          description: 'Regras específicas do provedor de identidade: texto JSON ou já interpretadas.',
          anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }],
        },
        tipo: {
          type: 'string',
          description:
            "'fornecedor' ou 'escritorio' para fornecedores e escritórios parceiros, 'cliente' para clientes (também reconhecidos pelo papel); vazio quando não informado.",
        },
        obrasSubstituto: { ...strings, description: 'Obras em que a pessoa é site manager substituta.' },
        emNomeDe: { ...strings, description: 'E-mails das pessoas ausentes por quem ela responde agora.' },
      },
    },
    rules: {
      type: 'array',
      description:
        'Regras CASL compactadas (`packRules`): cada regra é um vetor [ação, assunto, condições, inverted, campos, motivo], ações e campos separados por vírgula.',
      items: { type: 'array', items: { type: ['string', 'integer', 'object'] } },
    },
  },
};

const VISIBILITY =
  'Cada pessoa só alcança os registros que suas regras de acesso permitem: clientes, fornecedores e escritórios parceiros veem apenas os seus ' +
  '(das suas obras ou empresas), sem os campos internos nem os registros em rascunho.';
const IDEMPOTENT = 'Aceita o cabeçalho `Idempotency-Key`: repetida com a mesma requisição, devolve a primeira resposta sem gravar de novo.';

/** Field labels, quoted and joined for a sentence: «A», «B» e «C». */
function labelList(fields: FieldDef[]): string {
  const names = fields.map((f) => `«${f.label}»`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : (names[0] ?? '');
}

/** The pt-BR descriptions of a resource's generated operations, from its schema. */
function crudDescriptions(schema: EntitySchema) {
  const label = schema.label.toLowerCase();
  const article = schema.gender === 'f' ? 'a' : 'o';
  const fieldOf = (name: string) => schema.fields.find((f) => f.name === name);
  const searched = schema.fields.filter((f) => f.search);
  const sortField = schema.defaultSort && fieldOf(schema.defaultSort.field);
  const obra = schema.obraField ? fieldOf(schema.obraField) : undefined;
  const list = [
    `Registros de ${schema.labelPlural.toLowerCase()} que a pessoa pode ver, filtrados e ordenados (contrato simple-rest do Refine).`,
    'Filtra por qualquer campo com `campo`, `campo_ne`, `campo_gte`, `campo_lte` e `campo_like` (pessoas por `campo.mail` e `campo.nome`)' +
      (obra ? `, por exemplo pela obra em \`${obra.name}\`` : '') +
      '.',
    searched.length ? `A busca \`q\` procura em ${labelList(searched)} (e pelo id, se for um número).` : 'A busca `q` procura pelo id.',
    schema.defaultSort
      ? `Sem \`_sort\`, ordena por ${sortField ? `«${sortField.label}»` : `\`${schema.defaultSort.field}\``} (${schema.defaultSort.order === 'desc' ? 'decrescente' : 'crescente'}).`
      : 'Ordena por `_sort`/`_order`.',
    `Sem _start/_end, devolve até ${LIST_MAX} registros e o cabeçalho x-list-truncated diz se ficaram registros de fora; o total vem em x-total-count.`,
    VISIBILITY,
  ].join(' ');
  const required = createRequired(schema);
  const create = [
    `Cria ${article} ${label} com os campos enviados; campos omitidos recebem o valor padrão do esquema.`,
    required.length ? `Obrigatórios: ${labelList(required.map((n) => fieldOf(n)!))}.` : 'Nenhum campo é obrigatório no envio.',
    'Campos desconhecidos são recusados (400); valor único repetido responde 409.',
    schema.workflow ? 'A situação começa no estado inicial do fluxo e só muda pelas ações de `/transitions`.' : '',
    IDEMPOTENT,
  ]
    .filter(Boolean)
    .join(' ');
  const update = (verb: string) =>
    [
      `${verb} ${article} ${label}: só os campos enviados mudam.`,
      'O corpo leva `version`, a versão lida: se outra pessoa alterou o registro antes, responde 409 (leia de novo e reenvie).',
      schema.workflow ? 'A situação não muda por aqui: use as ações de `/transitions`.' : '',
      'Campos que a pessoa não pode alterar respondem 403.',
      IDEMPOTENT,
    ]
      .filter(Boolean)
      .join(' ');
  return {
    list,
    create,
    aggregate:
      `Totais de ${schema.labelPlural.toLowerCase()} numa só consulta, com os mesmos filtros e a busca da lista, sobre os registros que a pessoa pode listar: ` +
      'contagem, soma, média, mínimo ou máximo de um campo (`measure`), agrupados por até dois caminhos (`groupBy`; datas por `interval`), ' +
      'opcionalmente só os `top` maiores e uma linha "outros". Campos que a pessoa não pode ler não são agrupados nem medidos. ' +
      VISIBILITY,
    read: `Lê ${article} ${label} pelo id, com a versão atual e os títulos dos registros referenciados (\`_titles\`). Fora do alcance da pessoa, responde 404 ou 403. ${VISIBILITY}`,
    patch: update('Altera'),
    put: update('Igual ao PATCH: altera'),
    delete: `Exclui ${article} ${label} e devolve o registro como estava. Responde 409 quando não pode ser excluído agora (por exemplo, outros registros dependem dele). ${IDEMPOTENT}`,
    history:
      'As alterações do registro, da mais recente à mais antiga (até 500): criação, alterações com os campos mudados, ações do fluxo com o comentário, e quem fez cada uma.',
    transitions:
      'As ações do fluxo de trabalho que a pessoa pode tomar agora neste registro (pela situação atual e pelas suas permissões), com o que cada uma pede: comentário e campos.',
    transition:
      'Toma uma ação do fluxo: confere a situação, as permissões e a versão lida (`version`; versão antiga → 409), grava os campos pedidos (`values`) e o comentário, ' +
      `registra no histórico e avisa as pessoas envolvidas. ${IDEMPOTENT}`,
  };
}

function resourcePaths(schema: EntitySchema, filterNames: string[]): Record<string, JsonSchema> {
  const name = componentName(schema);
  const text = crudDescriptions(schema);
  const tag = schema.labelPlural;
  const base = `/${schema.resource}`;
  const filters = filterNames.map(P);
  const record = ref(name);
  const paths: Record<string, JsonSchema> = {
    [base]: {
      get: {
        tags: [tag],
        operationId: `listar${name}`,
        summary: `Lista ${schema.labelPlural.toLowerCase()}`,
        description: text.list,
        parameters: [P('_start'), P('_end'), P('_sort'), P('_order'), P('q'), ...filters],
        responses: {
          200: {
            description: 'Os registros da página.',
            headers: {
              'x-total-count': { description: 'Total de registros que atendem aos filtros.', schema: { type: 'integer' } },
              'x-total-count-estimate': {
                description: 'true quando o total é a estimativa do banco (listas muito grandes): "cerca de N".',
                schema: { type: 'boolean' },
              },
              'x-total-count-at-least': {
                description: 'true quando a contagem parou no limite: há pelo menos x-total-count registros ("mais de N").',
                schema: { type: 'boolean' },
              },
              'x-list-truncated': { description: 'Sem _start/_end: true quando havia mais registros que o limite.', schema: { type: 'boolean' } },
            },
            content: { 'application/json': { schema: { type: 'array', items: record } } },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
      post: {
        tags: [tag],
        operationId: `criar${name}`,
        summary: `Cria ${schema.gender === 'f' ? 'uma' : 'um'} ${schema.label.toLowerCase()}`,
        description: text.create,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Novo`) } } },
        responses: {
          201: { description: 'Criado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          409: r('Conflict'),
        },
      },
    },
    [`${base}/aggregate`]: {
      get: {
        tags: [tag],
        operationId: `totais${name}`,
        summary: 'Totais e agrupamentos',
        description: text.aggregate,
        parameters: [P('groupBy'), P('measure'), P('interval'), P('top'), P('q'), ...filters],
        responses: {
          200: {
            description: 'Grupos e total.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['measure', 'groupBy', 'rows', 'total'],
                  properties: {
                    measure: { type: 'string' },
                    groupBy: { type: 'array', items: { type: 'string' } },
                    rows: { type: 'array', items: AGGREGATE_ROW },
                    total: { type: ['number', 'null'] },
                  },
                },
              },
            },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
    [`${base}/{id}`]: {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `ler${name}`,
        summary: 'Lê um registro',
        description: text.read,
        responses: {
          200: { description: 'O registro.', content: { 'application/json': { schema: record } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
      patch: {
        tags: [tag],
        operationId: `alterar${name}`,
        summary: 'Altera um registro (com a versão lida)',
        description: text.patch,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Alteracao`) } } },
        responses: {
          200: { description: 'O registro alterado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
      put: {
        tags: [tag],
        operationId: `substituir${name}`,
        summary: 'Igual ao PATCH (só os campos enviados mudam)',
        description: text.put,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Alteracao`) } } },
        responses: {
          200: { description: 'O registro alterado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
      delete: {
        tags: [tag],
        operationId: `excluir${name}`,
        summary: 'Exclui um registro',
        description: text.delete,
        responses: {
          200: { description: 'O registro excluído.', content: { 'application/json': { schema: record } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    [`${base}/{id}/historico`]: {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `historico${name}`,
        summary: 'Histórico de alterações do registro',
        description: text.history,
        responses: {
          200: {
            description: 'Do mais recente ao mais antigo (até 500).',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'action', 'at'],
                    properties: {
                      id: { type: 'integer' },
                      action: { type: 'string' },
                      at: { type: 'string', format: 'date-time' },
                      user: { type: ['string', 'null'] },
                      changes: { type: 'object' },
                      transition: { type: 'string' },
                      comment: { type: ['string', 'null'] },
                    },
                  },
                },
              },
            },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
  if (schema.workflow) {
    paths[`${base}/{id}/transitions`] = {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `transicoes${name}`,
        summary: 'Ações do fluxo que a pessoa pode tomar agora',
        description: text.transitions,
        responses: {
          200: { description: 'As ações possíveis.', content: { 'application/json': { schema: { type: 'array', items: TRANSITION } } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    };
    paths[`${base}/{id}/transitions/{name}`] = {
      parameters: [P('id'), { name: 'name', in: 'path', required: true, schema: { type: 'string', enum: schema.workflow.transitions.map((t) => t.name) } }],
      post: {
        tags: [tag],
        operationId: `transicao${name}`,
        summary: 'Toma uma ação do fluxo (muda a situação)',
        description: text.transition,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['version'],
                properties: {
                  version: { type: 'integer', minimum: 1 },
                  comment: { type: 'string' },
                  values: { type: 'object', description: 'Campos que a ação pede no diálogo (`asks` da transição), por nome do campo.' },
                },
              },
            },
          },
        },
        responses: {
          200: { description: 'O registro depois da ação.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    };
  }
  return paths;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every authenticated write takes `Idempotency-Key`: the parameter, and its 409 and 422 answers (new objects: path items may be shared). */
function withIdempotencyKey(paths: Record<string, JsonSchema>): void {
  for (const [path, item] of Object.entries(paths)) {
    let copy: JsonSchema | undefined;
    for (const method of WRITE_METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op || (Array.isArray(op.security) && op.security.length === 0)) continue;
      const responses = (op.responses ?? {}) as Record<string, JsonSchema>;
      copy ??= { ...item };
      copy[method] = {
        ...op,
        parameters: [...((op.parameters as JsonSchema[] | undefined) ?? []), P('Idempotency-Key')],
        responses: { ...responses, 409: responses['409'] ?? r('Conflict'), 422: responses['422'] ?? r('UnprocessableEntity') },
      };
    }
    if (copy) paths[path] = copy;
  }
}

/** The whole document (the same for every caller: access rules act on the data, not on the shape). */
export function openApiDocument(schemas: EntitySchema[], version: string): JsonSchema {
  const components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  } = {
    schemas: { ...COMMON_SCHEMAS },
    parameters: { ...COMMON_PARAMETERS },
    responses: RESPONSES,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'ID token do Cognito (o mesmo que o portal usa).' } },
  };
  const paths: Record<string, JsonSchema> = {
    '/health': {
      get: {
        tags: ['Sistema'],
        operationId: 'saude',
        summary: 'Situação da API',
        description: 'Sem autenticação: responde quando a API e o banco de dados estão no ar, com a versão publicada.',
        security: [],
        responses: {
          200: {
            description: 'Em funcionamento.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'version'],
                  properties: { status: { type: 'string', const: 'ok' }, version: { type: 'string', description: 'Versão publicada da API.' } },
                },
              },
            },
          },
        },
      },
    },
    '/me': {
      get: {
        tags: ['Sistema'],
        operationId: 'eu',
        summary: 'A pessoa conectada e suas regras de acesso (CASL compactadas)',
        description:
          'A pessoa da sessão, como as regras de acesso a veem (com as obras que substitui e as pessoas por quem responde durante ausências), ' +
          'e as suas regras CASL no formato compactado de `packRules` (@casl/ability/extra), para o portal decidir o que mostrar.',
        responses: { 200: { description: 'Pessoa e regras.', content: { 'application/json': { schema: ME } } }, 401: r('Unauthorized') },
      },
    },
  };
  Object.assign(paths, pendenciasPaths());
  Object.assign(paths, timePaths());
  Object.assign(paths, signaturePaths());
  Object.assign(paths, pendingCompanyPaths());
  Object.assign(paths, eapCodePaths());
  Object.assign(paths, lostDaysPaths());
  Object.assign(paths, weatherPaths());
  Object.assign(paths, siteUserPaths());
  Object.assign(paths, schemaConfigPaths());
  Object.assign(paths, supportPaths());
  Object.assign(paths, schedulePaths());
  const tags: JsonSchema[] = [
    { name: 'Sistema', description: 'Situação da API e a pessoa conectada.' },
    {
      name: 'Empresas a conferir',
      description: 'Textos de empresa que a migração para o cadastro de empresas não reconheceu (src/server/modules/empresa-routes.ts).',
    },
  ];
  for (const schema of schemas) {
    Object.assign(components.schemas, entitySchemas(schema));
    const params = filterParameters(schema);
    Object.assign(components.parameters, params);
    Object.assign(paths, resourcePaths(schema, Object.keys(params)));
    tags.push({ name: schema.labelPlural, description: `Recurso \`${schema.resource}\` (${schema.subject}).` });
  }
  withIdempotencyKey(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal — API',
      version,
      description:
        'API REST do portal no contrato do `@refinedev/simple-rest`, gerada dos esquemas. Erros: `{ message, statusCode, errors? }` em português. ' +
        `Listas: _start/_end (até ${LIST_MAX} por página), _sort/_order, filtros campo, campo_ne, campo_gte, campo_lte, campo_like e q; total em x-total-count.`,
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components,
  };
}
