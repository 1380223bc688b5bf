/**
 * Saved views of the lists (issue 39), `/api/v1/visoes`: the routes' declarations (resources/api-route.ts),
 * served by src/server/saved-views and called by the app (the bar above every generic list and above
 * "Minhas pendências").
 *
 * A view keeps the list's state in the shape the list already sends to the API and keeps in its
 * URL: Refine's `CrudFilter`s (`field`, `operator`, `value`) and `CrudSort`s (`field`, `order`),
 * which simple-rest turns into `campo`, `campo_ne`, `campo_gte`, `campo_lte`, `campo_like`, `q`,
 * `_sort` and `_order`; plus the visible columns and the page size. Applying a view only adds
 * conditions to the list's own request: the API's access rules still decide what is read.
 */
import { z } from 'zod';
import { checkedByHandler, defineRoute, documentedAs, isoDateTime, pathId, type RouteAnswer, type RouteBody } from './api-route';

/** The one-shot parameter of a list's address naming the view it opens with (a view's menu entry). */
export const VIEW_PARAM = 'visao';

/** The list key of the inbox ("Minhas pendências"); every other key is an entity's REST resource. */
export const INBOX_LIST = 'pendencias';

/** Operators a saved filter may use: those the lists' column filters and search box write. */
export const VIEW_OPERATORS = ['eq', 'ne', 'in', 'gte', 'lte', 'contains'] as const;
export type ViewOperator = (typeof VIEW_OPERATORS)[number];

export const VIEW_NAME_MAX = 80;
export const VIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const VIEW_FILTERS_MAX = 40;
export const VIEW_SORTS_MAX = 5;
export const VIEW_COLUMNS_MAX = 200;
export const VIEW_SHARES_MAX = 30;
/** Views one person keeps per list. */
export const VIEWS_PER_LIST_MAX = 50;

const TAGS = ['Visões salvas'];
const LISTA_MESSAGE = 'Informe a lista da visão (o recurso da API, como "contratos", ou "pendencias").';

/**
 * The list: an entity's REST resource or the inbox. Documented as the component the document
 * writes from the running schemas (src/server/openapi/document.ts); an unknown one is refused by the
 * route with its name.
 */
const lista = documentedAs(
  z.string({ error: LISTA_MESSAGE }).refine((v) => v.trim() !== '', LISTA_MESSAGE),
  { $ref: '#/components/schemas/ListaDeVisao' },
);

const scalar = [z.string().max(1000), z.number(), z.boolean()] as const;
const viewFilter = z.object({
  field: z
    .string()
    .max(120)
    .meta({ examples: ['status'] }),
  operator: z.enum(VIEW_OPERATORS),
  value: z.union([
    ...scalar,
    z
      .array(z.union([scalar[0], scalar[1]]))
      .min(1)
      .max(200),
  ]),
});
const viewSort = z.object({ field: z.string().max(120), order: z.enum(['asc', 'desc']) });

/** What a view stores. */
const viewState = z
  .strictObject({
    filtros: z.array(viewFilter).max(VIEW_FILTERS_MAX).default([]),
    ordenacao: z.array(viewSort).max(VIEW_SORTS_MAX).default([]),
    colunas: z.array(z.string()).min(1).max(VIEW_COLUMNS_MAX).optional().meta({ description: 'Colunas visíveis, em ordem (só nas listas das entidades).' }),
    tamanhoPagina: documentedAs(z.int(), { type: 'integer', enum: [...VIEW_PAGE_SIZES] })
      .optional()
      .meta({ description: 'Registros por página (só nas listas das entidades).' }),
  })
  .meta({
    description:
      'O estado da lista no formato que a lista já usa na URL e na consulta (filtros e ordenação do Refine, que o simple-rest traduz em ' +
      '`campo`, `campo_ne`, `campo_gte`, `campo_lte`, `campo_like`, `q`, `_sort`, `_order`). Os filtros são conferidos como a própria lista os conferiria; ' +
      'em `pendencias`, só `resource`, `obra` e `vencimento` (operador `eq`) e a ordenação por `due` ou `since`. Aplicar uma visão só restringe a lista: ' +
      'as regras de acesso continuam valendo.',
  });

