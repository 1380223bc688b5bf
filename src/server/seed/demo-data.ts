/**
 * Deterministic demo data (pt-BR), as plain objects keyed by schema name.
 *
 * - References to a site store its `Id_Lista` ('101').
 * - References by 'id' store the 1-based position of the target row in its array here: the seeder
 *   inserts each entity in order into an empty table (in dependency order), so ids are 1..n.
 *   Self references (folders, EAP items) only point to earlier rows.
 * - The demo accounts match src/server/identity/seed.ts (DEMO_ACCOUNTS): each is a `usuario` row
 *   with the same roles and sites (the server finds people by role there, e.g. for e-mails).
 * - Every value satisfies its schema (types, options, bounds, required); see demo-data.test.ts.
 * - Every state of every workflow has records, held by the demo team; the records of the
 *   entities with a workflow are in demo-workflows.ts, the people and helpers in demo-common.ts.
 * - File fields point to keys under `demo/`; the seeder generates those files.
 */

import { COMPANY, P, addDays, file, idBy, p, person, type Person, type Row } from './demo-common';
import { CNPJ, demoEmpresas, empresaCnpj as co } from './demo-empresas';
import { formatCnpj } from '../../../schemas/shared/cnpj';
import { configuracoesRdo, modelosDiretorio } from './demo-config';
import { insuranceDemo } from './demo-seguros';
import { rits } from './demo-rit';
import { folhasPlanta, itensVerificacao } from './demo-plantas';
import {
  checklistPreenchidoAutomacao,
  checklistPreenchidoField,
  contratos,
  materiais,
  osAutomacao,
  osField,
  planosAcao,
  posvendas,
  projetos,
  relatosEtica,
  ticketsSgi,
} from './demo-workflows';

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)],
    chance: (prob: number) => next() < prob,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Sites
// ---------------------------------------------------------------------------------------------

function obras(): Row[] {
  return [
    {
      Id_Lista: '101',
      nome: 'Ampliação da Planta Industrial Horizonte',
      cliente: co('Cliente Demonstração Lda'),
      tipoObra: 'Industrial',
      status: 'Em andamento',
      endereco: 'Rodovia Fernão Dias, km 492, Distrito Industrial',
      cidade: 'Betim',
      uf: 'MG',
      cep: '32669-000',
      latitude: -19.9678,
      longitude: -44.1983,
      dataInicio: '2024-11-04',
      previsaoTermino: '2025-12-19',
      valorContrato: 18_750_000,
      siteManager: p(P.sm),
      siteManagerSubstituto: p(P.smSubstituto),
      coordenador: p(P.carlos),
      gestorLogistica: p(P.thiago),
      tags: ['estrutura metálica', 'prioridade'],
      verificacaoCliente: true, // its client's representative reads its punch list (issue 42)
      matrizResponsabilidade: [
        {
          disciplina: 'Geral',
          siteManager: p(P.sm),
          substituto: p(P.smSubstituto),
          verificador: p(P.verificador),
          coordenador: p(P.coordenador),
          quantificador: p(P.quantificador),
          planejamento: p(P.pcp),
        },
        {
          disciplina: 'Elétrica',
          siteManager: p(P.sm),
          substituto: p(P.smSubstituto),
          verificador: p(P.verificador),
          coordenador: p(P.carlos),
          quantificador: p(P.gustavo),
          planejamento: p(P.thiago),
        },
      ],
      descricao: 'Ampliação do galpão de laminação com novo pórtico rolante, bases de equipamentos e subestação unitária.',
    },
    {
      Id_Lista: '102',
      nome: 'Centro de Distribuição Vale Verde',
      cliente: co('Cliente Novo Lda'),
      tipoObra: 'Comercial',
      status: 'Em andamento',
      endereco: 'Av. das Indústrias, 2.500',
      cidade: 'Rio Verde',
      uf: 'GO',
      cep: '75905-020',
      latitude: -17.7923,
      longitude: -50.9192,
      dataInicio: '2025-01-13',
      previsaoTermino: '2026-03-31',
      valorContrato: 32_400_000,
      siteManager: p(P.sm),
      coordenador: p(P.carlos),
      gestorLogistica: p(P.thiago),
      tags: ['galpão', 'pré-moldado'],
      descricao: 'Centro de distribuição de 42.000 m² em estrutura pré-moldada, com docas e câmaras frias.',
    },
    {
      Id_Lista: '103',
      nome: 'Subestação 138 kV Usina Santa Clara',
      cliente: co('Energética Santa Clara S.A.'),
      tipoObra: 'Energia',
      status: 'Em andamento',
      endereco: 'Estrada Municipal RPR-040, s/n',
      cidade: 'Ribeirão Preto',
      uf: 'SP',
      cep: '14079-000',
      latitude: -21.1775,
      longitude: -47.8103,
      dataInicio: '2024-09-02',
      previsaoTermino: '2025-10-30',
      valorContrato: 12_980_000,
      siteManager: p(P.fernanda),
      coordenador: p(P.mariana),
      tags: ['alta tensão'],
      descricao: 'Implantação de subestação elevadora 13,8/138 kV com sistema de automação e proteção.',
    },
    {
      Id_Lista: '104',
      nome: 'Estação de Tratamento de Efluentes Porto Azul',
      cliente: co('Celulose Porto Azul S.A.'),
      tipoObra: 'Saneamento',
      status: 'Paralisada',
      endereco: 'Rodovia BR-158, km 12',
      cidade: 'Três Lagoas',
      uf: 'MS',
      cep: '79601-970',
      latitude: -20.7889,
      longitude: -51.7033,
      dataInicio: '2024-10-07',
      previsaoTermino: '2025-11-28',
      valorContrato: 9_450_000,
      siteManager: p(P.fernanda),
      coordenador: p(P.mariana),
      tags: ['saneamento', 'licenciamento'],
      descricao: 'ETE industrial com tanques de aeração, decantadores e casa de química. Paralisada aguardando licença de operação parcial.',
    },
    {
      Id_Lista: '105',
      nome: 'Retrofit do Edifício Corporativo Atlântico',
      cliente: co('Atlântico Participações Ltda.'),
      tipoObra: 'Comercial',
      status: 'Concluída',
      endereco: 'Av. Beira-Mar Norte, 1.180',
      cidade: 'Florianópolis',
      uf: 'SC',
      cep: '88015-701',
      latitude: -27.5954,
      longitude: -48.548,
      dataInicio: '2024-08-05',
      previsaoTermino: '2025-05-30',
      dataConclusao: '2025-05-23',
      valorContrato: 6_120_000,
      siteManager: p(P.fernanda),
      coordenador: p(P.carlos),
      tags: ['retrofit'],
      descricao: 'Retrofit de fachada, climatização e instalações elétricas de edifício de 12 pavimentos.',
    },
    {
      Id_Lista: '106',
      nome: 'Galpão Logístico Serra Dourada',
      cliente: co('Serra Dourada Logística S.A.'),
      tipoObra: 'Industrial',
      status: 'Planejamento',
      cidade: 'Anápolis', // no coordinates yet (planning): its daily reports' weather stays manual
      uf: 'GO',
      previsaoTermino: '2026-09-30',
      valorContrato: 14_300_000,
      coordenador: p(P.carlos),
      descricao: 'Galpão logístico em fase de planejamento e mobilização.',
    },
  ].map((o) => ({ ...o, cnpjCliente: formatCnpj(o.cliente) })); // as the API derives it from the client company
}

// ---------------------------------------------------------------------------------------------
// Daily work reports (RDO)
// ---------------------------------------------------------------------------------------------

const RDO_EMPRESAS = [COMPANY, 'Montagens Ideal Ltda.', 'Elétrica Forte Serviços', 'Terraplenagem Minas Ltda.', 'Concreta Pré-Moldados'];
const RDO_FUNCOES = [
  'Encarregado',
  'Pedreiro',
  'Servente',
  'Montador',
  'Eletricista',
  'Soldador',
  'Armador',
  'Carpinteiro',
  'Técnico de segurança',
  'Operador de máquinas',
];
const RDO_EQUIPAMENTOS = [
  'Guindaste 50 t',
  'Plataforma elevatória',
  'Retroescavadeira',
  'Betoneira 400 L',
  'Caminhão munck',
  'Gerador 100 kVA',
  'Compactador de solo',
  'Rolo compactador',
];
const RDO_ATIVIDADES: Record<string, [string, string, string][]> = {
  '101': [
    ['1.1.2', 'Montagem de estrutura metálica do galpão', 't'],
    ['1.2.1', 'Concretagem de bases de equipamentos', 'm³'],
    ['2.1.3', 'Instalação de eletrocalhas', 'm'],
    ['2.2.1', 'Lançamento de cabos de força', 'm'],
    ['1.3.4', 'Montagem de telhas termoacústicas', 'm²'],
  ],
  '102': [
    ['1.1.1', 'Escavação de blocos de fundação', 'm³'],
    ['1.2.2', 'Montagem de pilares pré-moldados', 'un'],
    ['1.3.1', 'Execução de piso industrial', 'm²'],
    ['3.1.2', 'Instalação de portas de doca', 'un'],
    ['2.4.1', 'Rede de drenagem pluvial', 'm'],
  ],
  '103': [
    ['1.2.1', 'Concretagem de bases de transformador', 'm³'],
    ['2.1.1', 'Montagem de pórticos de 138 kV', 'un'],
    ['2.3.2', 'Instalação de malha de aterramento', 'm'],
    ['3.1.1', 'Montagem de painéis de proteção', 'un'],
    ['2.2.4', 'Lançamento de cabos de controle', 'm'],
  ],
  '104': [
    ['1.1.3', 'Armação das paredes do tanque de aeração', 'kg'],
    ['1.2.3', 'Concretagem de laje de fundo', 'm³'],
    ['2.1.2', 'Montagem de tubulação PEAD', 'm'],
    ['1.4.1', 'Impermeabilização de decantador', 'm²'],
  ],
  '105': [
    ['1.1.1', 'Remoção de revestimento de fachada', 'm²'],
    ['1.2.1', 'Instalação de pele de vidro', 'm²'],
    ['2.1.1', 'Montagem de dutos de climatização', 'kg'],
    ['2.3.1', 'Substituição de quadros elétricos', 'un'],
  ],
};
const RDO_OCORRENCIAS = [
  'Atraso na entrega de material pelo fornecedor; equipe remanejada para outra frente.',
  'Visita da fiscalização do cliente sem apontamentos.',
  'DDS realizado com o tema trabalho em altura.',
  'Chuva forte no período da tarde paralisou as atividades externas.',
  'Inspeção de segurança identificou extintor vencido na frente 2; substituído no mesmo dia.',
  'Recebimento de 3 carretas de estrutura metálica conferido sem avarias.',
];
/** The lists of the sites with an RDO configuration (demo-config.ts): their reports pick from them, as the API demands. */
const RDO_LISTS = new Map(
  configuracoesRdo().map((c) => [c.obra as string, c as { maoDeObra: { empresa: string; funcao: string }[]; equipamentos: { equipamento: string }[] }]),
);

