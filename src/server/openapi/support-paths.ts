/**
 * OpenAPI of the routes beside the generic CRUD: the daily report's (rdo-extra-paths.ts), file upload and download (src/server/storage/routes.ts), the site
 * gallery (src/server/storage/gallery.ts), the people picker (src/server/people/routes.ts), the
 * public satisfaction survey (src/server/survey/routes.ts) and this document itself.
 */
import { schemaByName } from '../../../schemas';
import { gallerySlots } from '../../../resources/gallery';
import { ANSWER_FIELDS } from '../pesquisa-satisfacao/routes';
import { PEOPLE_LIMIT } from '../people/routes';
import { responseRef as r } from './components';
import { fieldSchema, ref, type JsonSchema } from './field-schemas';
import { rdoPaths } from './rdo-extra-paths';
import { MARKUP_READ, markupPost } from './markup-paths';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const date = { type: 'string', format: 'date' };
function filePaths(): Record<string, JsonSchema> {
  const tags = ['Arquivos'];
  const uploaded = {
    allOf: [
      ref('Arquivo'),
      {
        type: 'object',
        required: ['key', 'name', 'size', 'type', 'url'],
        properties: {
          thumbUrl: { type: 'string', description: 'Endereço da miniatura (GET /arquivos/{key}/thumb), quando o tipo tem miniatura.' },
        },
      },
    ],
    description: 'O arquivo guardado: envie este objeto no campo de arquivos do registro ao criá-lo ou alterá-lo.',
  };
  const query = (name: string, description: string, required: boolean) => ({
    name,
    in: 'query',
    required,
    description,
    schema: { type: 'string', maxLength: 100 },
  });
  const binary = { type: 'string', format: 'binary' };
  const unavailable = {
    description: 'O armazenamento de arquivos (disco ou S3) não respondeu; num envio, nada foi gravado. Tente de novo depois de `Retry-After` segundos.',
    headers: { 'Retry-After': { description: 'Segundos até tentar de novo.', schema: { type: 'integer', minimum: 1 } } },
    content: json(ref('Erro')),
  };
  return {
    '/arquivos': {
      post: {
        tags,
        operationId: 'enviarArquivo',
        summary: 'Envia um arquivo para um campo de arquivos ou imagens de um registro',
        description:
          'Um arquivo por requisição, em multipart/form-data no campo `file`, com o limite de tamanho do servidor (`UPLOAD_MAX_MB`, padrão 25 MB). ' +
          'O tipo é verificado pelo conteúdo e precisa ser aceito pelo campo (`recurso` e `campo`). Com `id`, exige o direito de alterar o registro ' +
          '(ou de enviar arquivos a ele); sem `id` (registro ainda não criado), o direito de criar. Fotos podem levar quando e onde foram tiradas. ' +
          'O arquivo só passa a valer quando o objeto devolvido é gravado no registro.',
        parameters: [
          query('recurso', 'O recurso do registro (ex.: `diarios`).', true),
          query('campo', 'O campo de arquivos ou imagens do registro (ou `campo.subcampo` dentro de linhas).', true),
          { name: 'id', in: 'query', required: false, description: 'O registro já existente que recebe o arquivo.', schema: { type: 'string', maxLength: 40 } },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { ...binary, description: 'O arquivo, com o nome original.' },
                  tiradaEm: {
                    type: 'string',
                    format: 'date-time',
                    description: 'Quando a foto foi tirada (ISO 8601, lido do EXIF); não mais que um dia no futuro.',
                  },
                  latitude: { type: 'number', minimum: -90, maximum: 90, description: 'Onde a foto foi tirada; junto com `longitude`.' },
                  longitude: { type: 'number', minimum: -180, maximum: 180, description: 'Onde a foto foi tirada; junto com `latitude`.' },
                },
              },
            },
          },
        },
        responses: {
          201: { description: 'O arquivo guardado.', content: json(uploaded) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          413: { description: 'O arquivo excede o limite de tamanho.', content: json(ref('Erro')) },
          503: unavailable,
        },
      },
    },
    '/arquivos/*': {
      post: markupPost(),
      get: {
        tags,
        operationId: 'baixarArquivo',
        summary: 'Baixa um arquivo guardado (ou a miniatura dele)',
        description:
          'O caminho depois de `/arquivos/` é a `key` do arquivo (ex.: `/arquivos/2026-03/3f2a….jpg`, o `url` devolvido no envio); ' +
          'com o sufixo `/thumb`, a miniatura da imagem (image/webp). Só para quem pode ler um registro que guarda o arquivo ' +
          '(ou quem o enviou, enquanto não está em nenhum registro). Imagens e PDFs vêm para exibição; os demais tipos, como anexo. ' +
          'Com o sufixo `/marcacao`, o desenho de uma cópia marcada (JSON; 404 se a foto não é uma cópia marcada).',
        responses: {
          200: {
            description: 'O conteúdo do arquivo, com o tipo dele (ou image/webp para a miniatura).',
            headers: {
              'content-disposition': { description: 'inline ou attachment, com o nome original.', schema: { type: 'string' } },
            },
            content: {
              'image/*': { schema: binary },
              'application/pdf': { schema: binary },
              'application/octet-stream': { schema: binary },
              ...json(MARKUP_READ),
            },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          503: unavailable,
        },
      },
    },
  };
}