const codes = (what: string) =>
  z
    .array(z.string().min(1).max(60))
    .max(VIEW_SHARES_MAX)
    .meta({
      description: `${what} com quem a visão é compartilhada (vazio: só a dona vê). Compartilhar exige administrar a entidade (\`manage\` sem condições no assunto; em \`pendencias\`, em tudo).`,
    });

const savedView = z.object({
  id: z.int(),
  lista,
  nome: z.string(),
  estado: viewState,
  papeis: codes('Papéis'),
  obras: codes('Obras'),
  dono: z.string().meta({ description: 'E-mail de quem criou a visão.' }),
  donoNome: z.string(),
  minha: z.boolean().meta({ description: 'A pessoa conectada criou a visão (pode alterá-la e excluí-la).' }),
  version: z.int().min(1),
  criadoEm: isoDateTime(),
  atualizadoEm: isoDateTime(),
});

const nomeError = (input: unknown) => (input === undefined ? 'Informe um nome para a visão.' : 'Informe o nome da visão como texto.');
const nome = z
  .string({ error: (issue) => nomeError(issue.input) })
  .trim()
  .min(1, { error: 'Informe um nome para a visão.', abort: true })
  .max(VIEW_NAME_MAX, { error: `O nome pode ter até ${VIEW_NAME_MAX} caracteres.`, abort: true })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f]*$/, 'O nome tem um caractere inválido.')
  .meta({ examples: ['Alta prioridade nas minhas obras'] });
/** The state and the sharing are checked by the route: the state as the list's own request would be, the roles against the portal's. */
const estado = checkedByHandler(viewState);
const shares = (what: string) => checkedByHandler(codes(what)).optional();
const WHO = 'Só quem criou a visão a altera ou exclui: 403 numa visão compartilhada com a pessoa, 404 na visão particular de outra pessoa.';
const id = z.object({ id: pathId() });

export const listarVisoes = defineRoute({
  method: 'get',
  path: '/visoes',
  operationId: 'listarVisoes',
  tags: TAGS,
  summary: 'As visões salvas de uma lista que a pessoa vê',
  description:
    'As da pessoa e as compartilhadas com um dos seus papéis ou uma das suas obras, com a visão padrão da pessoa e se ela pode compartilhar. ' +
    'A contagem de cada visão é a da própria lista com os filtros dela (`_start=0&_end=0`, total em `x-total-count`). 403: uma lista que a pessoa não lê.',
  query: z.object({ lista }),
  invalid: 'Consulta de visões inválida.',
  answers: {
    200: {
      description: 'Visões da lista.',
      schema: z.object({
        lista: z.string(),
        podeCompartilhar: z.boolean().meta({ description: 'A pessoa pode compartilhar visões desta lista (administradores da entidade).' }),
        padrao: z.int().nullable().meta({ description: 'A visão padrão da pessoa nesta lista (aplicada ao abrir a lista sem filtros na URL).' }),
        visoes: z.array(savedView),
      }),
    },
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
  },
});