/** A labour company and role: from the site's list when it has one (the same draws either way, so the rest of the demo data stays put). */
function labour(r: ReturnType<typeof rng>, obra: string): { empresa: string; funcao: string } {
  const empresa = r.pick(RDO_EMPRESAS);
  const funcao = r.pick(RDO_FUNCOES);
  const list = RDO_LISTS.get(obra)?.maoDeObra;
  if (!list?.length) return { empresa, funcao };
  const { empresa: e, funcao: f } = list[(RDO_EMPRESAS.indexOf(empresa) * RDO_FUNCOES.length + RDO_FUNCOES.indexOf(funcao)) % list.length];
  return { empresa: e, funcao: f };
}

/** A piece of equipment: from the site's list when it has one (one draw either way). */
function equipment(r: ReturnType<typeof rng>, obra: string): string {
  const equipamento = r.pick(RDO_EQUIPAMENTOS);
  const list = RDO_LISTS.get(obra)?.equipamentos;
  return list?.length ? list[RDO_EQUIPAMENTOS.indexOf(equipamento) % list.length].equipamento : equipamento;
}

const TEMPO_BOM = ['Ensolarado', 'Parcialmente nublado', 'Nublado'] as const;
const TEMPO_RUIM = ['Garoa', 'Chuvoso', 'Tempestade'] as const;

function rdoBody(r: ReturnType<typeof rng>, obra: string) {
  const chuva = r.chance(0.25);
  const tempoTarde = chuva ? r.pick(TEMPO_RUIM) : r.pick(TEMPO_BOM);
  const clima = [
    { periodo: 'Manhã', tempo: r.pick(TEMPO_BOM), condicao: 'Praticável' },
    { periodo: 'Tarde', tempo: tempoTarde, condicao: tempoTarde === 'Garoa' ? 'Praticável' : chuva ? 'Impraticável' : 'Praticável' },
  ];
  const maoDeObra = [
    { empresa: COMPANY, funcao: 'Encarregado', quantidade: 1 },
    { ...labour(r, obra), quantidade: r.int(2, 18) },
    { ...labour(r, obra), quantidade: r.int(1, 12) },
  ];
  const paradas = chuva ? r.int(1, 4) : 0;
  const equipamentos = [
    { equipamento: equipment(r, obra), quantidade: 1, horasTrabalhadas: 8 - paradas, horasParadas: paradas },
    { equipamento: equipment(r, obra), quantidade: r.int(1, 3), horasTrabalhadas: round2(r.int(8, 18) / 2), horasParadas: 0 },
  ];
  const pool = RDO_ATIVIDADES[obra] ?? RDO_ATIVIDADES['101'];
  const a1 = r.pick(pool);
  const a2 = r.pick(pool);
  const atividades = [
    { eapItem: a1[0], descricao: a1[1], quantidade: round2(r.int(50, 4000) / 10), unidade: a1[2], avancoPercent: round2(r.int(5, 1000) / 10) },
    { eapItem: a2[0], descricao: a2[1], quantidade: round2(r.int(10, 2000) / 10), unidade: a2[2], avancoPercent: round2(r.int(5, 1000) / 10) },
  ];
  return {
    horarioInicio: '07:00',
    horarioFim: '17:00',
    clima,
    chuvaMm: chuva ? round2(r.int(50, 4500) / 100) : 0,
    maoDeObra,
    equipamentos,
    atividades,
    ...(r.chance(0.5) ? { ocorrencias: r.pick(RDO_OCORRENCIAS) } : {}),
  };
}

/** The reports of the last few days are drafts, those of the last two weeks wait for review, the rest is decided. */
function rdoStatus(date: string, lastDate: string, r: ReturnType<typeof rng>): string {
  if (date > addDays(lastDate, -5)) return 'Rascunho';
  if (date > addDays(lastDate, -15)) return 'Em revisão';
  return r.chance(0.06) ? 'Reprovado' : 'Aprovado';
}

/**
 * Site 101's civil EAP items (planned dates) and how its RDOs report them: each report states the
 * item's cumulative progress on its date, rising linearly from `exec[0]` to 100 % at `exec[1]`
 * (1.2.1 ahead of plan, 1.1.2 a little behind, 1.3.4 far behind: late against its planned end).
 */
const PLANO_101: Record<
  string,
  { descricao: string; unidade: string; quantidade: number; peso: number; inicio: string; termino: string; exec: [string, string] }
> = {
  '1.1.2': {
    descricao: 'Montagem de estrutura metálica do galpão',
    unidade: 't',
    quantidade: 420,
    peso: 50,
    inicio: '2025-01-06',
    termino: '2025-05-16',
    exec: ['2025-01-13', '2025-06-06'],
  },
  '1.2.1': {
    descricao: 'Concretagem de bases de equipamentos',
    unidade: 'm³',
    quantidade: 180,
    peso: 20,
    inicio: '2025-01-06',
    termino: '2025-03-28',
    exec: ['2025-01-06', '2025-03-21'],
  },
  '1.3.4': {
    descricao: 'Montagem de telhas termoacústicas',
    unidade: 'm²',
    quantidade: 6800,
    peso: 30,
    inicio: '2025-05-05',
    termino: '2025-09-26',
    exec: ['2025-05-12', '2025-11-28'],
  },
};

/** Cumulative progress of a site-101 item on `date` (its `exec` ramp), between 1 and 100. */
function avanco101(codigo: string, date: string): number | undefined {
  const x = PLANO_101[codigo];
  if (!x) return undefined;
  const [s, e] = x.exec.map((d) => Date.parse(d));
  return round2(Math.min(100, Math.max(1, (100 * (Date.parse(date) - s)) / (e - s))));
}

function diarios(): Row[] {
  const r = rng(20250101);
  const rows: Row[] = [];
  const plan: { obra: string; start: string; end: string; step: number }[] = [
    { obra: '101', start: '2025-01-06', end: '2025-07-31', step: 3 },
    { obra: '102', start: '2025-01-14', end: '2025-07-31', step: 7 },
    { obra: '103', start: '2025-01-08', end: '2025-07-31', step: 7 },
    { obra: '104', start: '2025-01-09', end: '2025-05-30', step: 7 },
    { obra: '105', start: '2025-01-10', end: '2025-05-23', step: 10 },
  ];
  for (const { obra, start, end, step } of plan) {
    const dates: string[] = [];
    for (let d = start; d <= end; d = addDays(d, step)) dates.push(d);
    const last = dates[dates.length - 1];
    dates.forEach((data, i) => {
      // 101 and 102 are sm@portal.local's; on 101 the substitute SM writes every 5th report.
      let siteManager = obra === '101' || obra === '102' ? P.sm : P.fernanda;
      if (obra === '101' && i % 5 === 4) siteManager = P.fernanda;
      if (obra === '103' && i % 6 === 5) siteManager = P.mariana;
      let status = obra === '105' || obra === '104' ? (r.chance(0.05) ? 'Reprovado' : 'Aprovado') : rdoStatus(data, last, r);
      // Issue 36: a report voided by the administrator (written on the wrong site), kept and readable.
      const voided = obra === '102' && i === 2;
      if (voided) status = 'Anulado';
      const body = rdoBody(r, obra);
      if (obra === '101') {
        body.atividades = body.atividades.map((a) => ({ ...a, avancoPercent: avanco101(a.eapItem, data) ?? a.avancoPercent }));
        // Issue 26 ("Dias impraticáveis"): on site 101 a stormy afternoon follows a rainy morning, the whole day lost.
        if (body.clima[1]?.tempo === 'Tempestade') {
          body.clima = body.clima.map((s, k) => ({ ...s, ...(k === 0 ? { tempo: 'Chuvoso' as const } : {}), condicao: 'Impraticável' }));
        }
      }
      rows.push({
        data,
        obra,
        numero: i + 1,
        status,
        siteManager: p(siteManager),
        ...body,
        ...(status === 'Reprovado' ? { comentariosCliente: 'Efetivo informado diverge da lista de presença. Favor revisar.' } : {}),
        ...(status === 'Aprovado' && r.chance(0.1) ? { comentariosCliente: 'De acordo.' } : {}),
        ...(voided
          ? {
              anuladoEm: `${addDays(data, 2)}T10:30:00-03:00`,
              anuladoPor: p(P.admin),
              motivoAnulacao: 'Diário lançado na obra errada; o relato foi refeito na obra 101.',
            }
          : {}),
      });
    });
  }
  return rows;
}

const BENCH_OBRAS = ['101', '102', '103', '104', '105'];
const BENCH_SMS = [P.sm, P.sm, P.fernanda, P.fernanda, P.fernanda];
/** RDOs per site per day in the benchmark series (keeps 200,000 rows within ~30 years). */
const BENCH_PER_DAY = 4;

/**
 * `n` extra RDO rows for load tests, deterministic and cheap: the sub-lists come from a small pool
 * of pre-built variants (shared, never mutated). Row `offset + k` is for site
 * BENCH_OBRAS[(offset + k) % 5], dated startDate + floor((offset + k) / 20) days, so batches
 * (`demoRdoRows(10_000, d, 0)`, `demoRdoRows(10_000, d, 10_000)`, …) continue one series.
 */
