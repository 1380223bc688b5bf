/**
 * OpenAPI of the routes beside the generic CRUD: the daily report's copy, options and PDF
 * (src/server/rdo/routes.ts), file upload and download (src/server/storage/routes.ts), the site
 * gallery (src/server/storage/gallery.ts), the people picker (src/server/people/routes.ts), the
 * public satisfaction survey (src/server/survey/routes.ts) and this document itself.
 */
import { schemaByName } from '../../../schemas';
import { RDO_SECTIONS } from '../../../schemas/configuracao-rdo';
import { gallerySlots } from '../../../resources/gallery';
import { ANSWER_FIELDS } from '../survey/routes';
import { PEOPLE_LIMIT } from '../people/routes';
import { parameterRef as P, responseRef as r } from './components';
import { fieldSchema, fieldValueSchema, ref, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const date = { type: 'string', format: 'date' };

/**
 * The item schema of a `rows` field of an entity, with only `keys` (in that order); `required` lists
 * the sub-fields the answer always carries.
 */
function rowItem(entity: string, field: string, keys: string[], required: string[] = []): JsonSchema {
  const subs = schemaByName(entity)?.fields.find((f) => f.name === field)?.fields ?? [];
  const properties = Object.fromEntries(
    keys.map((k) => {
      const sub = subs.find((s) => s.name === k);
      return [k, sub ? fieldValueSchema(sub) : { type: 'string' }];
    }),
  );
  return { type: 'object', ...(required.length ? { required } : {}), properties };
}

const obraQuery = {
  name: 'obra',
  in: 'query',
  required: true,
  description: 'A obra (código da lista de obras).',
  schema: { type: 'string', minLength: 1, maxLength: 20 },
};

function rdoPaths(): Record<string, JsonSchema> {
  const tags = ['Diários de obra'];
  const copy = {
    type: 'object',
    required: ['obra', 'data', 'dataOcupada', 'maoDeObra', 'equipamentos', 'atividades', 'origem'],
    properties: {
      obra: { type: 'string' },
      data: { type: ['string', 'null'], format: 'date', description: 'Hoje, ou null quando a obra já tem um diário com a data de hoje.' },
      dataOcupada: { type: 'boolean', description: 'A obra já tem um diário com a data de hoje (dois diários da obra não podem ter a mesma data).' },
      maoDeObra: {
        type: 'array',
        items: rowItem('diario', 'maoDeObra', ['empresa', 'funcao', 'quantidade']),
        description: 'As linhas de mão de obra do diário anterior (empresa, função e quantidade).',
      },
      equipamentos: {
        type: 'array',
        items: rowItem('diario', 'equipamentos', ['equipamento', 'quantidade']),
        description: 'As linhas de equipamentos do diário anterior (equipamento e quantidade).',
      },
      atividades: {
        type: 'array',
        items: rowItem('diario', 'atividades', ['eapItem', 'descricao', 'unidade']),
        description: 'As atividades ainda em andamento no diário anterior (avanço abaixo de 100% ou não informado), sem quantidade.',
      },
      origem: {
        type: 'object',
        required: ['id', 'numero', 'data'],
        description: 'O diário de onde os dados foram copiados (GET /diarios/{id}).',
        properties: {
          id: { type: 'integer', minimum: 1 },
          numero: { type: ['integer', 'null'], description: 'Nº do RDO na obra.' },
          data: { type: ['string', 'null'], format: 'date' },
        },
      },
    },
  };
  const options = {
    type: 'object',
    required: ['obra', 'turnos', 'maoDeObra', 'equipamentos', 'estacoes', 'obrigatorias'],
    properties: {
      obra: { type: 'string' },
      turnos: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'turnos', ['periodo', 'inicio', 'fim'], ['periodo', 'inicio', 'fim']),
        description: 'Os turnos de trabalho: cada um vira uma linha de clima no novo diário.',
      },
      maoDeObra: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'maoDeObra', ['empresa', 'funcao'], ['empresa', 'funcao']),
        description: 'As empresas e funções oferecidas nas linhas de mão de obra (vazia: texto livre).',
      },
      equipamentos: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'equipamentos', ['equipamento'], ['equipamento']),
        description: 'Os equipamentos oferecidos nas linhas de equipamentos (vazia: texto livre).',
      },
      estacoes: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'estacoes', ['nome', 'codigo', 'fonte'], ['nome']),
        description: 'As estações meteorológicas de onde se lê a chuva da obra.',
      },
      obrigatorias: {
        type: 'array',
        items: { type: 'string', enum: RDO_SECTIONS.map(([name]) => name) },
        description: 'As seções que os diários da obra devem preencher (a API recusa um diário da obra sem elas).',
      },
    },
  };
  return {
    '/diarios/copia-anterior': {
      get: {
        tags,
        operationId: 'copiaDoDiarioAnterior',
        summary: 'Dados para um novo diário copiados do último diário da obra ("Copiar do dia anterior")',
        description:
          'O último diário da obra (por data e número) que a pessoa pode ler dá ao novo diário a mão de obra, os equipamentos e as atividades ' +
          'em andamento; nunca a data, o número, as fotos nem as ocorrências. Campos que a pessoa não pode ler não são copiados. ' +
          'Nada é gravado: o corpo serve de ponto de partida para POST /diarios.',
        parameters: [obraQuery],
        responses: {
          200: { description: 'O corpo do novo diário e o diário de origem.', content: json(copy) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    '/diarios/opcoes': {
      get: {
        tags,
        operationId: 'opcoesDoDiario',
        summary: 'A configuração do RDO da obra que o formulário do diário oferece',
        description:
          'Turnos, listas de mão de obra e equipamentos, estações meteorológicas e seções obrigatórias da configuração do RDO da obra ' +
          '(listas vazias quando a obra não tem configuração). Para quem pode criar, alterar, ler ou configurar os diários da obra.',
        parameters: [obraQuery],
        responses: {
          200: { description: 'A configuração da obra.', content: json(options) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
    '/diarios/{id}/pdf': {
      parameters: [P('id')],
      get: {
        tags,
        operationId: 'pdfDoDiario',
        summary: 'O diário em PDF, com as assinaturas',
        description:
          'O diário como documento PDF (anexo), com o bloco das assinaturas conferidas contra o conteúdo gravado. ' +
          'Mesmas regras de leitura do registro (GET /diarios/{id}): campos que a pessoa não pode ler ficam de fora.',
        responses: {
          200: {
            description: 'O PDF do diário.',
            headers: {
              'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } },
            },
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}

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
        },
      },
    },
    '/arquivos/*': {
      get: {
        tags,
        operationId: 'baixarArquivo',
        summary: 'Baixa um arquivo guardado (ou a miniatura dele)',
        description:
          'O caminho depois de `/arquivos/` é a `key` do arquivo (ex.: `/arquivos/2026-03/3f2a….jpg`, o `url` devolvido no envio); ' +
          'com o sufixo `/thumb`, a miniatura da imagem (image/webp). Só para quem pode ler um registro que guarda o arquivo ' +
          '(ou quem o enviou, enquanto não está em nenhum registro). Imagens e PDFs vêm para exibição; os demais tipos, como anexo.',
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
            },
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
          { name: 'q', in: 'query', required: false, description: 'Parte do nome ou do e-mail.', schema: { type: 'string', maxLength: 100 } },
          {
            name: 'perfil',
            in: 'query',
            required: false,
            description: 'Só quem tem um destes perfis (repetido ou separado por vírgula).',
            schema: { type: 'array', items: { type: 'string', pattern: '^[\\w.-]{1,60}$' } },
            style: 'form',
            explode: true,
          },
        ],
        responses: {
          200: { description: 'As pessoas encontradas.', content: json({ type: 'array', maxItems: PEOPLE_LIMIT, items: ref('Pessoa') }) },
          401: r('Unauthorized'),
          403: r('Forbidden'),
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
            content: json({ type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string', const: '3.1.0' } } }),
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
  };
}
