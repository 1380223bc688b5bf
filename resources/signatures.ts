/**
 * The signatures of a document of record (the daily report, issue 26; the RIT, issue 40): the
 * declarations of `GET/POST /api/v1/{diarios,rits}/{id}/assinaturas` and of the public
 * `GET /api/v1/verificar/{codigo}` (resources/api-route.ts), served by src/server/signatures and
 * called by the app (src/app/modules/rdo, rit, verificar). Who signs and how: schemas/signature-types.ts.
 */
import { z } from 'zod';
import type { SignerRole, SignMethod } from '../schemas/signature-types';
import { defineRoute, documentedAs, isoDateTime, pathId, type RouteAnswer, type RouteBody } from './api-route';

/** Verification codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;
/** At most this many bytes of PNG for a drawn signature. */
export const MAX_SIGNATURE_BYTES = 150 * 1024;
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

const papel = z
  .enum(['responsavel', 'cliente'])
  .meta({ description: "'responsavel': o site manager do diário; 'cliente': o representante do cliente da obra." }) satisfies z.ZodType<SignerRole>;
const metodo = z.enum(['desenho', 'login']) satisfies z.ZodType<SignMethod>;
const hash = (description: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description });
const papeis = z
  .strictObject({
    responsavel: z.string().meta({ examples: ['Responsável da obra', 'Inspetor'] }),
    cliente: z.string().meta({ examples: ['Representante do cliente'] }),
  })
  .meta({ description: 'O nome de cada papel neste documento, como as pessoas o leem (no RIT, o responsável é o inspetor).' });
const EXTERNAL = 'Vazio para um usuário externo, salvo a sua própria assinatura.';

const signature = z.object({
  id: z.int(),
  papel,
  nome: z.string(),
  email: z.string().meta({ description: EXTERNAL }),
  metodo,
  em: isoDateTime(),
  ip: z.string().meta({ description: EXTERNAL }),
  userAgent: z.string().meta({ description: EXTERNAL }),
  hash: hash('SHA-256 do conteúdo do diário no momento da assinatura.'),
  valida: z.boolean().meta({ description: 'Em vigor (não anulada) e do mesmo conteúdo que o diário tem hoje.' }),
  anuladaEm: isoDateTime().nullable(),
  anuladaMotivo: z.string().nullable().meta({ description: '"Diário reaberto: <comentário>" quando o diário foi reaberto.' }),
  imagem: z.string().nullable().meta({ description: 'A assinatura desenhada, PNG em data URL.' }),
});
const signatures = z.object({
  codigo: z.string().nullable().meta({ description: 'Código de verificação do documento, criado na primeira assinatura.' }),
  hashAtual: hash('SHA-256 do conteúdo atual do diário.'),
  assinaturas: z.array(signature),
  proxima: papel.nullable().meta({ description: 'Quem assina a seguir; null se o diário não está concluído ou já tem todas as assinaturas.' }),
  podeAssinar: z.boolean(),
  motivo: z.string().nullable().meta({ description: 'Por que a pessoa conectada não pode assinar agora.' }),
  papeis,
});

/**
 * The body of a signature: a drawn one or a confirmation with the signed-in account. The PNG's
 * bytes (its signature, its size, an image sharp reads) are checked by the route.
 */
const signBody = (thisDocument: string) =>
  z.discriminatedUnion(
    'metodo',
    [
      z.object({
        metodo: z.literal('desenho'),
        imagem: z
          .string({ error: 'Desenhe a assinatura.' })
          .min(1, { error: 'Desenhe a assinatura.', abort: true })
          .startsWith(PNG_DATA_URL_PREFIX, 'A assinatura deve ser uma imagem PNG (data:image/png;base64,…).')
          .meta({ description: `PNG da assinatura desenhada, até ${MAX_SIGNATURE_BYTES / 1024} KB.` }),
      }),
      z.object({
        metodo: z.literal('login'),
        confirmo: z
          .literal(true, { error: `Confirme que assina ${thisDocument} com o seu acesso ao portal.` })
          .meta({ description: 'A pessoa confirma que assina com o seu acesso ao portal.' }),
      }),
    ],
    { error: 'Escolha como assinar: "desenho" (assinatura desenhada) ou "login" (confirmação com o seu acesso).' },
  );

const situacao = z.enum(['valido', 'anulado', 'assinaturas-anuladas', 'conteudo-alterado', 'em-correcao', 'nao-assinado']).meta({
  description:
    'O que a verificação encontrou: válido; anulado por um administrador (a mensagem diz quando, por quem e o motivo); assinaturas anuladas na reabertura; conteúdo alterado depois de assinado; reaberto e ainda não assinado de novo; nunca assinado.',
});
const verification = z.strictObject({
  valido: z.boolean(),
  situacao,
  documento: z.string().meta({ examples: ['Diário de obra nº 12 — Galpão Logístico — 05/11/2026'] }),
  assinaturas: z.array(z.strictObject({ papel, nome: z.string(), em: isoDateTime(), valida: z.boolean() })),
  mensagem: z.string(),
  papeis,
});

