/**
 * OpenAPI of the maintenance switch (src/server/maintenance, issue 40): what is in maintenance
 * (public), start/change and end (administrators), and the 503 every write may answer while its
 * module, or the whole portal, is in maintenance.
 */
import { MAINTENANCE_SCOPES, maintenanceScreens } from '../../../resources/maintenance';
import { MAX_DAYS_AHEAD, MESSAGE_MAX } from '../maintenance/store';
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
/** The portal, the modules and each screen (`tela:<resource>`). */
const scopes = () => [...MAINTENANCE_SCOPES.map((s) => s.escopo), ...maintenanceScreens().map((s) => s.escopo)];
const scopeItem = { type: 'object', required: ['escopo', 'rotulo'], properties: { escopo: { type: 'string' }, rotulo: { type: 'string' } } };

const active = () => ({
  type: 'object',
  required: ['escopo', 'rotulo', 'mensagem', 'fimPrevisto', 'inicio'],
  properties: {
    escopo: { type: 'string', enum: scopes(), description: '`portal` (o portal inteiro), um módulo do menu ou uma tela (`tela:contratos`).' },
    rotulo: { type: 'string', description: 'O nome do módulo ("Diários de obra") ou da tela ("Contratos"), ou "Portal inteiro".' },
    mensagem: { type: 'string', description: 'O que os administradores escreveram para quem usa o portal.' },
    fimPrevisto: { type: 'string', format: 'date-time', description: 'Previsão de término.' },
    inicio: { type: 'string', format: 'date-time' },
  },
});
const escopo = () => ({
  name: 'escopo',
  in: 'path',
  required: true,
  description: '`portal`, o módulo (`rdo`, `posvenda`…) ou a tela de uma entidade (`tela:contratos`: a lista, o registro e o formulário dela).',
  schema: { type: 'string', enum: scopes() },
});
const WHO = 'Só administradores (quem gerencia `Configuracao`: `acesso_total`); fica no histórico (auditoria, módulo `manutencao`).';

export function maintenancePaths(): Record<string, JsonSchema> {
  return {
    '/manutencao': {
      get: {
        tags: ['Sistema'],
        operationId: 'manutencao',
        summary: 'O que está em manutenção agora (público)',
        description:
          'Sem sessão: o aplicativo lê antes de cada navegação e leva quem não é administrador à página /manutencao. `escopos` lista o que pode entrar em manutenção.',
        security: [],
        responses: {
          200: {
            description: 'Manutenções em vigor e os escopos.',
            content: json({
              type: 'object',
              required: ['ativas', 'escopos', 'telas'],
              properties: {
                ativas: { type: 'array', items: active() },
                escopos: { type: 'array', description: 'O portal inteiro e os módulos.', items: scopeItem },
                telas: {
                  type: 'array',
                  description: 'Cada tela que pode entrar em manutenção sozinha (`tela:<recurso>`), com o módulo a que pertence.',
                  items: { ...scopeItem, required: ['escopo', 'rotulo', 'modulo'], properties: { ...scopeItem.properties, modulo: { type: 'string' } } },
                },
              },
            }),
          },
        },
      },
    },
    '/manutencao/{escopo}': {
      put: {
        tags: ['Sistema'],
        operationId: 'iniciarManutencao',
        summary: 'Coloca uma tela, um módulo ou o portal em manutenção (ou muda a mensagem e a previsão)',
        description:
          `Enquanto durar, as gravações da tela ou do módulo (todas, no portal inteiro) respondem 503 com \`Retry-After\` e a mensagem; leituras continuam e administradores passam. ${WHO} ` +
          `Uma previsão de término que já passou é recusada (400 em \`fimPrevisto\`); no máximo ${MAX_DAYS_AHEAD} dias à frente.`,
        parameters: [escopo()],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['mensagem', 'fimPrevisto'],
            properties: {
              mensagem: {
                type: 'string',
                minLength: 1,
                maxLength: MESSAGE_MAX,
                examples: ['Atualização do cadastro de obras. Consultas continuam disponíveis.'],
              },
              fimPrevisto: { type: 'string', format: 'date-time', description: 'Data e hora futuras, com o fuso.', examples: ['2026-11-28T18:00:00-03:00'] },
            },
          }),
        },
        responses: {
          200: { description: 'Em manutenção.', content: json(active()) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
      delete: {
        tags: ['Sistema'],
        operationId: 'encerrarManutencao',
        summary: 'Encerra a manutenção de uma tela, de um módulo ou do portal',
        description: `404 quando o escopo não está em manutenção. ${WHO}`,
        parameters: [escopo()],
        responses: {
          200: {
            description: 'Encerrada.',
            content: json({ type: 'object', required: ['escopo', 'mensagem'], properties: { escopo: { type: 'string' }, mensagem: { type: 'string' } } }),
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}

const WRITES = ['post', 'put', 'patch', 'delete'] as const;
/** Writes that go on during a maintenance (src/server/maintenance/routes.ts `ALWAYS_OPEN`) or come before sign-in. */
const OPEN = /^\/(manutencao|sessoes|mfa|health|metrics|pesquisa|verificar|canal-etica|auditoria\/falhas)/;

/** The switch's paths, and `503: ServiceUnavailable` on every write it may refuse (new objects: path items may be shared). */
export function withMaintenance(paths: Record<string, JsonSchema>): void {
  for (const [path, item] of Object.entries(paths)) {
    if (OPEN.test(path)) continue;
    const copy: JsonSchema = { ...item };
    for (const method of WRITES) {
      const op = item[method] as JsonSchema | undefined;
      if (!op) continue;
      const responses = (op.responses ?? {}) as Record<string, JsonSchema>;
      copy[method] = { ...op, responses: { ...responses, 503: responses['503'] ?? r('ServiceUnavailable') } };
    }
    paths[path] = copy;
  }
  Object.assign(paths, maintenancePaths());
}
