/**
 * The ethics channel's own routes (issue 40, src/server/ethics): the public page's (no session:
 * `security: []`) and the thread of a report in the portal.
 */
import { schemaByName } from '../../../schemas';
import { PUBLIC_FIELDS, WRONG_CREDENTIALS } from '../ethics/public-routes';
import { MESSAGE_MAX } from '../ethics/thread';
import { responseRef as r } from './components';
import { fieldSchema, ref, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const tags = ['Canal de ética'];
const error = (description: string): JsonSchema => ({ description, content: json(ref('Erro')) });
const throttled = error('Muitas requisições deste endereço (contadas só na memória do servidor), ou senhas erradas demais para o protocolo: tente depois.');

const message: JsonSchema = {
  type: 'object',
  required: ['id', 'autor', 'texto', 'em'],
  properties: {
    id: { type: 'integer' },
    autor: { type: 'string', enum: ['relator', 'apuracao'], description: '`apuracao`: a equipe de ética; `relator`: quem fez o relato.' },
    texto: { type: 'string' },
    em: { type: 'string', format: 'date-time' },
    autorNome: { type: ['string', 'null'], description: 'Só no portal: quem da equipe escreveu (null nas mensagens do relator).' },
  },
};
const reporterCase: JsonSchema = {
  type: 'object',
  required: ['protocolo', 'situacao', 'categoria', 'assunto', 'recebidoEm', 'concluidoEm', 'aberto', 'mensagens'],
  properties: {
    protocolo: { type: 'string', examples: ['ET-2026-00012'] },
    situacao: { type: 'string', enum: ['Aberto', 'Em andamento', 'Finalizada'] },
    categoria: { type: ['string', 'null'] },
    assunto: { type: 'string' },
    recebidoEm: { type: ['string', 'null'], format: 'date-time' },
    concluidoEm: { type: ['string', 'null'], format: 'date' },
    aberto: { type: 'boolean', description: 'false quando finalizado: não recebe mais mensagens.' },
    mensagens: { type: 'array', items: message },
  },
};
const credentials = {
  protocolo: { type: 'string', maxLength: 30, description: 'O protocolo mostrado no envio (ex.: ET-2026-00012).' },
  senha: { type: 'string', maxLength: 60, description: 'A senha mostrada uma única vez no envio (maiúsculas, espaços e hífens não importam).' },
};
const texto = { type: 'string', minLength: 1, maxLength: MESSAGE_MAX };
const wrong = error(`Protocolo inexistente ou senha errada — a mesma mensagem para os dois ("${WRONG_CREDENTIALS}").`);

function reportBody(): JsonSchema {
  const fields = (schemaByName('relatoEtica')?.fields ?? []).filter((f) => PUBLIC_FIELDS.includes(f.name));
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return {
    type: 'object',
    description:
      'O relato. Com `anonimo` (padrão true), nome e contato são descartados e nada identifica quem relatou: sem conta, e-mail, endereço IP ou navegador.',
    properties: {
      ...Object.fromEntries(fields.map((f) => [f.name, fieldSchema({ ...f, readOnly: false }, !required.includes(f.name))])),
      evidencias: { type: 'array', maxItems: 10, items: { type: 'string' }, description: 'As chaves devolvidas por `POST /canal-etica/anexos`.' },
    },
    ...(required.length ? { required } : {}),
  };
}

export function ethicsPaths(): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, description: 'id do relato', schema: { type: 'integer', minimum: 1 } };
  return {
    '/canal-etica/anexos': {
      post: {
        tags,
        operationId: 'enviarEvidenciaCanalEtica',
        summary: 'Envia uma evidência pelo canal de ética público (sem sessão)',
        description:
          'Um arquivo por requisição (multipart/form-data, campo `file`): JPEG, PNG ou PDF, verificado pelo conteúdo, até `UPLOAD_MAX_MB`. ' +
          'Fotos perdem os metadados (EXIF, GPS, câmera, comentários) e o arquivo perde o nome original antes de ser guardado. ' +
          'Vale por um dia, até um relato o usar.',
        security: [],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
        },
        responses: {
          201: {
            description: 'Recebido.',
            content: json({
              type: 'object',
              required: ['key', 'name', 'size', 'type'],
              properties: { key: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, type: { type: 'string' } },
            }),
          },
          400: r('BadRequest'),
          413: error('O arquivo excede o limite.'),
          429: throttled,
        },
      },
    },
    '/canal-etica/relatos': {
      post: {
        tags,
        operationId: 'enviarRelatoCanalEtica',
        summary: 'Registra um relato no canal de ética público (sem sessão)',
        description: 'Devolve o protocolo e a senha de acompanhamento, mostrada só desta vez (o portal guarda apenas um hash scrypt dela).',
        security: [],
        requestBody: { required: true, content: json(reportBody()) },
        responses: {
          201: {
            description: 'Relato registrado.',
            content: json({
              type: 'object',
              required: ['protocolo', 'senha', 'mensagem'],
              properties: { protocolo: { type: 'string' }, senha: { type: 'string', examples: ['K7QM-3XVP-9RTA-WZ2H'] }, mensagem: { type: 'string' } },
            }),
          },
          400: r('BadRequest'),
          429: throttled,
        },
      },
    },
    '/canal-etica/acompanhamento': {
      post: {
        tags,
        operationId: 'acompanharRelatoCanalEtica',
        summary: 'A situação e as mensagens de um relato, com protocolo e senha (sem sessão)',
        description: 'Senhas erradas são contadas por protocolo: depois de 5 em 15 minutos, 429 até a janela acabar.',
        security: [],
        requestBody: { required: true, content: json({ type: 'object', required: ['protocolo', 'senha'], properties: credentials }) },
        responses: { 200: { description: 'O relato.', content: json(reporterCase) }, 400: r('BadRequest'), 403: wrong, 429: throttled },
      },
    },
    '/canal-etica/acompanhamento/mensagens': {
      post: {
        tags,
        operationId: 'responderRelatoCanalEtica',
        summary: 'O relator responde às perguntas da apuração (sem sessão)',
        description: 'Com o protocolo e a senha, como no acompanhamento; nada sobre quem escreve é guardado. 409 quando o relato já foi finalizado.',
        security: [],
        requestBody: { required: true, content: json({ type: 'object', required: ['protocolo', 'senha', 'texto'], properties: { ...credentials, texto } }) },
        responses: {
          201: { description: 'Mensagem registrada; o relato atualizado.', content: json(reporterCase) },
          400: r('BadRequest'),
          403: wrong,
          409: error('O relato já foi finalizado.'),
          429: throttled,
        },
      },
    },
    '/relatos-etica/{id}/mensagens': {
      parameters: [id],
      get: {
        tags,
        operationId: 'lerMensagensRelatoEtica',
        summary: 'A conversa entre a apuração e quem fez o relato',
        description: 'Para quem lê o relato. `comoAutor`: `apuracao` (quem pode alterar o relato), `relator` (quem o fez) ou null (só leitura).',
        responses: {
          200: {
            description: 'A conversa.',
            content: json({
              type: 'object',
              required: ['mensagens', 'podeEnviar', 'comoAutor'],
              properties: {
                mensagens: { type: 'array', items: message },
                podeEnviar: { type: 'boolean' },
                comoAutor: { type: ['string', 'null'], enum: ['relator', 'apuracao', null] },
              },
            }),
          },
          401: r('Unauthorized'),
          404: r('NotFound'),
        },
      },
      post: {
        tags,
        operationId: 'enviarMensagemRelatoEtica',
        summary: 'Uma pergunta da apuração ao relator (ou a resposta de quem fez o relato)',
        description:
          'Quem pode alterar o relato (a equipe de ética) escreve como `apuracao`; o colaborador que fez o relato, como `relator`, sem que nada o identifique na mensagem. ' +
          '404 para quem não lê o relato; 409 quando já foi finalizado.',
        requestBody: { required: true, content: json({ type: 'object', required: ['texto'], properties: { texto } }) },
        responses: {
          201: {
            description: 'A conversa atualizada.',
            content: json({ type: 'object', required: ['mensagens'], properties: { mensagens: { type: 'array', items: message } } }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: error('O relato já foi finalizado.'),
        },
      },
    },
  };
}
