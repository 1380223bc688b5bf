/**
 * The API described as OpenAPI 3.1, generated from the schemas: per resource the simple-rest list
 * (with a parameter per filter path and operator), read, create, update, delete, totals, history
 * and workflow transitions; component schemas from the field kinds; errors; bearer authentication.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { LIST_MAX, MAX_OFFSET } from '../crud/list-query';
import { kindOf, type FilterOp } from '../fields/registry';
import { pendenciasPaths } from './pendencias-paths';
import { timePaths } from './time-paths';
import { signaturePaths } from './signature-paths';
import { COMMON_SCHEMAS, componentName, entitySchemas, fieldValueSchema, ref, type JsonSchema } from './field-schemas';

type Op = FilterOp;

/** Filter paths of an entity and the operators that make sense for each. */
function filterPaths(schema: EntitySchema): { path: string; field: FieldDef; value: JsonSchema; ops: Op[] }[] {
  const out: { path: string; field: FieldDef; value: JsonSchema; ops: Op[] }[] = [];
  // A filter value is a query-string text: numbers and yes/no keep their type, the rest is a string (with its options and format).
  const valueOf = (f: FieldDef): JsonSchema => {
    const v = fieldValueSchema(f);
    if (v.type === 'integer' || v.type === 'number' || v.type === 'boolean') return { type: v.type };
    return { type: 'string', ...(v.enum ? { enum: f.options } : {}), ...(v.format ? { format: v.format } : {}) };
  };
  const system: FieldDef[] = [
    { name: 'id', kind: 'integer', label: 'ID' },
    { name: 'created_at', kind: 'datetime', label: 'Criado em' },
    { name: 'updated_at', kind: 'datetime', label: 'Atualizado em' },
    { name: 'created_by', kind: 'email', label: 'Criado por' },
    { name: 'updated_by', kind: 'email', label: 'Atualizado por' },
  ];
  for (const f of [...system, ...schema.fields]) {
    const kind = kindOf(f);
    if (kind.json === 'object') {
      // A person's mail and name, an object's sub-fields: compared as the text of the JSON property.
      // A person's paths are described with the person's label; an object's with its sub-fields' own.
      const describedBySelf = kind.ownPath !== undefined;
      for (const s of kind.subFields(f))
        out.push({ path: `${f.name}.${s.name}`, field: describedBySelf ? f : s, value: { type: 'string' }, ops: ['eq', 'ne', 'like'] });
      continue;
    }
    const ops = kind.filterOperators(f);
    if (!ops.length) continue;
    out.push({ path: f.name, field: f, value: valueOf(f), ops: [...ops] });
  }
  return out;
}

const OP_TEXT: Record<Op, string> = {
  eq: 'igual a (repita o parâmetro para "qualquer um de")',
  ne: 'diferente de (repita o parâmetro para excluir vários valores)',
  gte: 'maior ou igual a',
  lte: 'menor ou igual a',
  like: 'contém o texto (sem diferenciar acentos e maiúsculas)',
};

function filterParameters(schema: EntitySchema): Record<string, JsonSchema> {
  const name = componentName(schema);
  const out: Record<string, JsonSchema> = {};
  for (const p of filterPaths(schema)) {
    for (const op of p.ops) {
      const param = op === 'eq' ? p.path : `${p.path}_${op}`;
      const many = op === 'eq' || op === 'ne';
      out[`${name}.${param}`] = {
        name: param,
        in: 'query',
        required: false,
        description: `${p.field.label}: ${OP_TEXT[op]}.`,
        ...(many ? { style: 'form', explode: true, schema: { type: 'array', items: p.value } } : { schema: op === 'like' ? { type: 'string' } : p.value }),
      };
    }
  }
  return out;
}