export function demoRdoRows(n: number, startDate: string, offset = 0): Row[] {
  const r = rng(424242);
  const variants: Record<string, ReturnType<typeof rdoBody>[]> = {};
  for (const o of BENCH_OBRAS) variants[o] = Array.from({ length: 16 }, () => rdoBody(r, o));
  const statuses = ['Aprovado', 'Aprovado', 'Aprovado', 'Em revisão', 'Rascunho', 'Reprovado', 'Aprovado', 'Aprovado', 'Anulado'];
  const perDay = BENCH_OBRAS.length * BENCH_PER_DAY;
  const rows: Row[] = new Array(n);
  let day = -1;
  let data = startDate;
  for (let k = 0; k < n; k++) {
    const g = offset + k;
    const s = g % BENCH_OBRAS.length;
    const d = Math.floor(g / perDay);
    if (d !== day) {
      data = addDays(startDate, d);
      day = d;
    }
    const obra = BENCH_OBRAS[s];
    rows[k] = {
      data,
      obra,
      numero: Math.floor(g / BENCH_OBRAS.length) + 1,
      status: statuses[(g * 7 + s) % statuses.length],
      siteManager: BENCH_SMS[s],
      ...variants[obra][(g * 31 + d) % 16],
    };
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Field services and automation
// ---------------------------------------------------------------------------------------------

const CHECK_ITENS = [
  { ordem: 1, secao: 'Segurança', pergunta: 'Permissão de trabalho emitida e assinada', tipoResposta: 'Sim / Não', obrigatorio: true },
  { ordem: 2, secao: 'Segurança', pergunta: 'Bloqueio e etiquetagem (LOTO) aplicados', tipoResposta: 'Conforme / Não conforme', obrigatorio: true },
  { ordem: 3, secao: 'Execução', pergunta: 'Torque dos bornes conferido', tipoResposta: 'Conforme / Não conforme', obrigatorio: true },
  { ordem: 4, secao: 'Execução', pergunta: 'Resistência de isolamento (MΩ)', tipoResposta: 'Número', obrigatorio: false },
  { ordem: 5, secao: 'Encerramento', pergunta: 'Registro fotográfico do painel fechado', tipoResposta: 'Foto', obrigatorio: true },
];

function checklistTemplateField(): Row[] {
  return [
    {
      nome: 'Instalação de painel elétrico',
      tipoServico: 'Instalação',
      versao: 2,
      ativo: true,
      descricao: 'Verificações mínimas para instalação de painéis de baixa tensão.',
      itens: CHECK_ITENS,
    },
    // Its LOTO item is a safety item: a "Não conforme" answer opens an SGI record of Segurança (src/server/modules/checklist-sgi.ts).
    {
      nome: 'Inspeção de obra 101',
      obra: '101',
      tipoServico: 'Inspeção',
      versao: 1,
      ativo: true,
      itens: CHECK_ITENS.slice(0, 3).map((it) => (it.ordem === 2 ? { ...it, categoria: 'Segurança' } : it)),
    },
  ];
}

function checklistTemplateAutomacao(): Row[] {
  return [
    {
      nome: 'Start-up de CLP',
      tipoServico: 'Start-up',
      versao: 1,
      ativo: true,
      itens: [
        { ordem: 1, secao: 'Hardware', pergunta: 'Alimentação 24 Vcc dentro da tolerância', tipoResposta: 'Conforme / Não conforme', obrigatorio: true },
        { ordem: 2, secao: 'Software', pergunta: 'Versão do programa registrada', tipoResposta: 'Texto', obrigatorio: true },
        { ordem: 3, secao: 'Comunicação', pergunta: 'Comunicação com o supervisório testada', tipoResposta: 'Sim / Não', obrigatorio: true },
      ],
    },
  ];
}

function eapOs(): Row[] {
  // `pai` points to earlier rows (1-based ids).
  const rows: Row[] = [
    {
      area: 'FIELD',
      obra: '101',
      codigo: '2',
      descricao: 'Serviços de campo — elétrica',
      unidade: 'vb',
      quantidadePrevista: 1,
      peso: 40,
      responsavel: p(P.gustavo),
    },
    {
      area: 'FIELD',
      obra: '101',
      codigo: '2.1',
      descricao: 'Instalação de inversores',
      pai: 1,
      unidade: 'un',
      quantidadePrevista: 6,
      peso: 40,
      inicioPrevisto: '2025-02-03',
      terminoPrevisto: '2025-02-14',
    },
    {
      area: 'FIELD',
      obra: '101',
      codigo: '2.2',
      descricao: 'Comissionamento do pórtico rolante',
      pai: 1,
      unidade: 'vb',
      quantidadePrevista: 1,
      peso: 60,
      inicioPrevisto: '2025-06-16',
      terminoPrevisto: '2025-07-25',
    },
    {
      area: 'AUTOMACAO',
      obra: '103',
      codigo: '3',
      descricao: 'Automação da subestação',
      unidade: 'vb',
      quantidadePrevista: 1,
      peso: 100,
      responsavel: p(P.gustavo),
    },
    {
      area: 'AUTOMACAO',
      obra: '103',
      codigo: '3.1',
      descricao: 'Configuração de IEDs',
      pai: 4,
      unidade: 'un',
      quantidadePrevista: 14,
      peso: 55,
      inicioPrevisto: '2025-05-05',
      terminoPrevisto: '2025-07-18',
    },
    {
      area: 'AUTOMACAO',
      obra: '103',
      codigo: '3.2',
      descricao: 'Telas do SCADA',
      pai: 4,
      unidade: 'un',
      quantidadePrevista: 22,
      peso: 45,
      inicioPrevisto: '2025-06-02',
      terminoPrevisto: '2025-08-29',
    },
    { area: 'FIELD', obra: '103', codigo: '4', descricao: 'Inspeções de campo', unidade: 'vb', quantidadePrevista: 1, peso: 100 },
    // Site 101's civil works (ids 8–11): the codes its RDOs report against, planned for the S-curve.
    {
      area: 'FIELD',
      obra: '101',
      codigo: '1',
      descricao: 'Obras civis e estrutura metálica',
      unidade: 'vb',
      quantidadePrevista: 1,
      peso: 60,
      responsavel: p(P.sm),
    },
    ...Object.entries(PLANO_101).map(([codigo, x]) => ({
      area: 'FIELD',
      obra: '101',
      codigo,
      descricao: x.descricao,
      pai: 8,
      unidade: x.unidade,
      quantidadePrevista: x.quantidade,
      peso: x.peso,
      inicioPrevisto: x.inicio,
      terminoPrevisto: x.termino,
    })),
  ];
  // Site 101's automation scope, so that the automation technicians pick codes there too (issue 23).
  // Not weighted into the site's plan yet (no weight at the root, no dates): the S-curve and the
  // delay warning of 101 stay those of its civil and field works.
  const root = rows.length + 1;
  rows.push(
    { area: 'AUTOMACAO', obra: '101', codigo: '5', descricao: 'Automação da linha de pintura', unidade: 'vb', quantidadePrevista: 1 },
    { area: 'AUTOMACAO', obra: '101', codigo: '5.1', descricao: 'Programação dos CLPs da linha', pai: root, unidade: 'un', quantidadePrevista: 4, peso: 60 },
    { area: 'AUTOMACAO', obra: '101', codigo: '5.2', descricao: 'Telas do supervisório da linha', pai: root, unidade: 'un', quantidadePrevista: 12, peso: 40 },
  );
  return rows;
}

function diarioOs(osF: Row[], osA: Row[]): Row[] {
  const equipe = [
    { nome: 'Gustavo Alves', funcao: 'Técnico eletricista', horas: 8 },
    { nome: 'Rafael Lopes', funcao: 'Auxiliar técnico', horas: 8 },
  ];
  return [
    {
      area: 'FIELD',
      obra: '101',
      data: '2025-02-10',
      osField: idBy(osF, 'numero', 'OSF-101-0001'),
      executante: p(P.gustavo),
      status: 'Aprovado',
      horarioInicio: '08:00',
      horarioFim: '17:00',
      condicao: 'Praticável',
      equipe,
      atividades: [{ eapCodigo: '2.1', descricao: 'Montagem de 3 inversores', avancoPercent: 50 }],
    },
    {
      area: 'FIELD',
      obra: '101',
      data: '2025-02-12',
      osField: idBy(osF, 'numero', 'OSF-101-0001'),
      executante: p(P.gustavo),
      status: 'Aprovado',
      horarioInicio: '08:00',
      horarioFim: '18:30',
      condicao: 'Praticável',
      equipe,
      atividades: [{ eapCodigo: '2.1', descricao: 'Montagem e parametrização dos 3 inversores restantes', avancoPercent: 100 }],
    },
    {
      area: 'FIELD',
      obra: '101',
      data: '2025-07-10',
      osField: idBy(osF, 'numero', 'OSF-101-0002'),
      executante: p(P.gustavo),
      status: 'Enviado',
      equipe,
      atividades: [{ eapCodigo: '2.2', descricao: 'Testes em vazio do pórtico', avancoPercent: 30 }],
      ocorrencias: 'Aguardando laudo da NR-12 para testes com carga.',
    },
    {
      area: 'AUTOMACAO',
      obra: '103',
      data: '2025-06-19',
      osAutomacao: idBy(osA, 'numero', 'OSA-103-0001'),
      executante: p(P.gustavo),
      status: 'Aprovado',
      condicao: 'Praticável',
      equipe: equipe.slice(0, 1),
      atividades: [{ eapCodigo: '3.1', descricao: 'Parametrização de 6 IEDs', avancoPercent: 43 }],
    },
    {
      area: 'AUTOMACAO',
      obra: '103',
      data: '2025-07-22',
      osAutomacao: idBy(osA, 'numero', 'OSA-103-0001'),
      executante: p(P.gustavo),
      status: 'Rascunho',
      atividades: [{ eapCodigo: '3.2', descricao: 'Desenvolvimento das telas de alarmes', avancoPercent: 60 }],
    },
    {
      area: 'AUTOMACAO',
      obra: '101',
      data: '2025-05-08',
      osAutomacao: idBy(osA, 'numero', 'OSA-101-0001'),
      executante: p(P.gustavo),
      status: 'Enviado',
      condicao: 'Impraticável',
      ocorrencias: 'Parada não programada da linha impediu os testes.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Post-sales
// ---------------------------------------------------------------------------------------------

function ticketInteracoes(tickets: Row[]): Row[] {
  const t = (codigo: number) => idBy(tickets, 'codigo', codigo);
  // Each interaction carries its ticket's site (kept by the API, src/server/modules/client-replies.ts).
  const onSite = (r: Row): Row => ({ ...r, obra: tickets[Number(r.ticket) - 1].obra });
  return [
    {
      ticket: t(1),
      data: '2025-02-11T10:02:00-03:00',
      tipo: 'Contato com cliente',
      visivelCliente: true,
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.posvendas),
      texto: 'Recebemos o chamado e agendamos visita para 13/02.',
    },
    {
      ticket: t(1),
      data: '2025-02-13T16:20:00-03:00',
      tipo: 'Visita técnica',
      visivelCliente: false,
      responsavel: p(P.sm),
      responsavelRegistro: p(P.posvendas),
      texto: 'Vistoria identificou falha de vedação nas cumeeiras.',
    },
    {
      ticket: t(1),
      data: '2025-02-26T16:40:00-03:00',
      tipo: 'Atualização interna',
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.sm),
      texto: 'Serviço concluído e teste de estanqueidade aprovado.',
    },
    {
      ticket: t(2),
      data: '2025-06-03T15:00:00-03:00',
      tipo: 'Comentário',
      responsavel: p(P.thiago),
      responsavelRegistro: p(P.posvendas),
      texto: 'Solicitada ao fornecedor a troca do trilho em garantia.',
    },
    {
      ticket: t(2),
      data: '2025-07-01T09:30:00-03:00',
      tipo: 'Contato com cliente',
      visivelCliente: true,
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.thiago),
      texto: 'Peça chega na semana de 14/07; instalação em seguida.',
    },
    {
      ticket: t(3),
      data: '2025-07-02T09:00:00-03:00',
      tipo: 'Atualização interna',
      responsavel: p(P.mariana),
      responsavelRegistro: p(P.mariana),
      texto: 'Logs coletados; suspeita de conflito de endereço IP.',
    },
    {
      ticket: t(4),
      data: '2025-06-21T11:00:00-03:00',
      tipo: 'Contato com cliente',
      visivelCliente: true,
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.posvendas),
      texto: 'Manual e PMOC enviados por e-mail.',
    },
    {
      ticket: t(7),
      data: '2025-06-04T08:45:00-03:00',
      tipo: 'Visita técnica',
      responsavel: p(P.fernanda),
      responsavelRegistro: p(P.posvendas),
      texto: 'Rolamento do exaustor danificado; peça solicitada.',
    },
    // Ticket 8 (obra 101, open): what cliente@portal.local sees and answers (docs/access.md decision 30).
    {
      ticket: t(8),
      data: '2025-07-24T10:15:00-03:00',
      tipo: 'Atualização interna',
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.posvendas),
      texto: 'Conferir o desenho de montagem do eixo C antes da visita.',
    },
    {
      ticket: t(8),
      data: '2025-07-24T11:30:00-03:00',
      tipo: 'Contato com cliente',
      visivelCliente: true,
      responsavel: p(P.posvendas),
      responsavelRegistro: p(P.posvendas),
      texto: 'Recebemos o chamado. O ajuste do sensor será feito na parada de manutenção da linha; confirme a data da parada, por favor.',
    },
  ].map(onSite);
}