export const criarVisao = defineRoute({
  method: 'post',
  path: '/visoes',
  operationId: 'criarVisao',
  tags: TAGS,
  summary: 'Salva o estado atual de uma lista como visão',
  description: `Nome único por pessoa e lista; no máximo ${VIEWS_PER_LIST_MAX} visões por pessoa e lista. 400 com mensagens por campo; 403 ao compartilhar sem administrar a entidade.`,
  body: z.strictObject({ lista, nome, estado, papeis: shares('Papéis'), obras: shares('Obras') }),
  invalid: 'Visão não salva. Verifique os campos.',
  answers: { 201: { description: 'Visão salva.', schema: savedView }, 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden' },
});

const VISAO_MESSAGE = 'Informe o número da visão, ou null para nenhuma.';
export const menuDeVisoes = defineRoute({
  method: 'get',
  path: '/visoes/menu',
  operationId: 'menuDeVisoes',
  tags: TAGS,
  summary: 'As visões salvas de todas as listas que a pessoa vê, para o menu',
  description:
    'Por lista, as visões que a pessoa vê (as dela e as compartilhadas com um dos seus papéis ou uma das suas obras), na ordem de `GET /visoes`, ' +
    'com a padrão de cada lista; ficam de fora as listas que a pessoa não lê.',
  answers: {
    200: {
      description: 'Visões por lista.',
      schema: z.object({
        listas: z.array(
          z.object({
            lista: z.string(),
            padrao: z.int().nullable().meta({ description: 'A visão padrão da pessoa nesta lista.' }),
            visoes: z.array(savedView),
          }),
        ),
      }),
    },
    401: 'Unauthorized',
    403: 'Forbidden',
  },
});

export const definirVisaoPadrao = defineRoute({
  method: 'put',
  path: '/visoes/padrao',
  operationId: 'definirVisaoPadrao',
  tags: TAGS,
  summary: 'Define (ou tira) a visão padrão da pessoa numa lista',
  description: 'A visão deve ser da lista e visível para a pessoa (404 se não for); `visao: null` tira a padrão.',
  body: z.strictObject({
    lista,
    visao: z
      .int({ error: VISAO_MESSAGE })
      .min(1, VISAO_MESSAGE)
      .max(1e15 - 1, VISAO_MESSAGE)
      .nullable(),
  }),
  invalid: 'Visão padrão não definida.',
  answers: {
    200: { description: 'A padrão da lista.', schema: z.object({ lista: z.string(), visao: z.int().nullable() }) },
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
  },
});

export const alterarVisao = defineRoute({
  method: 'patch',
  path: '/visoes/{id}',
  operationId: 'alterarVisao',
  tags: TAGS,
  summary: 'Altera uma visão salva (nome, estado, compartilhamento)',
  description: `Com a \`version\` lida: 409 se outra alteração veio antes. ${WHO} Compartilhar com novos papéis ou obras exige administrar a entidade (403).`,
  params: id,
  body: z.strictObject({
    version: z.int({ error: 'Informe a versão da visão que você leu (version).' }).min(1, 'Informe a versão da visão que você leu (version).'),
    nome: nome.optional(),
    estado: estado.optional(),
    papeis: shares('Papéis'),
    obras: shares('Obras'),
  }),
  invalid: 'Visão não alterada. Verifique os campos.',
  answers: {
    200: { description: 'Visão alterada.', schema: savedView },
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    409: 'Conflict',
  },
});

export const excluirVisao = defineRoute({
  method: 'delete',
  path: '/visoes/{id}',
  operationId: 'excluirVisao',
  tags: TAGS,
  summary: 'Exclui uma visão salva',
  description: `${WHO} Quem a tinha como padrão volta à lista sem visão.`,
  params: id,
  answers: {
    200: { description: 'Excluída.', schema: z.object({ id: z.int(), mensagem: z.string() }) },
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
  },
});

export const SAVED_VIEW_ROUTES = [listarVisoes, criarVisao, menuDeVisoes, definirVisaoPadrao, alterarVisao, excluirVisao];

export type ViewFilter = z.output<typeof viewFilter>;
export type ViewFilterValue = ViewFilter['value'];
export type ViewSort = z.output<typeof viewSort>;
export type SavedViewState = z.output<typeof viewState>;
export type SavedView = z.output<typeof savedView>;
/** With whom a view is shared: everyone holding one of the roles or assigned to one of the sites. */
export type ViewSharing = Pick<SavedView, 'papeis' | 'obras'>;
/** `GET /api/v1/visoes?lista=`. */
export type SavedViewsAnswer = RouteAnswer<typeof listarVisoes>;
/** `GET /api/v1/visoes/menu`: every list's views the person sees, by list. */
export type SavedViewsMenuAnswer = RouteAnswer<typeof menuDeVisoes>;
/** `POST /api/v1/visoes`. */
export type SavedViewCreate = RouteBody<typeof criarVisao>;
/** `PATCH /api/v1/visoes/{id}`: the version read and what changes. */
export type SavedViewChange = RouteBody<typeof alterarVisao>;
/** `PUT /api/v1/visoes/padrao`: the caller's default of a list (null: none). */
export type SavedViewDefault = RouteBody<typeof definirVisaoPadrao>;