const id = z.object({ id: pathId() });
const INVALID = 'Não foi possível registrar a assinatura: verifique os campos.';

/** The two routes of one signed document (its resource, tag, operation ids and words). */
function documentRoutes(opts: {
  resource: string;
  tag: string;
  read: [operationId: string, summary: string, description: string];
  sign: [operationId: string, summary: string, description: string];
  thisDocument: string;
}) {
  const path = `/${opts.resource}/{id}/assinaturas` as const;
  const read = defineRoute({
    method: 'get',
    path,
    operationId: opts.read[0],
    tags: [opts.tag],
    summary: opts.read[1],
    description: opts.read[2],
    params: id,
    answers: { 200: { description: 'Assinaturas.', schema: signatures }, 401: 'Unauthorized', 404: 'NotFound' },
  });
  const sign = defineRoute({
    method: 'post',
    path,
    operationId: opts.sign[0],
    tags: [opts.tag],
    summary: opts.sign[1],
    description: opts.sign[2],
    params: id,
    body: signBody(opts.thisDocument),
    invalid: INVALID,
    answers: {
      201: { description: 'Assinatura registrada; as assinaturas como ficaram.', schema: signatures },
      400: 'BadRequest',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      409: 'Conflict',
    },
  });
  return { read, sign };
}

export const DIARIO_SIGNATURES = documentRoutes({
  resource: 'diarios',
  tag: 'Diários de obra',
  thisDocument: 'este diário',
  read: ['assinaturasDiario', 'Assinaturas do diário, código de verificação e quem assina a seguir', 'Para quem lê o diário (404 para os demais).'],
  sign: [
    'assinarDiario',
    'Assina o diário concluído (site manager primeiro, depois o representante do cliente)',
    'Guarda o hash do conteúdo, o IP e o navegador, e envia o PDF assinado à lista de distribuição da obra. 403 para quem não assina este diário; 409 quando o diário não está concluído, a pessoa já assinou ou o site manager ainda não assinou.',
  ],
});

export const RIT_SIGNATURES = documentRoutes({
  resource: 'rits',
  tag: 'Relatórios de inspeção técnica (RIT)',
  thisDocument: 'este relatório',
  read: [
    'assinaturasRit',
    'Assinaturas do RIT, código de verificação e quem assina a seguir',
    "Para quem lê o relatório (404 para os demais). Papéis: 'responsavel' é o inspetor do relatório; 'cliente', o representante do cliente da obra.",
  ],
  sign: [
    'assinarRit',
    'Assina o RIT emitido (o inspetor primeiro, depois o representante do cliente)',
    'Guarda o hash do conteúdo, o IP e o navegador. A última assinatura leva o relatório a "Assinado" e envia o PDF assinado à lista de distribuição da obra. ' +
      '403 para quem não assina este relatório; 409 quando ele não está emitido, a pessoa já assinou ou o inspetor ainda não assinou.',
  ],
});

export const verificarDocumento = defineRoute({
  method: 'get',
  path: '/verificar/{codigo}',
  operationId: 'verificarDocumento',
  tags: ['Diários de obra'],
  summary: 'Verifica um documento assinado pelo código impresso (público, sem login)',
  description:
    'Para quem recebeu o PDF: pelo código impresso no documento, diz se ele é autêntico, qual é o documento e quem o assinou e quando. ' +
    'Não exige sessão; um código que não existe responde 404.',
  // The code is read by the route (case, spaces and hyphens aside): another format is a 400 that says so.
  params: z.object({
    codigo: documentedAs(z.string(), {
      type: 'string',
      maxLength: 40,
      description: `${CODE_LENGTH} caracteres de ${CODE_ALPHABET}; maiúsculas ou minúsculas, espaços e hífens ignorados. Outro formato: 400.`,
    }),
  }),
  openapi: { security: [] },
  answers: { 200: { description: 'Resultado da verificação.', schema: verification }, 400: 'BadRequest', 404: 'NotFound' },
});

/** The signature routes of each signed document, by its REST resource. */
export const SIGNED_DOCUMENT_ROUTES: Readonly<Record<string, typeof DIARIO_SIGNATURES | undefined>> = { diarios: DIARIO_SIGNATURES, rits: RIT_SIGNATURES };

export const SIGNATURE_ROUTES = [DIARIO_SIGNATURES.read, DIARIO_SIGNATURES.sign, RIT_SIGNATURES.read, RIT_SIGNATURES.sign, verificarDocumento];

/** The signatures of a document, who signs next and whether the caller may. */
export type SignaturesView = RouteAnswer<typeof DIARIO_SIGNATURES.read>;
/** One signature as the API answers it. */
export type SignatureView = SignaturesView['assinaturas'][number];
/** A drawn signature, or a confirmation with the person's own sign-in. */
export type SignBody = RouteBody<typeof DIARIO_SIGNATURES.sign>;
/** The public verification: whether the content matches what was signed, and by whom (nothing else). */
export type Verification = RouteAnswer<typeof verificarDocumento>;
export type VerificationStatus = Verification['situacao'];