function custosPosvenda(tickets: Row[]): Row[] {
  const t = (codigo: number) => idBy(tickets, 'codigo', codigo);
  const c = (ticket: number, data: string, descricao: string, categoria: string, valor: number, fornecedor?: string) => ({
    ticket: t(ticket),
    data,
    descricao,
    categoria,
    valor,
    ...(fornecedor ? { fornecedor, notaFiscal: `NF ${1000 + (Math.round(valor) % 9000)}` } : {}),
  });
  return [
    c(1, '2025-02-13', 'Deslocamento da equipe de montagem', 'Deslocamento', 1_280.5),
    c(1, '2025-02-14', 'Fita de vedação e rebites', 'Material', 642.3, 'Casa do Telhado Ltda.'),
    c(1, '2025-02-20', 'Equipe de montagem (2 dias)', 'Mão de obra', 4_800),
    c(1, '2025-02-20', 'Locação de plataforma elevatória', 'Terceiros', 2_950, 'Loca Alturas Equipamentos'),
    c(1, '2025-02-21', 'Hospedagem da equipe', 'Hospedagem', 1_120),
    c(2, '2025-06-10', 'Frete do trilho de reposição', 'Frete', 890, 'Transportadora Centro-Oeste'),
    c(2, '2025-07-15', 'Técnico do fornecedor', 'Terceiros', 3_400, 'Portas Rápidas do Brasil'),
    c(3, '2025-07-03', 'Análise remota (horas de engenharia)', 'Mão de obra', 1_650),
    c(3, '2025-07-10', 'Passagem aérea do especialista', 'Deslocamento', 2_180.9),
    c(4, '2025-06-21', 'Impressão e encadernação de manuais', 'Outros', 310),
    c(5, '2025-07-19', 'Vistoria técnica do piso', 'Mão de obra', 960),
    c(7, '2025-06-05', 'Rolamento do exaustor', 'Material', 185.4, 'Rolamentos Sul'),
    c(7, '2025-06-10', 'Técnico de climatização', 'Terceiros', 720, 'Clima Floripa Serviços'),
    c(7, '2025-06-10', 'Estacionamento e pedágio', 'Deslocamento', 96.5),
  ];
}

