/** The pt-BR descriptions of the operations generated for each resource (document.ts), from its schema. */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { LIST_MAX } from '../crud/list-query';
import { createRequired } from './field-schemas';

const VISIBILITY =
  'Cada pessoa só alcança os registros que suas regras de acesso permitem: clientes, fornecedores e escritórios parceiros veem apenas os seus ' +
  '(das suas obras ou empresas), sem os campos internos nem os registros em rascunho.';
const IDEMPOTENT = 'Aceita o cabeçalho `Idempotency-Key`: repetida com a mesma requisição, devolve a primeira resposta sem gravar de novo.';

/** Field labels, quoted and joined for a sentence: «A», «B» e «C». */
function labelList(fields: FieldDef[]): string {
  const names = fields.map((f) => `«${f.label}»`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : (names[0] ?? '');
}

/** The pt-BR descriptions of a resource's generated operations, from its schema. */
export function crudDescriptions(schema: EntitySchema) {
  const label = schema.label.toLowerCase();
  const article = schema.gender === 'f' ? 'a' : 'o';
  const fieldOf = (name: string) => schema.fields.find((f) => f.name === name);
  const searched = schema.fields.filter((f) => f.search);
  const sortField = schema.defaultSort && fieldOf(schema.defaultSort.field);
  const obra = schema.obraField ? fieldOf(schema.obraField) : undefined;
  const list = [
    `Registros de ${schema.labelPlural.toLowerCase()} que a pessoa pode ver, filtrados e ordenados (contrato simple-rest do Refine).`,
    'Filtra por qualquer campo com `campo`, `campo_ne`, `campo_gte`, `campo_lte` e `campo_like` (pessoas por `campo.mail` e `campo.nome`)' +
      (obra ? `, por exemplo pela obra em \`${obra.name}\`` : '') +
      '.',
    searched.length ? `A busca \`q\` procura em ${labelList(searched)} (e pelo id, se for um número).` : 'A busca `q` procura pelo id.',
    schema.defaultSort
      ? `Sem \`_sort\`, ordena por ${sortField ? `«${sortField.label}»` : `\`${schema.defaultSort.field}\``} (${schema.defaultSort.order === 'desc' ? 'decrescente' : 'crescente'}).`
      : 'Ordena por `_sort`/`_order`.',
    `Sem _start/_end, devolve até ${LIST_MAX} registros e o cabeçalho x-list-truncated diz se ficaram registros de fora; o total vem em x-total-count.`,
    VISIBILITY,
  ].join(' ');
  const required = createRequired(schema);
  const create = [
    `Cria ${article} ${label} com os campos enviados; campos omitidos recebem o valor padrão do esquema.`,
    required.length ? `Obrigatórios: ${labelList(required.map((n) => fieldOf(n)!))}.` : 'Nenhum campo é obrigatório no envio.',
    'Campos desconhecidos são recusados (400); valor único repetido responde 409.',
    schema.workflow ? 'A situação começa no estado inicial do fluxo e só muda pelas ações de `/transitions`.' : '',
    IDEMPOTENT,
  ]
    .filter(Boolean)
    .join(' ');
  const update = (verb: string) =>
    [
      `${verb} ${article} ${label}: só os campos enviados mudam.`,
      'O corpo leva `version`, a versão lida: se outra pessoa alterou o registro antes, responde 409 (leia de novo e reenvie).',
      schema.workflow ? 'A situação não muda por aqui: use as ações de `/transitions`.' : '',
      'Campos que a pessoa não pode alterar respondem 403.',
      IDEMPOTENT,
    ]
      .filter(Boolean)
      .join(' ');
  return {
    list,
    create,
    aggregate:
      `Totais de ${schema.labelPlural.toLowerCase()} numa só consulta, com os mesmos filtros e a busca da lista, sobre os registros que a pessoa pode listar: ` +
      'contagem, soma, média, mínimo ou máximo de um campo (`measure`), agrupados por até dois caminhos (`groupBy`; datas por `interval`), ' +
      'opcionalmente só os `top` maiores e uma linha "outros". Campos que a pessoa não pode ler não são agrupados nem medidos. ' +
      VISIBILITY,
    read: `Lê ${article} ${label} pelo id, com a versão atual e os títulos dos registros referenciados (\`_titles\`). Fora do alcance da pessoa, responde 404 ou 403. ${VISIBILITY}`,
    patch: update('Altera'),
    put: update('Igual ao PATCH: altera'),
    delete: `Exclui ${article} ${label} e devolve o registro como estava. Responde 409 quando não pode ser excluído agora (por exemplo, outros registros dependem dele). ${IDEMPOTENT}`,
    history:
      'As alterações do registro, da mais recente à mais antiga (até 500): criação, alterações com os campos mudados, ações do fluxo com o comentário, e quem fez cada uma.',
    transitions:
      'As ações do fluxo de trabalho que a pessoa pode tomar agora neste registro (pela situação atual e pelas suas permissões), com o que cada uma pede: comentário e campos.',
    transition:
      'Toma uma ação do fluxo: confere a situação, as permissões e a versão lida (`version`; versão antiga → 409), grava os campos pedidos (`values`) e o comentário, ' +
      `registra no histórico e avisa as pessoas envolvidas. ${IDEMPOTENT}`,
  };
}
