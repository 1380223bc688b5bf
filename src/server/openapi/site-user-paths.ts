/**
 * OpenAPI of the people of a site (src/server/site-users/routes.ts and service.ts): who has access
 * to a site, adding a person and removing them, on the site layout (`/obras`) and on the factory
 * layout (`/fabricacao`, clients only).
 */
import { CLIENT_ROLE_NAMES, DEFAULT_ROLES, type SitePeopleScope } from '../../access/site-people';
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';
import { MAX_PEOPLE_LINES } from '../site-people-import/people-import';

const TIPOS = ['cliente', 'colaborador', 'fornecedor', 'escritorio'];

/** What differs between the two screens: path, operation ids and who may manage the people. */
const SCOPES: Record<SitePeopleScope, { base: string; noun: string; ids: [string, string, string, string, string]; who: string }> = {
  obra: {
    base: '/obras',
    noun: 'obra',
    ids: ['pessoasDaObra', 'adicionarPessoaNaObra', 'removerPessoaDaObra', 'importarPessoasDaObra', 'modeloPessoasDaObra'],
    who:
      'Para quem pode criar usuários (`create` em `Usuario`: perfis `admin_obra` e `acesso_total`) e ler a obra; ' +
      'é a regra da tela "Adicionar usuários" da obra.',
  },
  fabricacao: {
    base: '/fabricacao',
    noun: 'fabricação',
    ids: ['pessoasDaFabricacao', 'adicionarClienteNaFabricacao', 'removerClienteDaFabricacao', 'importarClientesDaFabricacao', 'modeloClientesDaFabricacao'],
    who:
      'Para quem pode adicionar clientes aos projetos de fábrica (`adicionar_cliente` em `PROJETO_FABRICA`: perfis `admin_projetos`, ' +
      '`admin_projetos_fabrica` e `acesso_total`) e ler a obra; é a regra da tela "Adicionar clientes" da fabricação.',
  },
};

