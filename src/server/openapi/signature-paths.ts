/**
 * OpenAPI of the daily report's signatures (issue 26): reading and adding signatures
 * (src/server/signatures/routes.ts) and the public verification of a signed document
 * (src/server/signatures/verify-routes.ts).
 */
import { CODE_ALPHABET, CODE_LENGTH } from '../signatures/code';
import { MAX_SIGNATURE_BYTES } from '../signatures/body';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const papel = {
  type: 'string',
  enum: ['responsavel', 'cliente'],
  description: "'responsavel': o site manager do diário; 'cliente': o representante do cliente da obra.",
};
const papeis = {
  type: 'object',
  required: ['responsavel', 'cliente'],
  additionalProperties: false,
  properties: {
    responsavel: { type: 'string', examples: ['Responsável da obra', 'Inspetor'] },
    cliente: { type: 'string', examples: ['Representante do cliente'] },
  },
  description: 'O nome de cada papel neste documento, como as pessoas o leem (no RIT, o responsável é o inspetor).',
};
const signature = {
  type: 'object',
  required: ['id', 'papel', 'nome', 'email', 'metodo', 'em', 'ip', 'userAgent', 'hash', 'valida', 'anuladaEm', 'anuladaMotivo', 'imagem'],
  properties: {
    id: { type: 'integer' },
    papel,
    nome: { type: 'string' },
    email: { type: 'string', description: 'Vazio para um usuário externo, salvo a sua própria assinatura.' },
    metodo: { type: 'string', enum: ['desenho', 'login'] },
    em: { type: 'string', format: 'date-time' },
    ip: { type: 'string', description: 'Vazio para um usuário externo, salvo a sua própria assinatura.' },
    userAgent: { type: 'string', description: 'Vazio para um usuário externo, salvo a sua própria assinatura.' },
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 do conteúdo do diário no momento da assinatura.' },
    valida: { type: 'boolean', description: 'Em vigor (não anulada) e do mesmo conteúdo que o diário tem hoje.' },
    anuladaEm: { type: ['string', 'null'], format: 'date-time' },
    anuladaMotivo: { type: ['string', 'null'], description: '"Diário reaberto: <comentário>" quando o diário foi reaberto.' },
    imagem: { type: ['string', 'null'], description: 'A assinatura desenhada, PNG em data URL.' },
  },
};
export const signatures = {
  type: 'object',
  required: ['codigo', 'hashAtual', 'assinaturas', 'proxima', 'podeAssinar', 'motivo', 'papeis'],
  properties: {
    codigo: { type: ['string', 'null'], description: 'Código de verificação do documento, criado na primeira assinatura.' },
    hashAtual: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 do conteúdo atual do diário.' },
    assinaturas: { type: 'array', items: signature },
    proxima: { oneOf: [papel, { type: 'null' }], description: 'Quem assina a seguir; null se o diário não está concluído ou já tem todas as assinaturas.' },
    podeAssinar: { type: 'boolean' },
    motivo: { type: ['string', 'null'], description: 'Por que a pessoa conectada não pode assinar agora.' },
    papeis,
  },
};
export const signBody = {
  oneOf: [
    {
      type: 'object',
      required: ['metodo', 'imagem'],
      properties: {
        metodo: { const: 'desenho' },
        imagem: { type: 'string', pattern: '^data:image/png;base64,', description: `PNG da assinatura desenhada, até ${MAX_SIGNATURE_BYTES / 1024} KB.` },
      },
    },
    {
      type: 'object',
      required: ['metodo', 'confirmo'],
      properties: { metodo: { const: 'login' }, confirmo: { const: true, description: 'A pessoa confirma que assina com o seu acesso ao portal.' } },
    },
  ],
};
const verification = {
  type: 'object',
  required: ['valido', 'situacao', 'documento', 'assinaturas', 'mensagem', 'papeis'],
  additionalProperties: false,
  properties: {
    valido: { type: 'boolean' },
    situacao: {
      type: 'string',
      enum: ['valido', 'anulado', 'assinaturas-anuladas', 'conteudo-alterado', 'em-correcao', 'nao-assinado'],
      description:
        'O que a verificação encontrou: válido; anulado por um administrador (a mensagem diz quando, por quem e o motivo); assinaturas anuladas na reabertura; conteúdo alterado depois de assinado; reaberto e ainda não assinado de novo; nunca assinado.',
    },
    documento: { type: 'string', examples: ['Diário de obra nº 12 — Galpão Logístico — 05/11/2026'] },
    assinaturas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['papel', 'nome', 'em', 'valida'],
        additionalProperties: false,
        properties: { papel, nome: { type: 'string' }, em: { type: 'string', format: 'date-time' }, valida: { type: 'boolean' } },
      },
    },
    mensagem: { type: 'string' },
    papeis,
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export function signaturePaths(): Record<string, JsonSchema> {
  const tags = ['Diários de obra'];
  return {
    '/diarios/{id}/assinaturas': {
      get: {
        tags,
        operationId: 'assinaturasDiario',
        summary: 'Assinaturas do diário, código de verificação e quem assina a seguir',
        description: 'Para quem lê o diário (404 para os demais).',
        parameters: [id],
        responses: { 200: { description: 'Assinaturas.', content: json(signatures) }, 401: res('Unauthorized'), 404: res('NotFound') },
      },
      post: {
        tags,
        operationId: 'assinarDiario',
        summary: 'Assina o diário concluído (site manager primeiro, depois o representante do cliente)',
        description:
          'Guarda o hash do conteúdo, o IP e o navegador, e envia o PDF assinado à lista de distribuição da obra. 403 para quem não assina este diário; 409 quando o diário não está concluído, a pessoa já assinou ou o site manager ainda não assinou.',
        parameters: [id],
        requestBody: { required: true, content: json(signBody) },
        responses: {
          201: { description: 'Assinatura registrada; as assinaturas como ficaram.', content: json(signatures) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
          409: res('Conflict'),
        },
      },
    },
    '/verificar/{codigo}': {
      get: {
        tags,
        operationId: 'verificarDocumento',
        summary: 'Verifica um documento assinado pelo código impresso (público, sem login)',
        description:
          'Para quem recebeu o PDF: pelo código impresso no documento, diz se ele é autêntico, qual é o documento e quem o assinou e quando. ' +
          'Não exige sessão; um código que não existe responde 404.',
        security: [],
        parameters: [
          {
            name: 'codigo',
            in: 'path',
            required: true,
            schema: { type: 'string', maxLength: 40 },
            description: `${CODE_LENGTH} caracteres de ${CODE_ALPHABET}; maiúsculas ou minúsculas, espaços e hífens ignorados. Outro formato: 400.`,
          },
        ],
        responses: {
          200: { description: 'Resultado da verificação.', content: json(verification) },
          400: res('BadRequest'),
          404: res('NotFound'),
        },
      },
    },
  };
}
