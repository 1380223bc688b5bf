/** OpenAPI of the company values awaiting review (src/server/modules/empresa-routes.ts). */
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

/** The company values the registry migration could not match, resolved by an administrator. */
export function pendingCompanyPaths(): Record<string, JsonSchema> {
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
        description:
          'Os textos de empresa que a migração para o cadastro de empresas não reconheceu, com o registro e o campo de onde vieram e o tipo de empresa que o campo exige. ' +
          'Por padrão só as pendentes; `situacao` mostra as resolvidas, as descartadas ou todas.',
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
        description:
          'Grava a empresa cadastrada (pelo CNPJ) no campo do registro de origem e marca a pendência como resolvida. ' +
          'A empresa precisa ser do tipo que o campo exige (400); uma pendência já tratada responde 409. Aceita o cabeçalho `Idempotency-Key`.',
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
      post: {
        tags,
        operationId: 'descartarEmpresaPendente',
        summary: 'Descarta a pendência (o registro fica sem empresa)',
        description:
          'Marca a pendência como descartada; o campo do registro de origem fica sem empresa. Uma pendência já tratada responde 409. Aceita o cabeçalho `Idempotency-Key`.',
        responses: done,
      },
    },
  };
}