export function siteUserPaths(): Record<string, JsonSchema> {
  const tags = ['Pessoas das obras'];
  const strings = { type: 'array', items: { type: 'string' } };
  const person = {
    type: 'object',
    required: ['email', 'nome', 'tipo', 'roles', 'empresa', 'conta', 'convitePendente'],
    properties: {
      email: { type: 'string', format: 'email', description: 'E-mail (em minúsculas), a chave da pessoa.' },
      nome: { type: 'string', description: 'Nome no cadastro de usuários ou na conta; o e-mail quando não há nome.' },
      tipo: {
        type: 'string',
        enum: TIPOS,
        description: 'Cliente, colaborador (funcionário, inclusive quem entra pelo login corporativo), fornecedor ou escritório parceiro.',
      },
      roles: { ...strings, description: 'Os perfis de acesso em vigor.' },
      empresa: { ...strings, description: 'As empresas (de clientes) da pessoa.' },
      conta: {
        type: 'boolean',
        description: 'Tem conta no provedor de identidade. Um colaborador que nunca entrou pode existir só no cadastro de usuários.',
      },
      convitePendente: { type: 'boolean', description: 'Foi convidado e ainda não entrou pela primeira vez (não trocou a senha temporária).' },
    },
  };
  const addResult = {
    type: 'object',
    required: ['pessoa', 'criado', 'jaTinhaAcesso'],
    properties: {
      pessoa: { ...person, description: 'A pessoa como fica depois da inclusão.' },
      criado: { type: 'boolean', description: 'Uma conta de cliente foi criada e o convite (com a senha temporária) entrou na fila de e-mails.' },
      jaTinhaAcesso: { type: 'boolean', description: 'A pessoa já tinha acesso a esta obra (a lista de obras dela não mudou).' },
    },
  };
  const addBody = (scope: SitePeopleScope) => ({
    type: 'object',
    required: ['email'],
    description: 'Outros campos são ignorados.',
    properties: {
      email: {
        type: 'string',
        format: 'email',
        maxLength: 254,
        description: 'E-mail da pessoa (espaços nas pontas são ignorados; gravado em minúsculas).',
        examples: ['maria@cliente.com.br'],
      },
      nome: {
        type: ['string', 'null'],
        minLength: 2,
        maxLength: 150,
        description:
          'Nome da pessoa (espaços repetidos viram um só; vazio ou nulo = não informado). Obrigatório para criar a conta de um cliente novo; ' +
          'informado para quem já existe, atualiza o nome no cadastro de usuários.',
      },
      roles: {
        type: ['array', 'null'],
        items: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' },
        description:
          'Perfis a acrescentar aos que a pessoa já tem (nenhum é retirado); espaços nas pontas são ignorados, vazios e repetidos descartados. ' +
          `Para um cliente, só perfis de cliente (${CLIENT_ROLE_NAMES.map((x) => `\`${x}\``).join(', ')}); o cliente sempre fica com \`cliente\` ` +
          `e com um perfil que lê a ${scope === 'obra' ? 'obra (`projetista`)' : 'fabricação (`projetista_fabrica`)'}. ` +
          `Sem perfis (ou só \`cliente\`), um cliente novo recebe ${DEFAULT_ROLES[scope].map((x) => `\`${x}\``).join(' e ')}. ` +
          (scope === 'obra'
            ? 'Para um colaborador, `cliente`, `fornecedor` e `escritorio` são ignorados, e perfis de alcance geral (`acesso_total`, `dev_acesso_total`, ' +
              '`mkt_read`, `controladoria` e os que contêm `admin`) só podem ser dados por quem tem acesso total.'
            : ''),
        examples: [DEFAULT_ROLES[scope]],
      },
      empresa: {
        type: ['string', 'null'],
        maxLength: 100,
        description:
          'Empresa do cliente, acrescentada às que ele já tem (espaços nas pontas são ignorados; vazio ou nulo = não informada). Ignorada para colaboradores.',
      },
    },
  });

  const count = (description: string) => ({ type: 'integer', minimum: 0, description });
  const importResult = {
    type: 'object',
    required: ['simulacao', 'modo', 'notas', 'linhas', 'convidadas', 'adicionadas', 'alteradas', 'semAlteracao', 'recusadas'],
    properties: {
      simulacao: { type: 'boolean', description: 'Só a simulação: nada foi gravado.' },
      modo: { type: 'string', enum: ['tudo', 'validas'] },
      notas: { ...strings, description: 'O que a pessoa deve saber do arquivo (linhas ou colunas ocultas, células mescladas…).' },
      linhas: {
        type: 'array',
        items: {
          type: 'object',
          required: ['linha', 'email', 'nome', 'acao', 'perfis', 'mensagens'],
          properties: {
            linha: { type: 'integer', description: 'O número da linha na planilha.' },
            email: { type: 'string' },
            nome: { type: 'string' },
            acao: {
              type: 'string',
              enum: ['convidar', 'adicionar', 'alterar', 'nada', 'recusada'],
              description: 'Cliente novo convidado; quem já tem conta ganha a obra; perfis, empresa ou nome mudam; nada muda; linha recusada.',
            },
            perfis: { ...strings, description: 'Os perfis que a pessoa teria (simulação) ou tem (importação).' },
            mensagens: { ...strings, description: 'Por que a linha foi recusada, nas mesmas palavras da tela.' },
          },
        },
      },
      convidadas: count('Clientes novos convidados (ou a convidar).'),
      adicionadas: count('Pessoas com conta que ganham a obra.'),
      alteradas: count('Pessoas que já tinham a obra e mudam de perfis, empresa ou nome.'),
      semAlteracao: count('Linhas que nada mudariam.'),
      recusadas: count('Linhas recusadas.'),
    },
  };

  const paths: Record<string, JsonSchema> = {};
  for (const scope of ['obra', 'fabricacao'] as const) {
    const { base, noun, ids, who } = SCOPES[scope];
    const obra = {
      name: 'obra',
      in: 'path',
      required: true,
      description: 'Código da obra (`Id_Lista`). Uma obra que não existe ou que a pessoa não pode ler responde 404.',
      schema: { type: 'string', maxLength: 20 },
    };
    const clientsOnly = scope === 'fabricacao';
    paths[`${base}/{obra}/usuarios`] = {
      parameters: [obra],
      get: {
        tags,
        operationId: ids[0],
        summary: `Quem tem acesso a uma obra (tela de pessoas da ${noun})`,
        description:
          `${who} As pessoas com a obra na conta do provedor de identidade ou no cadastro de usuários (\`usuario\`), ` +
          'com o acesso em vigor (o definido nesta tela prevalece sobre o da conta); em ordem de tipo (clientes, colaboradores, fornecedores, ' +
          'escritórios parceiros) e de nome.',
        responses: {
          200: {
            description: 'As pessoas com acesso à obra.',
            headers: TOTAL_COUNT_HEADERS,
            content: { 'application/json': { schema: { type: 'array', items: person } } },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
      post: {
        tags,
        operationId: ids[1],
        summary: clientsOnly
          ? 'Dá acesso à obra a um cliente (novos clientes são convidados)'
          : 'Dá acesso à obra a uma pessoa (novos clientes são convidados)',
        description:
          `${who} A pessoa é procurada pelo e-mail no provedor de identidade e no cadastro de usuários. ` +
          'Quem já tem conta ganha a obra (e, se cliente, os perfis e a empresa informados) e recebe um e-mail com o link da obra; ' +
          'um e-mail sem conta nem cadastro é de um cliente novo: a conta é criada com uma senha temporária e o convite vai por e-mail (201). ' +
          (clientsOnly
            ? 'Aqui só se adicionam clientes: o e-mail de um colaborador é recusado (400; colaboradores recebem obras pela tela da obra). '
            : 'Um colaborador que só existe no cadastro de usuários (nunca entrou) ganha a obra no cadastro. ') +
          'Fornecedores e escritórios parceiros não recebem acesso a obras (400). O novo acesso vale a partir da próxima requisição da pessoa.',
        requestBody: { required: true, content: { 'application/json': { schema: addBody(scope) } } },
        responses: {
          200: { description: 'A pessoa já tinha conta ou cadastro e agora tem acesso à obra.', content: { 'application/json': { schema: addResult } } },
          201: { description: 'Conta de cliente criada e convite enviado.', content: { 'application/json': { schema: addResult } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    };
    paths[`${base}/{obra}/usuarios/{email}`] = {
      parameters: [
        obra,
        {
          name: 'email',
          in: 'path',
          required: true,
          description: 'E-mail da pessoa, codificado na URL (maiúsculas e espaços nas pontas são ignorados).',
          schema: { type: 'string', format: 'email' },
        },
      ],
      delete: {
        tags,
        operationId: ids[2],
        summary: clientsOnly ? 'Retira de um cliente o acesso à obra' : 'Retira de uma pessoa o acesso à obra',
        description:
          `${who} Tira a obra da lista de obras da pessoa, no cadastro de usuários e na conta (se houver); perfis e empresas não mudam. ` +
          (clientsOnly ? 'Aqui só se removem clientes (403 para outros tipos; colaboradores perdem obras pela tela da obra). ' : '') +
          '404 quando a pessoa não tem acesso a esta obra. A mudança vale a partir da próxima requisição da pessoa.',
        responses: {
          200: {
            description: 'A pessoa como fica, sem a obra.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['pessoa'], properties: { pessoa: person } },
              },
            },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    };
    paths[`${base}/{obra}/usuarios/importacao`] = {
      parameters: [obra],
      post: {
        tags,
        operationId: ids[3],
        summary: 'Pessoas de uma planilha: simulação por linha e importação',
        description:
          `${who} Uma planilha .xlsx ou .csv (até ${MAX_PEOPLE_LINES} linhas) com as colunas Nome, E-mail e Tipo (obrigatórias), Perfis ` +
          '(nomes ou códigos separados por ";" ou ",") e Empresa (CNPJ ou nome cadastrado). Cada linha passa pelas mesmas verificações de ' +
          '"Adicionar pessoa" e recebe a mesma mensagem em caso de recusa. Com `simular=true` (padrão) nada é gravado e a resposta diz, por linha, ' +
          'o que aconteceria; com `simular=false` as linhas válidas passam, uma a uma, pela mesma inclusão da tela: um cliente novo recebe o convite ' +
          'uma vez, quem já tem conta ganha a obra, e uma linha que nada mudaria é ignorada (a mesma planilha duas vezes não muda nada). ' +
          'Em `modo=tudo` (padrão), uma linha recusada impede a importação inteira (400, nada gravado).',
        parameters: [
          {
            name: 'simular',
            in: 'query',
            required: false,
            description: '`true` (padrão): só a simulação; `false`: importa.',
            schema: { type: 'string', enum: ['true', 'false'] },
          },
          {
            name: 'modo',
            in: 'query',
            required: false,
            description: '`tudo` (padrão, tudo ou nada) ou `validas` (só as linhas válidas).',
            schema: { type: 'string', enum: ['tudo', 'validas'] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'A planilha.' } } },
            },
          },
        },
        responses: {
          200: { description: 'O resultado por linha e as contagens.', content: { 'application/json': { schema: importResult } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          413: {
            description: 'O arquivo excede o limite de envio do servidor.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
          },
        },
      },
    };
    paths[`${base}/{obra}/usuarios/importacao/modelo`] = {
      parameters: [obra],
      get: {
        tags,
        operationId: ids[4],
        summary: 'O modelo da planilha de pessoas da obra',
        description:
          `${who} Colunas Nome, E-mail, Tipo, Perfis e Empresa (obrigatórias com " *" e uma nota), uma linha de exemplo, lista suspensa do tipo ` +
          'e a aba "Valores" com os tipos, os perfis que quem pede pode dar e as empresas cadastradas.',
        responses: {
          200: {
            description: 'O modelo (.xlsx).',
            headers: { 'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } } },
            content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    };
  }
  return paths;
}
