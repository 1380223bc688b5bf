/**
 * OpenAPI of the technical inspection report as a document of record (issue 40): its PDF
 * (src/server/rit/routes.ts) and its signatures (src/server/signatures/routes.ts mounted on /rits;
 * the public verification of its code is `/verificar/{codigo}`, signature-paths.ts).
 */
import { signatures, signBody } from './signature-paths';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export function ritPaths(): Record<string, JsonSchema> {
  const tags = ['Relatórios de inspeção técnica (RIT)'];
  return {
    '/rits/{id}/assinaturas': {
      get: {
        tags,
        operationId: 'assinaturasRit',
        summary: 'Assinaturas do RIT, código de verificação e quem assina a seguir',
        description:
          "Para quem lê o relatório (404 para os demais). Papéis: 'responsavel' é o inspetor do relatório; 'cliente', o representante do cliente da obra.",
        parameters: [id],
        responses: { 200: { description: 'Assinaturas.', content: json(signatures) }, 401: res('Unauthorized'), 404: res('NotFound') },
      },
      post: {
        tags,
        operationId: 'assinarRit',
        summary: 'Assina o RIT emitido (o inspetor primeiro, depois o representante do cliente)',
        description:
          'Guarda o hash do conteúdo, o IP e o navegador. A última assinatura leva o relatório a "Assinado" e envia o PDF assinado à lista de distribuição da obra. ' +
          '403 para quem não assina este relatório; 409 quando ele não está emitido, a pessoa já assinou ou o inspetor ainda não assinou.',
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
    '/rits/{id}/pdf': {
      get: {
        tags,
        operationId: 'pdfDoRit',
        summary: 'O RIT em PDF, com as assinaturas e o código de verificação',
        description:
          'O relatório como documento PDF (anexo), com as constatações e o bloco das assinaturas conferidas contra o conteúdo gravado. ' +
          'Mesmas regras de leitura do registro (GET /rits/{id}): campos que a pessoa não pode ler ficam de fora.',
        parameters: [id],
        responses: {
          200: {
            description: 'O PDF do relatório.',
            headers: { 'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } } },
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
        },
      },
    },
  };
}
