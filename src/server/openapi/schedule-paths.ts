/** OpenAPI of a site's works schedule, S-curve and delay warning (src/server/schedule/routes.ts). */
import { responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

export function schedulePaths(): Record<string, JsonSchema> {
  const tags = ['Cronograma'];
  const date = { type: 'string', format: 'date' };
  const obraParam = {
    name: 'obra',
    in: 'path',
    required: true,
    description: 'Código da obra (`Id_Lista`, até 20 caracteres).',
    schema: { type: 'string', minLength: 1, maxLength: 20 },
  };
  const whoReads =
    'Pode ver quem lê os diários (RDO) da obra (site manager e substituto da obra, `rdo_by_obra` nas suas obras, `controladoria`, `mkt_read`, ' +
    '`admin_rdo`, `planejamento`): todos os itens da EAP e todos os diários da obra contam. Os demais veem o que as suas regras de leitura ' +
    'deixam listar (itens da EAP, diários de obra e diários de OS); sem nenhuma leitura de itens da EAP, 403. A obra precisa existir e ' +
    'estar visível para a pessoa (404 caso contrário).';
  const item = {
    type: 'object',
    required: [
      'id',
      'version',
      'codigo',
      'descricao',
      'area',
      'pai',
      'peso',
      'unidade',
      'inicioPrevisto',
      'terminoPrevisto',
      'pesoObra',
      'avanco',
      'folha',
      'ultimoRegistro',
      'atrasado',
      'diasAtraso',
      'editavel',
    ],
    properties: {
      id: { type: 'integer', description: 'O item da EAP (GET /eap-os/{id}).' },
      version: { type: 'integer', description: 'Versão do item, a enviar no PATCH das datas planejadas.' },
      codigo: { type: 'string', description: 'Código EAP do item; a lista vem nessa ordem.' },
      descricao: { type: 'string' },
      area: { type: 'string', description: 'Área do item (FIELD ou AUTOMACAO).' },
      pai: { type: ['integer', 'null'], description: 'O item pai entre os itens visíveis (null na raiz).' },
      peso: { type: ['number', 'null'], description: 'Peso informado do item entre os irmãos (nível sem pesos: partes iguais).' },
      unidade: { type: ['string', 'null'] },
      inicioPrevisto: { type: ['string', 'null'], format: 'date' },
      terminoPrevisto: { type: ['string', 'null'], format: 'date' },
      pesoObra: { type: 'number', minimum: 0, maximum: 100, description: 'Peso do item na obra inteira (%, duas casas).' },
      avanco: {
        type: 'number',
        minimum: 0,
        maximum: 100,
        description:
          'Avanço físico até hoje (%, duas casas): numa folha, o maior avanço informado nos diários; num item pai, o avanço ponderado dos seus itens. 0 sem registro.',
      },
      folha: { type: 'boolean', description: 'true quando o item não tem itens abaixo dele.' },
      ultimoRegistro: { type: ['string', 'null'], format: 'date', description: 'Data do último diário que informou avanço do item (folhas).' },
      atrasado: { type: 'boolean', description: 'O término previsto já passou e o avanço não chegou a 100 %.' },
      diasAtraso: { type: 'integer', minimum: 0, description: 'Dias desde o término previsto (0 quando não está atrasado).' },
      editavel: { type: 'boolean', description: 'A pessoa pode alterar as datas planejadas deste item.' },
    },
  };
  const schedule = {
    type: 'object',
    required: ['obra', 'hoje', 'podeEditar', 'podeAvisar', 'itens'],
    properties: {
      obra: {
        type: 'object',
        required: ['id', 'nome'],
        properties: { id: { type: 'string' }, nome: { type: ['string', 'null'] } },
      },
      hoje: { ...date, description: 'O dia da posição (diários datados até hoje contam).' },
      podeEditar: { type: 'boolean', description: 'A pessoa pode alterar as datas planejadas de ao menos um item.' },
      podeAvisar: { type: 'boolean', description: 'A pessoa pode enviar o aviso de atraso (POST /obras/{obra}/aviso-atraso).' },
      itens: { type: 'array', items: item, description: 'Os itens da EAP da obra que a pessoa pode ver, por código.' },
    },
  };
  const point = {
    type: 'object',
    required: ['data', 'previsto', 'realizado'],
    properties: {
      data: date,
      previsto: { type: 'number', minimum: 0, maximum: 100, description: 'Avanço acumulado previsto da obra no dia (%).' },
      realizado: {
        type: ['number', 'null'],
        minimum: 0,
        maximum: 100,
        description: 'Avanço acumulado realizado no dia (%); null depois do último diário com avanço.',
      },
    },
  };
  const curve = {
    type: 'object',
    required: ['obra', 'intervalo', 'pontos', 'realizado'],
    properties: {
      obra: { type: 'string' },
      intervalo: { type: 'string', enum: ['dia', 'semana'] },
      pontos: {
        type: 'array',
        items: point,
        description:
          'Do primeiro dia previsto ou informado ao último, a cada dia ou semana, mais o último dia e o último dia com avanço informado, por data. Vazia sem datas nem avanço.',
      },
      realizado: {
        type: ['object', 'null'],
        required: ['data', 'valor'],
        properties: { data: date, valor: { type: 'number', minimum: 0, maximum: 100 } },
        description: 'O último ponto com avanço realizado (data e %), ou null sem nenhum avanço informado.',
      },
    },
  };
  const datePatch = (description: string) => ({
    type: ['string', 'null'],
    format: 'date',
    description: `${description} (aaaa-mm-dd; um instante ISO 8601 vale pelo seu dia). null ou "" apaga a data.`,
  });
  const plannedDates = {
    type: 'object',
    required: ['version'],
    additionalProperties: false,
    properties: {
      version: {
        type: 'integer',
        description: 'Versão do item lida (do cronograma ou do registro), para edição concorrente: outra versão dá 409. O número também é aceito como texto.',
      },
      inicioPrevisto: datePatch('Novo início previsto'),
      terminoPrevisto: datePatch('Novo término previsto, não anterior ao início previsto'),
    },
  };
  const lateItem = {
    type: 'object',
    required: ['id', 'codigo', 'descricao', 'terminoPrevisto', 'avanco', 'diasAtraso'],
    properties: {
      id: { type: 'integer', description: 'O item da EAP.' },
      codigo: { type: 'string' },
      descricao: { type: 'string' },
      terminoPrevisto: date,
      avanco: { type: 'number', minimum: 0, maximum: 100, description: 'Avanço físico (%).' },
      diasAtraso: { type: 'integer', minimum: 1 },
    },
  };
  const warning = {
    type: 'object',
    required: ['obra', 'para', 'itens', 'enviado'],
    properties: {
      obra: { type: 'string' },
      para: {
        type: 'array',
        items: { type: 'string', format: 'email' },
        description: 'Destinatário: o e-mail do site manager da obra (vazio quando nada está atrasado).',
      },
      itens: { type: 'array', items: lateItem, description: 'Os itens atrasados avisados, por código.' },
      enviado: { type: 'boolean', description: 'true quando o e-mail foi posto na fila (havia itens atrasados e destinatário).' },
    },
  };
  return {
    '/obras/{obra}/cronograma': {
      parameters: [obraParam],
      get: {
        tags,
        operationId: 'cronogramaDaObra',
        summary: 'Cronograma da obra: itens da EAP com datas planejadas, peso, avanço e atraso',
        description:
          'Os itens da EAP da obra, por código, com as datas planejadas, o peso na obra, o avanço físico até hoje (dos diários de obra e de OS) ' +
          'e se estão atrasados; diz também o que a pessoa pode fazer (`podeEditar`, `podeAvisar` e `editavel` por item). ' +
          whoReads,
        responses: {
          200: { description: 'O cronograma da obra.', content: { 'application/json': { schema: schedule } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    '/obras/{obra}/cronograma/{id}': {
      parameters: [obraParam, { name: 'id', in: 'path', required: true, description: 'id do item da EAP da obra', schema: { type: 'integer', minimum: 1 } }],
      patch: {
        tags,
        operationId: 'alterarDatasPlanejadas',
        summary: 'Altera as datas planejadas de um item da EAP (com a versão lida)',
        description:
          'Só `inicioPrevisto` e `terminoPrevisto` mudam aqui (outro campo dá 400); os campos não enviados ficam como estão e, sem mudança, ' +
          'devolve o item como está. Pode alterar quem planeja a obra (`data_planejada` no RDO da obra: `planejamento`, `admin_rdo`) e quem pode ' +
          'alterar o próprio item da EAP (`update` em EapOS, na área do item). A alteração vai para o histórico do item. ' +
          'A obra precisa estar visível para a pessoa e o item ser dela (404 caso contrário); versão diferente da gravada, 409.',
        requestBody: { required: true, content: { 'application/json': { schema: plannedDates } } },
        responses: {
          200: { description: 'O item da EAP depois da alteração.', content: { 'application/json': { schema: ref('EapOs') } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    '/obras/{obra}/curva-s': {
      parameters: [obraParam],
      get: {
        tags,
        operationId: 'curvaSDaObra',
        summary: 'Curva S da obra: avanço acumulado previsto e realizado',
        description:
          'O previsto espalha cada folha da EAP com as duas datas planejadas igualmente pelos seus dias, pelo seu peso na obra; o realizado é o ' +
          'avanço informado nos diários de obra e de OS (o maior até cada dia), ponderado da mesma forma. ' +
          whoReads,
        parameters: [
          {
            name: 'intervalo',
            in: 'query',
            required: false,
            description: 'Um ponto por dia ou por semana.',
            schema: { type: 'string', enum: ['dia', 'semana'], default: 'semana' },
          },
        ],
        responses: {
          200: { description: 'Os pontos da curva e o último realizado.', content: { 'application/json': { schema: curve } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    '/obras/{obra}/aviso-atraso': {
      parameters: [obraParam],
      post: {
        tags,
        operationId: 'enviarAvisoAtraso',
        summary: 'Envia ao site manager da obra o aviso dos itens da EAP em atraso',
        description:
          'Põe na fila de e-mails, para o site manager da obra, todos os itens da EAP cujo término previsto passou sem chegar a 100 % de avanço ' +
          '(sobre todos os itens e diários da obra) e os registra como avisados. Sem corpo. Nada atrasado: nenhum e-mail (`enviado: false`). ' +
          'Só para quem tem `aviso-atraso` no RDO da obra (`planejamento`, `admin_rdo`); a obra precisa estar visível para a pessoa (404 caso contrário). ' +
          'Obra sem site manager com e-mail, havendo atraso: 409.',
        responses: {
          200: { description: 'O destinatário e os itens avisados.', content: { 'application/json': { schema: warning } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
  };
}