function galleryPaths(): Record<string, JsonSchema> {
  const fontes = [...new Set(gallerySlots().map((s) => s.schema.name))];
  const photo = {
    type: 'object',
    required: ['key', 'nome', 'tipo', 'data', 'fonte', 'recurso', 'registro', 'titulo', 'url', 'thumbUrl'],
    properties: {
      key: { type: 'string' },
      nome: { type: 'string', description: 'Nome original do arquivo.' },
      tipo: { type: 'string', description: 'Tipo do arquivo (image/…).' },
      data: { type: ['string', 'null'], format: 'date', description: 'A data do registro (ou o dia em que foi criado).' },
      fonte: { type: 'string', enum: fontes, description: 'A entidade do registro que guarda a foto.' },
      recurso: { type: 'string', description: 'O recurso da API dessa entidade.' },
      registro: { type: 'integer', description: 'O id do registro (GET /{recurso}/{id}).' },
      titulo: { type: ['string', 'null'], description: 'O título do registro.' },
      url: { type: 'string', description: 'GET /arquivos/{key}.' },
      thumbUrl: { type: 'string', description: 'GET /arquivos/{key}/thumb.' },
      tiradaEm: { type: 'string', format: 'date-time', description: 'Quando a foto foi tirada, se informado no envio.' },
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
    },
  };
  const day = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: date });
  return {
    '/obras/{obra}/galeria': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags: ['Galeria'],
        operationId: 'galeriaDaObra',
        summary: 'As fotos de uma obra (diários, relatórios, checklists, biblioteca), das mais novas às mais antigas',
        description:
          'As imagens dos registros da obra que a pessoa pode ler, numa lista só, paginada (48 por página sem `_start`/`_end`, no máximo 200). ' +
          'O total vem em x-total-count.',
        parameters: [
          { name: '_start', in: 'query', required: false, description: 'Início da página (padrão 0).', schema: { type: 'integer', minimum: 0 } },
          {
            name: '_end',
            in: 'query',
            required: false,
            description: 'Fim da página (exclusivo); no máximo 200 fotos por página.',
            schema: { type: 'integer', minimum: 1 },
          },
          {
            name: 'fonte',
            in: 'query',
            required: false,
            description: 'Só estas entidades, separadas por vírgula.',
            schema: { type: 'string' },
            examples: { diarios: { value: 'diario' } },
          },
          day('de', 'Primeiro dia (aaaa-mm-dd).'),
          day('ate', 'Último dia (aaaa-mm-dd).'),
        ],
        responses: {
          200: {
            description: 'As fotos da página.',
            headers: { 'x-total-count': { description: 'Total de fotos que atendem aos filtros.', schema: { type: 'integer' } } },
            content: json({ type: 'array', items: photo }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}

function surveyPaths(): Record<string, JsonSchema> {
  const tags = ['Pesquisa de satisfação'];
  const survey = schemaByName('pesquisaSatisfacao');
  const fields = (survey?.fields ?? []).filter((f) => ANSWER_FIELDS.includes(f.name));
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const answers = {
    type: 'object',
    description: 'As respostas, com as regras dos campos da pesquisa de satisfação; o restante vem do ticket. Campos desconhecidos são recusados (400).',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, !required.includes(f.name))])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  const token = {
    name: 'token',
    in: 'path',
    required: true,
    description: 'O código do link enviado por e-mail (é a credencial: a rota é pública).',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
  };
  return {
    '/pesquisa/{token}': {
      parameters: [token],
      get: {
        tags,
        operationId: 'lerPesquisa',
        summary: 'O ticket de uma pesquisa de satisfação (página pública do link)',
        description: 'Só o código, o título e o nome da obra do ticket. 404 para um link que não existe; 410 para um já respondido ou vencido.',
        security: [],
        responses: {
          200: {
            description: 'O ticket avaliado.',
            content: json({
              type: 'object',
              required: ['codigo', 'titulo', 'obra'],
              properties: {
                codigo: { type: ['string', 'null'], description: 'Código do ticket.' },
                titulo: { type: ['string', 'null'] },
                obra: { type: ['string', 'null'], description: 'Nome da obra.' },
              },
            }),
          },
          404: r('NotFound'),
          410: r('Gone'),
        },
      },
      post: {
        tags,
        operationId: 'responderPesquisa',
        summary: 'Registra as respostas de uma pesquisa de satisfação (o link vale uma vez)',
        description:
          'Grava a pesquisa de satisfação do ticket (obra, cliente e categoria vêm do ticket; a data é hoje) e inutiliza o link. ' +
          '404 para um link que não existe; 410 para um já respondido ou vencido.',
        security: [],
        requestBody: { required: true, content: json(answers) },
        responses: {
          201: {
            description: 'Respostas registradas.',
            content: json({
              type: 'object',
              required: ['message'],
              properties: { message: { type: 'string', examples: ['Obrigado! Sua avaliação foi registrada.'] } },
            }),
          },
          400: r('BadRequest'),
          404: r('NotFound'),
          410: r('Gone'),
        },
      },
    },
  };
}

export function supportPaths(): Record<string, JsonSchema> {
  return {
    ...rdoPaths(),
    ...filePaths(),
    ...galleryPaths(),
    '/pessoas': {
      get: {
        tags: ['Pessoas'],
        operationId: 'buscarPessoas',
        summary: 'Pessoas do portal (nome e e-mail) para os seletores de pessoa',
        description:
          `Pessoas ativas, buscadas por nome ou e-mail (sem acento e sem diferença de maiúsculas), até ${PEOPLE_LIMIT}, por nome. ` +
          'Só para colaboradores: pessoas externas (clientes, fornecedores, parceiros) recebem 403.',
        parameters: [
          {
            name: 'q',
            in: 'query',
            required: false,
            description: 'Parte do nome ou do e-mail (contam os 100 primeiros caracteres).',
            schema: { type: 'string' },
          },
          {
            name: 'perfil',
            in: 'query',
            required: false,
            description: 'Só quem tem um destes perfis (repetido ou separado por vírgula).',
            schema: { type: 'array', items: { type: 'string', pattern: '^[\\w.-]{1,60}$' } },
            style: 'form',
            explode: true,
          },
          {
            name: 'obra',
            in: 'query',
            required: false,
            description: 'Só as pessoas desta obra (o cadastro de usuários a inclui). Quem não lê a obra recebe 404.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            description: 'As pessoas encontradas.',
            headers: {
              'x-total-count': {
                description: `Quantas pessoas atendem à busca (a resposta traz as ${PEOPLE_LIMIT} primeiras).`,
                schema: { type: 'integer', minimum: 0 },
              },
            },
            content: json({ type: 'array', maxItems: PEOPLE_LIMIT, items: ref('Pessoa') }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    ...surveyPaths(),
    '/openapi.json': {
      get: {
        tags: ['Documentação da API'],
        operationId: 'descricaoDaApi',
        summary: 'Esta descrição da API (OpenAPI 3.1)',
        description: 'Gerada dos esquemas em uso (inclusive os ajustes dos administradores). Só para colaboradores: clientes e fornecedores recebem 403.',
        responses: {
          200: {
            description: 'O documento OpenAPI.',
            content: json({
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: {
                openapi: { type: 'string', const: '3.1.0' },
                info: { type: 'object', required: ['title', 'version'], properties: { title: { type: 'string' }, version: { type: 'string' } } },
                paths: { type: 'object', description: 'As operações, por caminho relativo a `servers` (/api/v1).' },
              },
            }),
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
  };
}
