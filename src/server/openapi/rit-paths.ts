/**
 * OpenAPI of the technical inspection report's PDF (src/server/rit/routes.ts, issue 40). Its
 * signatures and the public verification of its code are declared routes (resources/signatures.ts).
 */
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export function ritPaths(): Record<string, JsonSchema> {
  const tags = ['Relatórios de inspeção técnica (RIT)'];
  return {
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