const errorResponse = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: ref('Erro') } } });
const RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorResponse('Dados ou parâmetros inválidos: mensagem e `errors` por campo.'),
  Unauthorized: errorResponse('Sem sessão válida.'),
  Forbidden: errorResponse('Sem permissão para esta ação (ou campo).'),
  NotFound: errorResponse('Registro não encontrado.'),
  Conflict: errorResponse(
    'Conflito: o registro mudou desde a leitura, valor único repetido, ou a primeira requisição com a mesma `Idempotency-Key` ainda está em andamento.',
  ),
  UnprocessableEntity: errorResponse('A `Idempotency-Key` já foi usada com outra requisição (outro método, endereço ou corpo).'),
  Gone: errorResponse('O link já foi usado.'),
  TooManyRequests: errorResponse('Muitas requisições ou conexões: tente de novo depois do tempo de `Retry-After`.'),
};
const r = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const P = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const COMMON_PARAMETERS: Record<string, JsonSchema> = {
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

function resourcePaths(schema: EntitySchema, filterNames: string[]): Record<string, JsonSchema> {
  const name = componentName(schema);
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
        description: `Registros que a pessoa pode ver, filtrados e ordenados (contrato simple-rest do Refine). Sem _start/_end, devolve até ${LIST_MAX} registros e o cabeçalho x-list-truncated diz se ficaram registros de fora.`,
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
        description: 'Mesmos filtros da lista, numa só consulta sobre os registros que a pessoa pode listar.',
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
                    rows: { type: 'array', items: { type: 'object' } },
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
        responses: {
          200: { description: 'As ações possíveis.', content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } },
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

/** The company values the registry migration could not match, resolved by an administrator. */
function pendingCompanyPaths(): Record<string, JsonSchema> {
  const tags = ['Empresas a conferir'];
  const pending = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      tabela: { type: 'string' },
      campo: { type: 'string' },
      registro_id: { type: 'integer' },
      valor: { type: 'string' },
      situacao: { type: 'string', enum: ['pendente', 'resolvida', 'descartada'] },
      recurso: { type: ['string', 'null'] },
      entidade: { type: 'string' },
      campoRotulo: { type: 'string' },
      tipoExigido: { type: ['string', 'null'] },
      tiposExigidos: { type: 'array', items: { type: 'string' } },
    },
  };
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  const done = {
    200: { description: 'A pendência tratada.', content: { 'application/json': { schema: pending } } },
    400: r('BadRequest'),
    401: r('Unauthorized'),
    403: r('Forbidden'),
    404: r('NotFound'),
    409: r('Conflict'),
  };
  return {
    '/empresas-pendentes': {
      get: {
        tags,
        operationId: 'listarEmpresasPendentes',
        summary: 'Valores de empresa não reconhecidos (somente administradores)',
        parameters: [
          { name: 'situacao', in: 'query', schema: { type: 'string', enum: ['pendente', 'resolvida', 'descartada', 'todas'], default: 'pendente' } },
          { name: '_start', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          {
            name: '_end',
            in: 'query',
            description: 'Fim da página (exclusivo), até 200 linhas por página.',
            schema: { type: 'integer', minimum: 1, default: 50 },
          },
        ],
        responses: {
          200: {
            description: 'Uma página das pendências; o total vem em x-total-count.',
            headers: { 'x-total-count': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'array', items: pending } } },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
    '/empresas-pendentes/{id}/resolver': {
      parameters: [id],
      post: {
        tags,
        operationId: 'resolverEmpresaPendente',
        summary: 'Liga o valor a uma empresa cadastrada (CNPJ) e grava no registro',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['empresa'], properties: { empresa: { type: 'string', description: 'CNPJ da empresa cadastrada.' } } },
            },
          },
        },
        responses: done,
      },
    },
    '/empresas-pendentes/{id}/descartar': {
      parameters: [id],
      post: { tags, operationId: 'descartarEmpresaPendente', summary: 'Descarta a pendência (o registro fica sem empresa)', responses: done },
    },
  };
}

/** The daily report's EAP picker (src/server/modules/eap-codigos.ts). */
function eapCodePaths(): Record<string, JsonSchema> {
  const item = {
    type: 'object',
    required: ['id', 'codigo', 'descricao', 'pai'],
    properties: {
      id: { type: 'integer' },
      codigo: { type: 'string' },
      descricao: { type: 'string' },
      pai: { type: ['integer', 'null'], description: 'O item pai (id de outro item da lista).' },
    },
  };
  return {
    '/obras/{obra}/eap-codigos': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags: ['EAP (Field e automação)'],
        operationId: 'codigosEapDaObra',
        summary: 'Itens da EAP de uma obra e área que um diário de OS pode citar (código, descrição, item pai)',
        description:
          'Para quem lê a EAP dessa obra e área e para quem lança diários de OS dessa área numa obra sua (técnicos de field e de automação). ' +
          'Só o que a escolha do código precisa: sem pesos, datas, quantidades nem pessoas.',
        parameters: [{ name: 'area', in: 'query', required: true, schema: { type: 'string', enum: ['FIELD', 'AUTOMACAO'] } }],
        responses: {
          200: { description: 'Os itens, em ordem de código.', content: { 'application/json': { schema: { type: 'array', items: item } } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
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
    '/health': { get: { operationId: 'saude', summary: 'Situação da API', security: [], responses: { 200: { description: 'Em funcionamento.' } } } },
    '/me': {
      get: {
        operationId: 'eu',
        summary: 'A pessoa conectada e suas regras de acesso (CASL compactadas)',
        responses: { 200: { description: 'Pessoa e regras.' }, 401: r('Unauthorized') },
      },
    },
  };
  Object.assign(paths, pendenciasPaths());
  Object.assign(paths, timePaths());
  Object.assign(paths, signaturePaths());
  Object.assign(paths, pendingCompanyPaths());
  Object.assign(paths, eapCodePaths());
  const tags: JsonSchema[] = [
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
