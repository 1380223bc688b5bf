/**
 * OpenAPI of the server's health (src/server/health/): liveness `/health`, readiness `/health/ready`,
 * and the Prometheus metrics `/metrics`, which live at the root, outside `/api/v1` (its own `servers`).
 */
import { responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

const ok = { type: 'string', const: 'ok' };
const failed = {
  type: 'object',
  required: ['status', 'mensagem'],
  properties: { status: { type: 'string', const: 'falha' }, mensagem: { type: 'string', description: 'O que falhou, em português (sem detalhes internos).' } },
};
const check = (description: string): JsonSchema => ({
  description,
  oneOf: [
    {
      type: 'object',
      required: ['status', 'ms'],
      properties: { status: ok, ms: { type: 'integer', minimum: 0, description: 'Tempo da verificação, em ms.' } },
    },
    failed,
  ],
});

const PRONTIDAO: JsonSchema = {
  description: 'Cada parte verificada pela prontidão (`GET /health/ready`) e o resultado.',
  type: 'object',
  required: ['status', 'version', 'verificacoes'],
  properties: {
    status: { type: 'string', enum: ['ok', 'indisponivel'] },
    version: { type: 'string', description: 'Versão publicada da API.' },
    verificacoes: {
      type: 'object',
      required: ['processo', 'banco', 'filaEmails', 'arquivos'],
      properties: {
        processo: check('O processo não está sendo encerrado (falha a partir do SIGTERM, enquanto as requisições em andamento terminam).'),
        banco: check('O banco de dados responde a um `select 1` em até 2 s.'),
        filaEmails: {
          description: 'A fila de e-mails (tabela `mensagem`) responde: mensagens à espera de envio e a idade da mais antiga.',
          oneOf: [
            {
              type: 'object',
              required: ['status', 'ms', 'pendentes', 'maisAntigaSegundos'],
              properties: {
                status: ok,
                ms: { type: 'integer', minimum: 0 },
                pendentes: { type: 'integer', minimum: 0, description: 'Mensagens à espera (sem as abandonadas após as tentativas).' },
                maisAntigaSegundos: { type: ['integer', 'null'], minimum: 0, description: 'Há quantos segundos a mais antiga espera; null com a fila vazia.' },
              },
            },
            failed,
          ],
        },
        arquivos: check('O armazenamento de arquivos aceita uma gravação (pasta local) ou o bucket do S3 responde.'),
      },
    },
  },
};

/** The readiness answers, in `components.schemas` (an error answer is a `$ref`, document.ts). */
export const HEALTH_SCHEMAS: Record<string, JsonSchema> = {
  Prontidao: PRONTIDAO,
  ProntidaoIndisponivel: {
    description: 'Prontidão com alguma parte em falha: a mensagem de erro do portal e as verificações.',
    allOf: [
      ref('Prontidao'),
      { type: 'object', required: ['message', 'statusCode'], properties: { message: { type: 'string' }, statusCode: { type: 'integer', const: 503 } } },
    ],
  },
};

export function healthPaths(): Record<string, JsonSchema> {
  return {
    '/health': {
      get: {
        tags: ['Sistema'],
        operationId: 'saude',
        summary: 'O processo da API está no ar (liveness)',
        description:
          'Sem autenticação e sem tocar no banco nem no disco: responde 200 enquanto o processo atende, também durante o encerramento. ' +
          'Para saber se o portal pode atender (banco, fila de e-mails, arquivos), use `/health/ready`.',
        security: [],
        responses: {
          200: {
            description: 'Em funcionamento.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'version'],
                  properties: { status: ok, version: { type: 'string', description: 'Versão publicada da API.' } },
                },
              },
            },
          },
        },
      },
    },
    '/config': {
      get: {
        tags: ['Sistema'],
        operationId: 'configuracaoPublica',
        summary: 'Configuração pública do aplicativo (login e versão)',
        description:
          'Sem autenticação e sem segredos (o cliente do pool não tem segredo): o que o aplicativo precisa para configurar o login (pool de usuários, ' +
          'cliente, login corporativo por OAuth), a versão publicada e o endereço de ajuda. `Cache-Control: no-cache`.',
        security: [],
        responses: {
          200: {
            description: 'A configuração.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['region', 'userPoolId', 'userPoolClientId', 'oauth', 'version', 'helpUrl'],
                  properties: {
                    region: { type: 'string', examples: ['sa-east-1'] },
                    userPoolId: { type: 'string', maxLength: 55 },
                    userPoolClientId: { type: 'string' },
                    userPoolEndpoint: { type: 'string', description: 'Só com a identidade local: o endereço do emulador do pool.' },
                    oauth: {
                      type: 'object',
                      required: ['domain', 'scopes', 'redirectSignIn', 'redirectSignOut', 'responseType'],
                      properties: {
                        domain: { type: 'string' },
                        scopes: { type: 'array', items: { type: 'string' } },
                        redirectSignIn: { type: 'array', items: { type: 'string' } },
                        redirectSignOut: { type: 'array', items: { type: 'string' } },
                        responseType: { type: 'string', const: 'code' },
                        providerName: { type: 'string', description: 'O provedor corporativo (login dos colaboradores).' },
                      },
                    },
                    version: { type: 'string', description: 'Versão publicada do portal.' },
                    helpUrl: { type: 'string', description: 'Portal de chamados de "Precisa de ajuda?".' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/health/ready': {
      get: {
        tags: ['Sistema'],
        operationId: 'prontidao',
        summary: 'O portal pode atender (readiness): banco, fila de e-mails e arquivos',
        description:
          'Sem autenticação. Verifica, cada parte em até 2 s, o banco de dados, a fila de e-mails (pendentes e a mais antiga) e o armazenamento de arquivos, ' +
          'e se o processo não está sendo encerrado. 200 quando tudo responde; 503 com `verificacoes` dizendo o que falhou. Nenhum segredo ou endereço interno no corpo.',
        security: [],
        responses: {
          200: { description: 'Pronto para atender.', content: { 'application/json': { schema: ref('Prontidao') } } },
          503: {
            description: 'Alguma parte não respondeu, ou o processo está sendo encerrado; `Retry-After` em segundos.',
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Segundos até tentar de novo.' } },
            content: { 'application/json': { schema: ref('ProntidaoIndisponivel') } },
          },
        },
      },
    },
    '/metrics': {
      servers: [{ url: '/', description: 'Na raiz do portal, fora de /api/v1 (convenção do Prometheus).' }],
      get: {
        tags: ['Sistema'],
        operationId: 'metricas',
        summary: 'Métricas no formato de texto do Prometheus',
        description:
          'Desligado sem a variável `METRICS_TOKEN` (404). Com ela, exige `Authorization: Bearer <METRICS_TOKEN>`. Requisições por padrão de rota ' +
          '(sem ids) e status com histograma de tempo, e-mails pendentes e a idade do mais antigo, e-mails enviados e com falha, ' +
          'conexões do pool do PostgreSQL (PGlite: ausente) e as métricas do processo Node.',
        security: [{ metricsToken: [] }],
        responses: {
          200: {
            description: 'As métricas (text/plain; version=0.0.4).',
            content: {
              'text/plain': { schema: { type: 'string', examples: ['portal_http_requests_total{method="GET",route="/api/v1/health",status="200"} 3'] } },
            },
          },
          401: r('Unauthorized'),
          404: r('NotFound'),
        },
      },
    },
  };
}
