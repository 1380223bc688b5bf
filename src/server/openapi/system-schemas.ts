/** Response schemas of the API's own routes beside the CRUD rows: transitions, aggregate rows, GET /me. */
import type { JsonSchema } from './field-schemas';

/** One action of `GET …/{id}/transitions` (describeTransition, src/server/workflow/definition.ts). */
export const TRANSITION: JsonSchema = {
  type: 'object',
  required: ['name', 'label', 'to', 'toLabel', 'comment', 'tone'],
  properties: {
    name: { type: 'string', description: 'Nome da ação: o `{name}` de POST …/transitions/{name}.' },
    label: { type: 'string', description: 'Rótulo do botão.' },
    to: { type: ['string', 'null'], description: 'Situação a que a ação leva (null: a ação dos administradores, que escolhe em `choices`).' },
    toLabel: { type: ['string', 'null'], description: 'Rótulo da situação de destino.' },
    comment: { type: 'string', enum: ['required', 'optional', 'none'], description: 'Se a ação pede comentário.' },
    commentLabel: { type: 'string', description: 'Como o diálogo chama o comentário quando ele é outra coisa (por exemplo, "Motivo da anulação").' },
    asks: {
      type: 'array',
      description: 'Campos do registro que a ação pede no diálogo (definições do esquema, todos obrigatórios); enviados em `values`.',
      items: {
        type: 'object',
        required: ['name', 'kind', 'label'],
        properties: { name: { type: 'string' }, kind: { type: 'string' }, label: { type: 'string' }, required: { type: 'boolean', const: true } },
      },
    },
    notice: { type: 'string', description: 'Aviso a mostrar antes da ação (por exemplo, fora do prazo: o comentário passa a ser obrigatório).' },
    tone: { type: 'string', enum: ['primary', 'default', 'danger'], description: 'Destaque do botão.' },
    choices: {
      type: 'array',
      description: 'Só na ação dos administradores: as situações que podem ser escolhidas (enviada em `to`).',
      items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
    },
  },
};

/** One row of `GET …/aggregate` (src/server/crud/aggregate.ts): the group's keys by path, its value, and `outros` on the rest row. */
export const AGGREGATE_ROW: JsonSchema = {
  type: 'object',
  description:
    'Um grupo: o valor de cada caminho de `groupBy` (propriedade com o nome do caminho; datas agrupadas pelo início do intervalo; null para vazio), ' +
    'e `value`, a medida do grupo. Com `top`, a última linha tem `outros: true` e os caminhos em null.',
  required: ['value'],
  properties: {
    value: { type: ['number', 'string', 'null'], description: 'A medida do grupo (somas e médias de decimais podem vir como texto).' },
    outros: { type: 'boolean', const: true, description: 'A linha do restante, além dos `top` maiores.' },
  },
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
};

const strings = { type: 'array', items: { type: 'string' } };
/** The answer of GET /me (src/server/app.ts): the PortalUser (src/access/user.ts) and the packed CASL rules. */
export const ME: JsonSchema = {
  type: 'object',
  required: ['user', 'rules'],
  properties: {
    user: {
      type: 'object',
      required: ['id_user', 'username', 'email', 'name', 'empresa', 'obra', 'roles', 'tipo'],
      properties: {
        id_user: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'string', format: 'email' },
        name: { type: 'string' },
        email_verified: { type: 'boolean' },
        pk: { type: 'string' },
        sk: { type: 'string' },
        empresa: { ...strings, description: 'Empresas da pessoa (clientes, fornecedores e escritórios: as suas).' },
        obra: { ...strings, description: 'Obras da pessoa.' },
        roles: { ...strings, description: 'Papéis (perfis de acesso).' },
        specific_rules: {
          description: 'Regras específicas do provedor de identidade: texto JSON ou já interpretadas.',
          anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }],
        },
        tipo: {
          type: 'string',
          description:
            "'fornecedor' ou 'escritorio' para fornecedores e escritórios parceiros, 'cliente' para clientes (também reconhecidos pelo papel); vazio quando não informado.",
        },
        obrasSubstituto: { ...strings, description: 'Obras em que a pessoa é site manager substituta.' },
        emNomeDe: { ...strings, description: 'E-mails das pessoas ausentes por quem ela responde agora.' },
      },
    },
    rules: {
      type: 'array',
      description:
        'Regras CASL compactadas (`packRules`): cada regra é um vetor [ação, assunto, condições, inverted, campos, motivo], ações e campos separados por vírgula.',
      items: { type: 'array', items: { type: ['string', 'integer', 'object'] } },
    },
  },
};