function pesquisas(tickets: Row[]): Row[] {
  const t = (codigo: number) => idBy(tickets, 'codigo', codigo);
  // What the ticket gives the survey (schemas/pesquisa-satisfacao.ts `copies`), as the survey link records it.
  const answer = (codigo: number, data: string, notas: [number, number, number, number], nps: number, comentario?: string): Row => {
    const k = tickets.find((x) => x.codigo === codigo)!;
    const [notaAtendimento, notaPrazo, notaQualidade, notaComunicacao] = notas;
    return {
      ticket: t(codigo),
      obra: k.obra,
      cliente: k.cliente,
      categoria: k.categoria,
      respondente: k.contato,
      data,
      notaAtendimento,
      notaPrazo,
      notaQualidade,
      notaComunicacao,
      nps,
      ...(comentario ? { comentario } : {}),
    };
  };
  return [
    answer(9, '2025-09-22', [4, 4, 5, 4], 8, 'Resolveram rápido depois do diagnóstico.'),
    answer(10, '2025-11-03', [3, 2, 4, 3], 6, 'Demorou, mas o vazamento acabou.'),
    answer(11, '2025-12-09', [5, 5, 5, 5], 10, 'Excelente: equipe pontual e relatório claro.'),
    answer(12, '2026-02-24', [4, 5, 4, 4], 9),
    answer(13, '2026-05-12', [2, 2, 3, 2], 4, 'Foram três visitas até resolver o ruído.'),
    answer(14, '2026-07-28', [5, 4, 5, 5], 9, 'Atualização sem parar a subestação.'),
    answer(15, '2026-10-06', [4, 4, 4, 5], 8, 'Bom atendimento.'),
    {
      ticket: t(1),
      obra: '101',
      cliente: co('Cliente Demonstração Lda'),
      categoria: 'Garantia',
      respondente: 'Roberto Campos',
      data: '2025-03-03',
      notaAtendimento: 5,
      notaPrazo: 4,
      notaQualidade: 5,
      notaComunicacao: 5,
      nps: 9,
      comentario: 'Equipe rápida e atenciosa.',
    },
    {
      ticket: t(7),
      obra: '105',
      cliente: co('Atlântico Participações Ltda.'),
      categoria: 'Manutenção',
      respondente: 'Síndica Helena',
      data: '2025-06-15',
      notaAtendimento: 4,
      notaPrazo: 3,
      notaQualidade: 4,
      notaComunicacao: 4,
      nps: 7,
    },
    {
      ticket: t(6),
      obra: '101',
      cliente: co('Cliente Demonstração Lda'),
      categoria: 'Comercial',
      data: '2025-03-12',
      notaAtendimento: 3,
      notaPrazo: 3,
      notaQualidade: 3,
      nps: 6,
      comentario: 'Esperávamos um retorno comercial mais rápido.',
    },
    {
      obra: '105',
      cliente: co('Atlântico Participações Ltda.'),
      respondente: 'Gerente predial',
      data: '2025-05-30',
      notaAtendimento: 5,
      notaPrazo: 5,
      notaQualidade: 5,
      notaComunicacao: 4,
      nps: 10,
      comentario: 'Entrega da obra dentro do prazo.',
    },
    {
      obra: '104',
      cliente: co('Celulose Porto Azul S.A.'),
      data: '2025-04-22',
      notaAtendimento: 2,
      notaPrazo: 1,
      notaQualidade: 3,
      notaComunicacao: 2,
      nps: 3,
      comentario: 'Paralisação mal comunicada.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Products, factory, engineering
// ---------------------------------------------------------------------------------------------

function produtos(): Row[] {
  return [
    {
      codigo: 'PRD-0001',
      nome: 'Painel de média tensão 15 kV',
      categoria: 'Painel elétrico',
      unidade: 'un',
      fabricante: COMPANY,
      modelo: 'PMT-15',
      precoReferencia: 285_000,
      ativo: true,
      descricao: 'Painel metal-clad 15 kV com disjuntor a vácuo.',
      especificacoes: [
        { atributo: 'Tensão nominal', valor: '15 kV' },
        { atributo: 'Corrente nominal', valor: '630 A' },
      ],
      fichaTecnica: [file('produtos/PMT-15-ficha.pdf')],
    },
    {
      codigo: 'PRD-0002',
      nome: 'Quadro de comando de motores (CCM)',
      categoria: 'Painel elétrico',
      unidade: 'un',
      fabricante: COMPANY,
      modelo: 'CCM-480',
      precoReferencia: 142_000,
      ativo: true,
      especificacoes: [{ atributo: 'Tensão', valor: '480 V' }],
    },
    {
      codigo: 'PRD-0003',
      nome: 'Painel de automação com CLP',
      categoria: 'Sistema de automação',
      unidade: 'un',
      fabricante: COMPANY,
      modelo: 'PA-CLP-S7',
      precoReferencia: 96_500,
      ativo: true,
    },
    {
      codigo: 'PRD-0004',
      nome: 'Estrutura metálica para pipe rack',
      categoria: 'Estrutura metálica',
      unidade: 't',
      fabricante: COMPANY,
      precoReferencia: 18_900,
      ativo: true,
    },
    {
      codigo: 'PRD-0005',
      nome: 'Transformador a seco 1.500 kVA',
      categoria: 'Equipamento',
      unidade: 'un',
      fabricante: 'Trafo Sul Indústria',
      modelo: 'TS-1500',
      precoReferencia: 210_000,
      ativo: true,
    },
    {
      codigo: 'PRD-0006',
      nome: 'Skid de dosagem química',
      categoria: 'Equipamento',
      unidade: 'un',
      fabricante: COMPANY,
      modelo: 'SKD-Q2',
      precoReferencia: 74_800,
      ativo: false,
      descricao: 'Modelo descontinuado.',
    },
  ];
}

function fabricacoes(prod: Row[]): Row[] {
  const pr = (codigo: string) => idBy(prod, 'codigo', codigo);
  const etapas = [
    { etapa: 'Corte e dobra', responsavel: 'Caldeiraria', inicio: '2025-03-03', fim: '2025-03-10', concluida: true },
    { etapa: 'Montagem eletromecânica', responsavel: 'Montagem', inicio: '2025-03-11', fim: '2025-04-04', concluida: true },
    { etapa: 'Testes de rotina', responsavel: 'Qualidade', inicio: '2025-04-07', concluida: false },
  ];
  return [
    {
      codigo: 'FAB-2025-001',
      descricao: 'Painéis de média tensão da subestação',
      cliente: co('Energética Santa Clara S.A.'),
      obra: '103',
      produto: pr('PRD-0001'),
      ordemProducao: 'OP-8812',
      quantidade: 7,
      status: 'Em inspeção',
      responsavel: p(P.eduardo),
      dataInicio: '2025-03-03',
      dataPrevista: '2025-05-30',
      etapas,
    },
    {
      codigo: 'FAB-2025-002',
      descricao: 'CCMs da linha de laminação',
      cliente: co('Cliente Demonstração Lda'),
      obra: '101',
      produto: pr('PRD-0002'),
      ordemProducao: 'OP-8820',
      quantidade: 3,
      status: 'Concluída',
      responsavel: p(P.eduardo),
      dataInicio: '2025-01-20',
      dataPrevista: '2025-03-28',
      dataConclusao: '2025-03-25',
    },
    {
      codigo: 'FAB-2025-003',
      descricao: 'Painel de automação da ETE',
      cliente: co('Celulose Porto Azul S.A.'),
      obra: '104',
      produto: pr('PRD-0003'),
      quantidade: 1,
      status: 'Em produção',
      dataInicio: '2025-06-02',
      dataPrevista: '2025-08-22',
    },
    {
      codigo: 'FAB-2025-004',
      descricao: 'Pipe rack da casa de química',
      cliente: co('Celulose Porto Azul S.A.'),
      obra: '104',
      produto: pr('PRD-0004'),
      quantidade: 38,
      status: 'Planejada',
      dataPrevista: '2025-10-15',
    },
    {
      codigo: 'FAB-2024-019',
      descricao: 'Quadros de climatização do edifício Atlântico',
      cliente: co('Atlântico Participações Ltda.'),
      obra: '105',
      produto: pr('PRD-0002'),
      quantidade: 12,
      status: 'Expedida',
      dataInicio: '2024-10-01',
      dataPrevista: '2024-12-13',
      dataConclusao: '2024-12-10',
    },
    {
      codigo: 'FAB-2025-005',
      descricao: 'Skid de dosagem (pedido cancelado)',
      cliente: co('Celulose Porto Azul S.A.'),
      produto: pr('PRD-0006'),
      quantidade: 2,
      status: 'Cancelada',
      observacoes: 'Pedido cancelado pelo cliente.',
    },
  ];
}

function projetosFabrica(fab: Row[]): Row[] {
  const f = (codigo: string) => idBy(fab, 'codigo', codigo);
  return [
    {
      codigo: 'PF-ELE-0101',
      revisao: '2',
      titulo: 'Diagrama unifilar dos painéis 15 kV',
      tipo: 'Elétrico',
      status: 'Liberado para fabricação',
      fabricacao: f('FAB-2025-001'),
      obra: '103',
      projetista: p(P.eduardo),
      verificador: p(P.paulo),
      dataEmissao: '2025-02-14',
      arquivos: [file('fabrica/PF-ELE-0101-R2.pdf')],
    },
    {
      codigo: 'PF-MEC-0102',
      revisao: '1',
      titulo: 'Arranjo mecânico do invólucro metal-clad',
      tipo: 'Mecânico',
      status: 'Aprovado',
      fabricacao: f('FAB-2025-001'),
      obra: '103',
      projetista: p(P.eduardo),
      dataEmissao: '2025-02-10',
    },
    {
      codigo: 'PF-ELE-0201',
      revisao: '0',
      titulo: 'Esquema de comando dos CCMs',
      tipo: 'Elétrico',
      status: 'Em verificação',
      fabricacao: f('FAB-2025-002'),
      obra: '101',
      projetista: p(P.eduardo),
      verificador: p(P.paulo),
      clientes: ['cliente@portal.local'],
      dataEmissao: '2025-01-10',
    },
    {
      codigo: 'PF-MEC-0301',
      revisao: '0',
      titulo: 'Detalhamento do pipe rack',
      tipo: 'Mecânico',
      status: 'Em elaboração',
      fabricacao: f('FAB-2025-004'),
      obra: '104',
      projetista: p(P.eduardo),
    },
    { codigo: 'PF-ELE-0099', revisao: '3', titulo: 'Esquema elétrico antigo do skid', tipo: 'Elétrico', status: 'Obsoleto', dataEmissao: '2023-08-01' },
  ];
}

function tafs(prod: Row[], fab: Row[]): Row[] {
  const pr = (codigo: string) => idBy(prod, 'codigo', codigo);
  const f = (codigo: string) => idBy(fab, 'codigo', codigo);
  const ensaios = [
    { ensaio: 'Tensão aplicada à frequência industrial', criterio: '36 kV / 1 min sem descarga', valorMedido: 'Sem descarga', resultado: 'Conforme' },
    { ensaio: 'Resistência de contato do disjuntor', criterio: '≤ 40 µΩ', valorMedido: '32 µΩ', resultado: 'Conforme' },
    { ensaio: 'Ensaio funcional de intertravamentos', resultado: 'Conforme' },
  ];
  return [
    {
      codigo: 'TAF-2025-001',
      produto: pr('PRD-0001'),
      fabricacao: f('FAB-2025-001'),
      obra: '103',
      cliente: co('Energética Santa Clara S.A.'),
      dataPrevista: '2025-05-20',
      dataRealizacao: '2025-05-22',
      local: 'Fábrica — baia de testes 2',
      responsavel: p(P.eduardo),
      testemunhaCliente: 'Eng. Silvia Prado',
      resultado: 'Aprovado com ressalvas',
      ensaios: [...ensaios, { ensaio: 'Inspeção visual e dimensional', resultado: 'Não conforme', valorMedido: 'Etiqueta faltante' }],
      relatorio: [file('taf/TAF-2025-001.pdf')],
    },
    {
      codigo: 'TAF-2025-002',
      produto: pr('PRD-0002'),
      fabricacao: f('FAB-2025-002'),
      obra: '101',
      cliente: co('Cliente Demonstração Lda'),
      dataPrevista: '2025-03-18',
      dataRealizacao: '2025-03-18',
      responsavel: p(P.eduardo),
      resultado: 'Aprovado',
      ensaios,
    },
    {
      codigo: 'TAF-2025-003',
      produto: pr('PRD-0003'),
      fabricacao: f('FAB-2025-003'),
      obra: '104',
      cliente: co('Celulose Porto Azul S.A.'),
      dataPrevista: '2025-08-20',
      resultado: 'Pendente',
    },
    {
      codigo: 'TAF-2024-014',
      produto: pr('PRD-0002'),
      fabricacao: f('FAB-2024-019'),
      obra: '105',
      dataPrevista: '2024-11-28',
      dataRealizacao: '2024-11-29',
      resultado: 'Reprovado',
      ensaios: [{ ensaio: 'Ensaio funcional de intertravamentos', resultado: 'Não conforme', valorMedido: 'Falha no K3' }],
      observacoes: 'Reteste aprovado em TAF-2024-015.',
    },
    {
      codigo: 'TAF-2024-015',
      produto: pr('PRD-0002'),
      fabricacao: f('FAB-2024-019'),
      obra: '105',
      dataPrevista: '2024-12-04',
      dataRealizacao: '2024-12-04',
      resultado: 'Aprovado',
      ensaios: [{ ensaio: 'Ensaio funcional de intertravamentos', resultado: 'Conforme' }],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Contracts and materials
// ---------------------------------------------------------------------------------------------

function produtosContrato(ct: Row[], prod: Row[]): Row[] {
  const c = (numero: string) => idBy(ct, 'numero', numero);
  const pr = (codigo: string) => idBy(prod, 'codigo', codigo);
  return [
    {
      contrato: c('CT-2025-005'),
      produto: pr('PRD-0005'),
      descricao: 'Transformador a seco 1.500 kVA 13,8 kV/380 V',
      quantidade: 1,
      unidade: 'un',
      valorUnitario: 214_900,
      prazoEntrega: '2025-09-30',
    },
    {
      contrato: c('CT-2025-007'),
      produto: pr('PRD-0001'),
      descricao: 'Painel metal-clad 15 kV — entrada',
      quantidade: 2,
      unidade: 'un',
      valorUnitario: 298_000,
    },
    {
      contrato: c('CT-2025-007'),
      produto: pr('PRD-0001'),
      descricao: 'Painel metal-clad 15 kV — saída de linha',
      quantidade: 5,
      unidade: 'un',
      valorUnitario: 279_800,
    },
    {
      contrato: c('CT-2025-002'),
      produto: pr('PRD-0004'),
      descricao: 'Estrutura metálica complementar (marquises)',
      quantidade: 42.5,
      unidade: 't',
      valorUnitario: 18_400,
    },
    { contrato: c('CT-2025-004'), produto: pr('PRD-0002'), descricao: 'CCM auxiliar da subestação', quantidade: 1, unidade: 'un', valorUnitario: 138_750 },
  ].map((item) => ({ ...item, valorTotal: Math.round(item.quantidade * item.valorUnitario * 100) / 100 }));
}

function materialTemplates(): Row[] {
  return [
    {
      nome: 'Instalação elétrica de galpão',
      disciplina: 'Elétrica',
      ativo: true,
      descricao: 'Itens típicos de infraestrutura elétrica.',
      itens: [
        { codigo: 'ELE-001', descricao: 'Eletrocalha perfurada 300 x 100 mm', unidade: 'm', quantidade: 0 },
        { codigo: 'ELE-002', descricao: 'Cabo flexível 1 kV 95 mm²', unidade: 'm', quantidade: 0 },
        { codigo: 'ELE-003', descricao: 'Luminária LED industrial 150 W', unidade: 'un', quantidade: 0 },
      ],
    },
    {
      nome: 'Fundações e bases',
      disciplina: 'Civil',
      ativo: true,
      itens: [
        { codigo: 'CIV-010', descricao: 'Concreto usinado fck 30 MPa', unidade: 'm³', quantidade: 0 },
        { codigo: 'CIV-011', descricao: 'Aço CA-50 10 mm', unidade: 'kg', quantidade: 0 },
      ],
    },
    {
      nome: 'Automação de subestação',
      disciplina: 'Automação',
      ativo: false,
      itens: [{ codigo: 'AUT-001', descricao: 'Switch gerenciável IEC 61850', unidade: 'un', quantidade: 0 }],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Insurance
// ---------------------------------------------------------------------------------------------

function seguros(): Row[] {
  const cob = (imp: number) => [
    { cobertura: 'Obras civis em construção e instalação e montagem', limite: imp, franquia: '10% dos prejuízos, mínimo R$ 25.000,00' },
    { cobertura: 'Danos da natureza', limite: round2(imp * 0.2), franquia: 'R$ 50.000,00' },
    { cobertura: 'Responsabilidade civil geral e cruzada', limite: 2_000_000, franquia: 'R$ 10.000,00' },
  ];
  return [
    {
      numeroApolice: '01.67.0012345',
      obra: '101',
      status: 'Vigente',
      seguradora: co('Seguradora Atlântica S.A.'),
      corretora: co('Prime Corretora de Seguros'),
      segurado: COMPANY,
      responsavel: p(P.beatriz),
      objeto: 'Risco de engenharia — obras civis e montagem da ampliação da planta.',
      inicioVigencia: '2024-11-01',
      fimVigencia: '2025-12-31',
      importanciaSegurada: 18_750_000,
      premio: 61_875,
      franquia: 25_000,
      coberturas: cob(18_750_000),
      documentos: [file('seguros/apolice-01.67.0012345.pdf')],
    },
    {
      numeroApolice: '01.67.0013377',
      obra: '102',
      status: 'Vigente',
      seguradora: co('Seguradora Atlântica S.A.'),
      corretora: co('Prime Corretora de Seguros'),
      segurado: COMPANY,
      inicioVigencia: '2025-01-10',
      fimVigencia: '2026-04-30',
      importanciaSegurada: 32_400_000,
      premio: 98_200,
      coberturas: cob(32_400_000),
    },
    {
      numeroApolice: 'RE-778.201',
      obra: '103',
      status: 'Em cotação',
      seguradora: co('Vale Seguros Gerais'),
      corretora: co('Prime Corretora de Seguros'),
      inicioVigencia: '2025-09-01',
      fimVigencia: '2025-12-31',
      importanciaSegurada: 12_980_000,
      observacoes: 'Renovação em cotação com duas seguradoras.',
    },
    {
      numeroApolice: 'RE-611.054',
      obra: '104',
      status: 'Vencida',
      seguradora: co('Vale Seguros Gerais'),
      segurado: COMPANY,
      inicioVigencia: '2024-10-01',
      fimVigencia: '2025-06-30',
      importanciaSegurada: 9_450_000,
      premio: 27_100,
      franquia: 20_000,
    },
    {
      numeroApolice: 'RE-598.330',
      obra: '105',
      status: 'Cancelada',
      seguradora: co('Seguradora Atlântica S.A.'),
      inicioVigencia: '2024-08-01',
      fimVigencia: '2025-06-30',
      importanciaSegurada: 6_120_000,
      premio: 18_360,
      observacoes: 'Cancelada após entrega da obra; restituição proporcional.',
    },
  ];
}

function segurosPleno(): Row[] {
  return [
    {
      numeroApolice: 'OP-2025-0042',
      obra: '105',
      status: 'Vigente',
      seguradora: co('Seguradora Atlântica S.A.'),
      corretora: co('Prime Corretora de Seguros'),
      segurado: 'Atlântico Participações Ltda.',
      responsavel: p(P.beatriz),
      objeto: 'Operação plena do edifício após a entrega: danos materiais e responsabilidade civil.',
      inicioVigencia: '2025-05-23',
      fimVigencia: '2026-05-22',
      importanciaSegurada: 6_500_000,
      premio: 14_300,
      franquia: 15_000,
      coberturas: [
        { cobertura: 'Incêndio, raio e explosão', limite: 6_500_000, franquia: 'R$ 15.000,00' },
        { cobertura: 'Danos elétricos', limite: 500_000, franquia: 'R$ 5.000,00' },
      ],
    },
    {
      numeroApolice: 'OP-2025-0057',
      obra: '103',
      status: 'Em cotação',
      seguradora: co('Vale Seguros Gerais'),
      inicioVigencia: '2025-11-01',
      fimVigencia: '2026-10-31',
      importanciaSegurada: 13_500_000,
    },
    {
      numeroApolice: 'OP-2024-0188',
      obra: '101',
      status: 'Renovada',
      seguradora: co('Seguradora Atlântica S.A.'),
      inicioVigencia: '2024-03-01',
      fimVigencia: '2025-02-28',
      importanciaSegurada: 4_200_000,
      premio: 9_800,
      observacoes: 'Operação plena da planta existente; renovada na apólice de risco de engenharia.',
    },
  ];
}

function endossos(seg: Row[]): Row[] {
  const a = (n: string) => idBy(seg, 'numeroApolice', n);
  return [
    {
      apolice: a('01.67.0012345'),
      numero: '001',
      tipo: 'Alteração de importância segurada',
      dataEmissao: '2025-03-14',
      inicioVigencia: '2025-03-14',
      importanciaSegurada: 19_900_000,
      premioAdicional: 3_795,
      descricao: 'Inclusão do aditivo contratual nº 1 na importância segurada.',
    },
    {
      apolice: a('01.67.0012345'),
      numero: '002',
      tipo: 'Inclusão de cobertura',
      dataEmissao: '2025-05-02',
      premioAdicional: 2_150,
      descricao: 'Inclusão de cobertura de equipamentos móveis e estacionários.',
    },
    {
      apolice: a('01.67.0013377'),
      numero: '001',
      tipo: 'Alteração cadastral',
      dataEmissao: '2025-02-20',
      premioAdicional: 0,
      descricao: 'Correção do endereço do local de risco.',
    },
    {
      apolice: a('RE-598.330'),
      numero: '003',
      tipo: 'Cancelamento',
      dataEmissao: '2025-05-30',
      premioAdicional: -1_530,
      descricao: 'Cancelamento da apólice com restituição de prêmio.',
      documentos: [file('seguros/endosso-RE-598.330-003.pdf')],
    },
  ];
}

function endossosPleno(seg: Row[]): Row[] {
  const a = (n: string) => idBy(seg, 'numeroApolice', n);
  return [
    {
      apolice: a('OP-2025-0042'),
      numero: '001',
      tipo: 'Inclusão de cobertura',
      dataEmissao: '2025-06-18',
      premioAdicional: 1_240,
      descricao: 'Inclusão de cobertura de vendaval.',
    },
    {
      apolice: a('OP-2024-0188'),
      numero: '001',
      tipo: 'Prorrogação de vigência',
      dataEmissao: '2025-02-20',
      inicioVigencia: '2025-02-28',
      fimVigencia: '2025-03-31',
      premioAdicional: 820,
      descricao: 'Prorrogação de 30 dias até a emissão da nova apólice.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// SGI
// ---------------------------------------------------------------------------------------------

function portalFornecedor(sgi: Row[]): Row[] {
  return [
    {
      fornecedor: CNPJ.montagensIdeal,
      cnpj: '12.345.678/0001-95',
      contato: 'Sérgio Dias',
      email: 'qualidade@montagensideal.local',
      tipo: 'Resposta a RNC',
      ticket: idBy(sgi, 'codigo', 'QUA-2025-0001'),
      dataEnvio: '2025-04-10T14:00:00-03:00',
      status: 'Aceito',
      assunto: 'Resposta à RNC de pintura da TR-07',
      mensagem: 'Implantamos medição de espessura em 100% das peças.',
      resposta: 'Resposta aceita; eficácia será verificada na próxima auditoria.',
    },
    {
      fornecedor: CNPJ.trafoSul,
      email: 'comercial@trafosul.local',
      tipo: 'Qualificação de fornecedor',
      dataEnvio: '2025-06-02T09:10:00-03:00',
      status: 'Em análise',
      assunto: 'Envio do certificado ISO 9001 atualizado',
      mensagem: 'Segue certificado válido até 2028.',
      anexos: [file('sgi/trafosul-iso9001.pdf')],
    },
    {
      fornecedor: CNPJ.locaAlturas,
      email: 'contato@locaalturas.local',
      tipo: 'Documento',
      dataEnvio: '2025-07-20T16:30:00-03:00',
      status: 'Recebido',
      assunto: 'Laudos de inspeção das plataformas',
      mensagem: 'Laudos NR-12 das plataformas locadas.',
    },
    {
      fornecedor: CNPJ.concreta,
      email: 'sac@concreta.local',
      tipo: 'Avaliação de desempenho',
      dataEnvio: '2025-05-05T10:00:00-03:00',
      status: 'Recusado',
      assunto: 'Contestação da nota de desempenho',
      mensagem: 'Solicitamos revisão da nota de prazo.',
      resposta: 'Mantida a avaliação: três entregas com atraso no trimestre.',
    },
  ];
}

function portalCliente(sgi: Row[]): Row[] {
  return [
    {
      cliente: co('Atlântico Participações Ltda.'),
      obra: '105',
      contato: 'Helena Martins',
      email: 'helena@atlantico.local',
      tipo: 'Reclamação',
      ticket: idBy(sgi, 'codigo', 'QUA-2025-0002'),
      dataEnvio: '2025-05-26T11:20:00-03:00',
      status: 'Aceito',
      assunto: 'Data book sem as built de climatização',
      mensagem: 'O data book entregue não contém os as built de climatização.',
      resposta: 'Documentos enviados em 06/06.',
    },
    {
      cliente: co('Cliente Demonstração Lda'),
      obra: '101',
      contato: 'Roberto Campos',
      email: 'cliente@portal.local',
      tipo: 'Elogio',
      dataEnvio: '2025-06-30T08:00:00-03:00',
      status: 'Recebido',
      assunto: 'Organização do canteiro',
      mensagem: 'Parabéns à equipe pela limpeza e organização do canteiro.',
    },
    {
      cliente: co('Cliente Novo Lda'),
      obra: '102',
      email: 'cliente.novo@portal.local',
      tipo: 'Solicitação',
      dataEnvio: '2025-07-22T17:45:00-03:00',
      status: 'Em análise',
      assunto: 'Cronograma atualizado',
      mensagem: 'Solicitamos o cronograma físico atualizado com a curva S.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Legal
// ---------------------------------------------------------------------------------------------

function processos(): Row[] {
  return [
    {
      numero: '1002345-67.2024.5.03.0028',
      tipo: 'Trabalhista',
      status: 'Em andamento',
      polo: 'Passivo',
      obra: '101',
      partes: [
        { nome: 'José Aparecido da Silva', papel: 'Reclamante' },
        { nome: COMPANY, papel: 'Reclamada', documento: '98.765.432/0001-10' },
      ],
      parteContraria: 'José Aparecido da Silva',
      vara: '2ª Vara do Trabalho de Betim',
      comarca: 'Betim',
      uf: 'MG',
      tribunal: 'TRT3',
      escritorio: CNPJ.andradeLobo,
      advogado: 'Dra. Carla Lobo',
      dataDistribuicao: '2024-12-09',
      proximaAudiencia: '2025-09-16T14:30:00-03:00',
      valorCausa: 86_400,
      valorProvisionado: 32_000,
      probabilidadePerda: 'Possível',
      responsavelDp: p(P.juridico),
      responsavelSeg: p(P.luciana),
      objeto: 'Horas extras, adicional de insalubridade e reflexos.',
    },
    {
      numero: '1000871-22.2025.5.18.0101',
      tipo: 'Trabalhista',
      status: 'Em acordo',
      polo: 'Passivo',
      obra: '102',
      partes: [{ nome: 'Marcos Pereira Lima', papel: 'Reclamante' }],
      parteContraria: 'Marcos Pereira Lima',
      vara: '1ª Vara do Trabalho de Rio Verde',
      comarca: 'Rio Verde',
      uf: 'GO',
      tribunal: 'TRT18',
      escritorio: CNPJ.andradeLobo,
      dataDistribuicao: '2025-03-17',
      valorCausa: 41_250,
      valorProvisionado: 18_000,
      probabilidadePerda: 'Provável',
      responsavelDp: p(P.andre),
      objeto: 'Verbas rescisórias de empregado de subempreiteira (responsabilidade subsidiária).',
    },
    {
      numero: '5012233-10.2024.8.13.0027',
      tipo: 'Cível',
      status: 'Em recurso',
      polo: 'Ativo',
      obra: '101',
      partes: [
        { nome: COMPANY, papel: 'Autor' },
        { nome: 'Construtora Beta Ltda.', papel: 'Réu' },
      ],
      parteContraria: 'Construtora Beta Ltda.',
      vara: '3ª Vara Cível de Betim',
      comarca: 'Betim',
      uf: 'MG',
      tribunal: 'TJMG',
      escritorio: CNPJ.mouraCivel,
      dataDistribuicao: '2024-06-20',
      valorCausa: 512_000,
      probabilidadePerda: 'Remota',
      objeto: 'Cobrança de medições não pagas em subcontrato.',
    },
    {
      numero: '0701456-88.2025.8.12.0026',
      tipo: 'Cível',
      status: 'Suspenso',
      polo: 'Passivo',
      obra: '104',
      partes: [{ nome: 'Associação de Moradores do Jardim Alvorada', papel: 'Autor' }],
      parteContraria: 'Associação de Moradores do Jardim Alvorada',
      vara: 'Vara Cível de Três Lagoas',
      comarca: 'Três Lagoas',
      uf: 'MS',
      tribunal: 'TJMS',
      escritorio: CNPJ.mouraCivel,
      dataDistribuicao: '2025-02-03',
      valorCausa: 250_000,
      valorProvisionado: 60_000,
      probabilidadePerda: 'Possível',
      responsavelSeg: p(P.luciana),
      objeto: 'Danos por poeira e ruído durante a obra.',
    },
    {
      numero: '1001999-05.2023.5.12.0034',
      tipo: 'Trabalhista',
      status: 'Arquivado',
      polo: 'Passivo',
      obra: '105',
      partes: [{ nome: 'Ana Paula Souza', papel: 'Reclamante' }],
      parteContraria: 'Ana Paula Souza',
      tribunal: 'TRT12',
      dataDistribuicao: '2023-08-14',
      valorCausa: 23_000,
      probabilidadePerda: 'Remota',
      responsavelDp: p(P.andre),
      responsavelSeg: p(P.luciana),
    },
  ];
}

function documentosJuridicos(proc: Row[]): Row[] {
  const pr = (numero: string) => idBy(proc, 'numero', numero);
  return [
    {
      processo: pr('1002345-67.2024.5.03.0028'),
      tipoDocumento: 'Documentos DP',
      titulo: 'Cartões de ponto 2023–2024',
      dataDocumento: '2025-01-20',
      enviadoPor: p(P.andre),
      arquivos: [file('juridico/1002345/cartoes-ponto.pdf', 'application/pdf', 2_457_600)],
    },
    {
      processo: pr('1002345-67.2024.5.03.0028'),
      tipoDocumento: 'Documentos SEG',
      titulo: 'PGR e LTCAT da obra 101',
      dataDocumento: '2025-01-22',
      enviadoPor: p(P.luciana),
      arquivos: [file('juridico/1002345/pgr-ltcat.pdf')],
    },
    {
      processo: pr('1002345-67.2024.5.03.0028'),
      tipoDocumento: 'Contestação',
      titulo: 'Contestação',
      dataDocumento: '2025-02-10',
      enviadoPor: person('escritorio@andradelobo.local', 'Andrade & Lobo Advogados'),
      arquivos: [file('juridico/1002345/contestacao.pdf')],
    },
    {
      processo: pr('1000871-22.2025.5.18.0101'),
      tipoDocumento: 'Acordo',
      titulo: 'Minuta de acordo homologado',
      dataDocumento: '2025-06-12',
      arquivos: [file('juridico/1000871/acordo.pdf')],
    },
    {
      processo: pr('5012233-10.2024.8.13.0027'),
      tipoDocumento: 'Sentença',
      titulo: 'Sentença de primeira instância',
      dataDocumento: '2025-03-28',
      arquivos: [file('juridico/5012233/sentenca.pdf')],
    },
    {
      processo: pr('0701456-88.2025.8.12.0026'),
      tipoDocumento: 'Documentos SEG',
      titulo: 'Laudos de monitoramento de ruído',
      dataDocumento: '2025-03-05',
      enviadoPor: p(P.luciana),
      arquivos: [file('juridico/0701456/laudos-ruido.zip', 'application/zip', 8_388_608)],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Library
// ---------------------------------------------------------------------------------------------

function diretorios(): Row[] {
  // Ids are positions (1-based); `pai` points to an earlier folder.
  return [
    /* 1 */ { nome: 'Biblioteca corporativa', descricao: 'Raiz da biblioteca: aberta a todos os colaboradores.' },
    /* 2 */ {
      nome: 'Normas e procedimentos',
      pai: 1,
      descricao: 'Procedimentos do SGI (sem lista de acesso total: aberta).',
      acesso: { rOnly: [COMPANY], rWEdit: ['admin_sgi'] },
    },
    /* 3 */ {
      nome: 'Diretoria',
      pai: 1,
      descricao: 'Atas e documentos restritos.',
      acesso: { full: ['acesso_total', 'admin@portal.local'], rOnly: ['leitura@portal.local'] },
    },
    /* 4 */ {
      nome: 'Obra 101 — Projetos',
      pai: 1,
      obra: '101',
      acesso: { full: ['admin_biblioteca'], rW: ['site_manager', 'sm@portal.local'], uploadOnly: ['cliente@portal.local'], rOnly: ['leitura@portal.local'] },
    },
    /* 5 */ {
      nome: 'Obra 101 — Fotos de avanço',
      pai: 4,
      obra: '101',
      acesso: { full: ['admin_biblioteca'], rWEdit: ['sm@portal.local'], rOnly: ['cliente@portal.local', CNPJ.clienteDemo] },
    },
    /* 6 */ {
      nome: 'Obra 102 — Documentação',
      pai: 1,
      obra: '102',
      acesso: { full: ['admin_biblioteca', 'sm@portal.local'], uploadOnly: ['cliente.novo@portal.local'] },
    },
    /* 7 */ { nome: 'Recursos humanos', pai: 1, descricao: 'Documentos do DP.', acesso: { full: ['andre.martins@portal.local'], rWEdit: ['rh'] } },
    /* 8 */ { nome: 'Qualidade — registros', pai: 2, acesso: { full: ['admin_sgi'], rW: ['sgi'], rOnly: [COMPANY] } },
    /* 9 */ {
      nome: 'Modelos e formulários',
      pai: 1,
      descricao: 'Modelos de uso geral; qualquer colaborador pode enviar.',
      acesso: { uploadOnly: ['pos_vendas'] },
    },
  ];
}

function documentos(): Row[] {
  return [
    {
      diretorio: 1,
      nome: 'Manual de boas-vindas',
      versao: 3,
      dataDocumento: '2025-01-06',
      arquivo: [file('biblioteca/manual-boas-vindas.pdf')],
      tags: ['integração'],
    },
    {
      diretorio: 2,
      nome: 'PR-SGI-001 — Controle de documentos',
      versao: 5,
      dataDocumento: '2025-02-14',
      arquivo: [file('biblioteca/PR-SGI-001.pdf')],
      tags: ['procedimento'],
    },
    {
      diretorio: 2,
      nome: 'PR-SEG-004 — Trabalho em altura',
      versao: 2,
      dataDocumento: '2024-11-30',
      arquivo: [file('biblioteca/PR-SEG-004.pdf')],
      tags: ['procedimento', 'segurança'],
    },
    {
      diretorio: 3,
      nome: 'Ata de reunião de diretoria — junho',
      versao: 1,
      dataDocumento: '2025-06-27',
      arquivo: [file('biblioteca/ata-diretoria-2025-06.pdf')],
    },
    {
      diretorio: 4,
      obra: '101',
      nome: 'Planta de formas das bases — rev. 2',
      versao: 2,
      dataDocumento: '2025-03-21',
      arquivo: [file('biblioteca/101-EXE-CIV-001-R2.pdf')],
    },
    {
      diretorio: 4,
      obra: '101',
      nome: 'Memorial descritivo',
      versao: 1,
      dataDocumento: '2024-10-15',
      descricao: 'Memorial da proposta técnica.',
      arquivo: [file('biblioteca/101-memorial.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 512_000)],
    },
    {
      diretorio: 5,
      obra: '101',
      nome: 'Avanço — julho de 2025',
      versao: 1,
      dataDocumento: '2025-07-31',
      arquivo: [file('biblioteca/101-avanco-2025-07.jpg', 'image/jpeg', 3_145_728)],
    },
    { diretorio: 6, obra: '102', nome: 'Alvará de construção', versao: 1, dataDocumento: '2024-12-18', arquivo: [file('biblioteca/102-alvara.pdf')] },
    { diretorio: 7, nome: 'Política de benefícios 2025', versao: 1, dataDocumento: '2025-01-02', arquivo: [file('biblioteca/politica-beneficios-2025.pdf')] },
    {
      diretorio: 8,
      nome: 'Indicadores da qualidade — 1º semestre',
      versao: 1,
      dataDocumento: '2025-07-15',
      arquivo: [file('biblioteca/indicadores-qualidade-2025-s1.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 96_000)],
    },
    {
      diretorio: 9,
      nome: 'Modelo de relatório fotográfico',
      versao: 4,
      dataDocumento: '2025-03-03',
      arquivo: [file('biblioteca/modelo-relatorio-fotografico.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 64_000)],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** A past absence (delegation, docs/access.md decision 31): Vinícius on holiday, Cora standing in. */
function ausencias(): Row[] {
  return [
    {
      pessoa: { mail: 'materiais.verificador@portal.local', nome: 'Vinícius Verificador' },
      substituto: { mail: 'materiais.coordenador@portal.local', nome: 'Cora Coordenadora' },
      inicio: '2026-07-06',
      fim: '2026-07-17',
      motivo: 'Férias',
    },
  ];
}

/** Company holidays added by the administrators (national ones come from date-holidays). */
function feriados(): Row[] {
  return [
    { data: '2026-12-24', nome: 'Véspera de Natal', abrangencia: 'Empresa' },
    { data: '2026-12-31', nome: 'Véspera de Ano Novo', abrangencia: 'Empresa' },
  ];
}

function usuarios(): Row[] {
  const staff = (x: Person, roles: string[], obra: string[] = [], extra: Row = {}) => ({
    email: x.mail,
    nome: x.nome,
    tipo: 'colaborador',
    ativo: true,
    empresa: [COMPANY],
    obra,
    roles,
    ...extra,
  });
  return [
    {
      email: 'cliente@portal.local',
      nome: 'Cliente Demonstração',
      tipo: 'cliente',
      ativo: true,
      empresa: [CNPJ.clienteDemo],
      obra: ['101'],
      // Signs the site's daily reports after the site manager (issue 26, docs/access.md decision 32).
      roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'],
    },
    {
      email: 'cliente.novo@portal.local',
      nome: 'Cliente Novo',
      tipo: 'cliente',
      ativo: true,
      empresa: [CNPJ.clienteNovo],
      obra: ['102'],
      roles: ['cliente', 'projetista'],
    },
    staff(P.admin, ['acesso_total', 'admin_rdo']),
    staff(P.sm, ['site_manager', 'rdo_by_obra', 'materiais'], ['101', '102']),
    // Escalation of a breached post-sales SLA also reaches the holder's manager (schemas/posvenda.ts).
    staff(P.posvendas, ['pos_vendas'], [], { gestor: p(P.admin) }),
    staff(P.leitura, []),
    staff(P.contratosResponsavel, ['contratos', 'editor_contratos']),
    staff(P.contratosGestor, ['contratos']),
    staff(P.contratosValidador, ['contratos']),
    staff(P.quantificador, ['materiais', 'editor_materiais', 'materiais_obra'], ['101', '102']),
    staff(P.verificador, ['materiais']),
    staff(P.coordenador, ['materiais']),
    staff(P.pcp, ['materiais', 'pcp']),
    staff(P.projetista, ['projetista', 'editor_projetista']),
    staff(P.sgi, ['sgi']),
    staff(P.etica, ['etica']),
    staff(P.field, ['field'], ['101', '103']),
    staff(P.automacao, ['automacao', 'automacao_config'], ['101', '103']),
    staff(P.juridico, ['leitura_juridico']),
    staff(P.controladoria, ['controladoria']),
    staff(P.smSubstituto, ['site_manager_substituto', 'materiais']),
    staff({ mail: 'planejamento@portal.local', nome: 'Paula Planejamento' }, ['planejamento']),
    {
      email: 'fornecedor@portal.local',
      nome: 'Montagens Ideal (fornecedor)',
      tipo: 'fornecedor',
      ativo: true,
      empresa: [CNPJ.montagensIdeal],
      obra: [],
      roles: ['fornecedor'],
    },
    {
      email: 'escritorio@portal.local',
      nome: 'Andrade & Lobo (escritório)',
      tipo: 'escritorio',
      ativo: true,
      empresa: [CNPJ.andradeLobo],
      obra: [],
      roles: ['escritorio'],
    },
    staff(P.fernanda, ['site_manager', 'rdo_by_obra', 'materiais'], ['101', '103', '104', '105']),
    staff(P.carlos, ['contratos', 'editor_contratos', 'materiais', 'editor_materiais'], ['101', '102', '105', '106']),
    staff(P.beatriz, ['contratos', 'seguros']),
    staff(P.paulo, ['contratos', 'materiais']),
    staff(P.renata, ['sgi', 'admin_sgi']),
    staff(P.andre, ['leitura_juridico', 'rh']),
    staff(P.luciana, ['leitura_juridico', 'sgi_leitura']),
    staff(P.thiago, ['planejamento', 'materiais', 'pcp']),
    staff(P.eduardo, ['editor_projetista', 'editor_projetista_fabrica', 'materiais', 'materiais_projeto', 'fabricacao', 'taf']),
    staff(P.gustavo, ['field', 'automacao'], ['101', '103']),
    staff(P.mariana, ['site_manager', 'rdo_by_obra', 'admin_pos_vendas'], ['103', '104'], {
      specific_rules: JSON.stringify([{ action: 'read', subject: 'Contratos', conditions: { obra: { $in: ['103', '104'] } } }]),
    }),
  ];
}

// ---------------------------------------------------------------------------------------------

/** All demo rows, keyed by schema name. Fresh objects on every call. */
export function demoData(): Record<string, Row[]> {
  const osF = osField();
  const osA = osAutomacao();
  const tickets = posvendas();
  const prod = produtos();
  const fab = fabricacoes(prod);
  const ct = contratos();
  const seg = seguros();
  const segP = segurosPleno();
  const sgi = ticketsSgi();
  const proc = processos();
  return {
    obra: obras(),
    diario: diarios(),
    osField: osF,
    osAutomacao: osA,
    checklistTemplateField: checklistTemplateField(),
    checklistTemplateAutomacao: checklistTemplateAutomacao(),
    checklistPreenchidoField: checklistPreenchidoField(osF),
    checklistPreenchidoAutomacao: checklistPreenchidoAutomacao(osA),
    eapOs: eapOs(),
    diarioOs: diarioOs(osF, osA),
    rit: rits(),
    folhaPlanta: folhasPlanta(),
    itemVerificacao: itensVerificacao(),
    posvenda: tickets,
    ticketInteracao: ticketInteracoes(tickets),
    pesquisaSatisfacao: pesquisas(tickets),
    custoPosvenda: custosPosvenda(tickets),
    produto: prod,
    fabricacao: fab,
    projetoFabrica: projetosFabrica(fab),
    projeto: projetos(),
    taf: tafs(prod, fab),
    contrato: ct,
    produtoContrato: produtosContrato(ct, prod),
    materialTemplate: materialTemplates(),
    material: materiais(),
    ...insuranceDemo({ seguro: seg, endosso: endossos(seg), seguroPleno: segP, endossoPleno: endossosPleno(segP) }),
    ticketSgi: sgi,
    planoAcao: planosAcao(sgi),
    portalFornecedor: portalFornecedor(sgi),
    portalCliente: portalCliente(sgi),
    relatoEtica: relatosEtica(),
    processoJuridico: proc,
    documentoJuridico: documentosJuridicos(proc),
    configuracaoRdo: configuracoesRdo(),
    modeloDiretorio: modelosDiretorio(),
    diretorio: diretorios(),
    documento: documentos(),
    usuario: usuarios(),
    empresa: demoEmpresas(),
    ausencia: ausencias(),
    feriado: feriados(),
  };
}
