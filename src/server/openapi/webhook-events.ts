/**
 * The OpenAPI 3.1 `webhooks` section (issue 41): one entry per event of the catalogue
 * (resources/webhooks.ts) — a record's events as `<recurso>.criado`, `<recurso>.transicao.<nome>`…,
 * and the named ones — each a POST the portal makes to the subscribed address, with its signature
 * headers and its payload.
 */
import { WEBHOOK_HEADERS, WEBHOOK_OTHER_EVENTS, WEBHOOK_RECORD_EVENTS } from '../../../resources/webhooks';
import type { JsonSchema } from './field-schemas';

const header = (name: string, description: string): JsonSchema => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

const HEADERS = [
  header(WEBHOOK_HEADERS.id, 'O id da entrega: o mesmo em cada nova tentativa (use-o para não processar duas vezes).'),
  header(WEBHOOK_HEADERS.timestamp, 'Segundos desde 1970 (UTC) do envio; recuse entregas muito antigas.'),
  header(
    WEBHOOK_HEADERS.signature,
    '`v1=` e o HMAC-SHA256 em hexadecimal de `{timestamp}.{corpo}` com o segredo do webhook; durante a rotação, duas assinaturas separadas por vírgula (a nova e a anterior).',
  ),
];

function payload(evento: JsonSchema, registro: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['id', 'evento', 'em', 'ator', 'recurso', 'registro'],
    properties: {
      id: { type: 'string', description: 'O id da entrega.' },
      evento: evento,
      em: { type: 'string', format: 'date-time', description: 'Quando o evento aconteceu.' },
      ator: {
        type: 'object',
        required: ['nome'],
        properties: { nome: { type: 'string' }, email: { type: 'string', format: 'email' } },
        description: 'Quem fez a alteração (pessoa ou conta de serviço).',
      },
      recurso: { type: ['string', 'null'], description: 'O recurso da API do registro (`contratos`, `diarios`…).' },
      registro,
    },
  };
}

const RECORD: JsonSchema = {
  type: ['object', 'null'],
  additionalProperties: true,
  description:
    'O registro como a conta de serviço do webhook pode lê-lo agora (campos que ela não lê não vêm; sem acesso ao registro, nenhuma entrega). Numa exclusão, só `{ id }`. O formato é o do GET do recurso.',
};

function entry(name: string, summary: string, description: string, evento: JsonSchema): JsonSchema {
  return {
    post: {
      operationId: `webhook_${name.replace(/[^a-zA-Z0-9]+/g, '_')}`,
      summary,
      description,
      tags: ['Webhooks'],
      security: [],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: payload(evento, RECORD) } } },
      responses: {
        '200': { description: 'Recebido (qualquer 2xx): a entrega não se repete.' },
        default: { description: 'Outra resposta, tempo esgotado ou redirecionamento: nova tentativa com espera crescente por cerca de 24 horas.' },
      },
    },
  };
}

/** What makes each named event (src/server/webhooks/events.ts), for whoever integrates. */
const NAMED: Record<string, string> = {
  'sla.estourado':
    'Um prazo de SLA de um registro estourou: uma entrega por estouro, com o ator "Sistema"; `recurso` e `registro` são o registro (por exemplo `posvendas`).',
  'diarios.concluido':
    'Um diário de obra foi concluído: entrou em "Concluído (em revisão)" ou "Aprovado" vindo de outra situação. É uma entrega à parte da do passo (`diarios.transicao.enviar`); aprovar um diário em revisão não é nova conclusão.',
  'diarios.assinado': 'Uma assinatura de um diário de obra (cada papel, uma entrega), com quem assinou como ator.',
  'importacao.concluida':
    'Uma importação de planilha terminou com sucesso (a simulação não conta). `recurso` é `importacoes` e `registro` é o resumo de `GET /api/v1/importacoes/{id}`, entregue só se a conta de serviço vê a importação (quem a enviou ou um administrador).',
  ping: 'Um teste enviado por "Enviar teste" a um webhook só, sem registro.',
};

export function webhookEvents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [suffix, label] of Object.entries(WEBHOOK_RECORD_EVENTS)) {
    out[`<recurso>.${suffix}`] = entry(
      `<recurso>.${suffix}`,
      label,
      `Evento \`<recurso>.${suffix}\` de qualquer recurso (por exemplo \`contratos.${suffix}\`).`,
      {
        type: 'string',
        pattern: `^[A-Za-z-]+\\.${suffix}$`,
      },
    );
  }
  out['<recurso>.transicao.<nome>'] = entry(
    '<recurso>.transicao.<nome>',
    'Uma transição de fluxo pelo nome',
    'Só a transição escolhida (por exemplo `contratos.transicao.aprovar`); `<recurso>.transicao` recebe todas.',
    { type: 'string', pattern: '^[A-Za-z-]+\\.transicao\\.[A-Za-z0-9_-]+$' },
  );
  for (const [name, label] of Object.entries(WEBHOOK_OTHER_EVENTS)) {
    out[name] = entry(name, label, NAMED[name] ?? `Evento \`${name}\`.`, { type: 'string', const: name });
  }
  return out;
}
