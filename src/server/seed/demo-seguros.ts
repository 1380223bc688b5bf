/**
 * The insurance demo (issue 40), composed into demo-data.ts: the policies and endorsements written
 * there are taken as issued, and this adds what shows the policy in force and the expiry from a
 * fresh start — a policy renewing another with two endorsements (one issued, one draft), a policy
 * ending within 30 days (reminded by the daily job), and endorsements in every state of their
 * workflow for both kinds of policy. Dates are relative to the day of seeding. Each policy's
 * values in force are computed as the server computes them (src/server/insurance/in-force.ts).
 */
import { todayIso } from '../time';
import { inForce, runningStatus, vencimentoOf } from '../insurance/in-force';
import { COMPANY, P, addDays, idBy, p, type Row } from './demo-common';
import { empresaCnpj as co } from './demo-empresas';

export interface InsuranceDemo {
  seguro: Row[];
  endosso: Row[];
  seguroPleno: Row[];
  endossoPleno: Row[];
}

const cob = (cobertura: string, limite: number, franquia: string) => ({ cobertura, limite, franquia });

function morePolicies(seg: Row[], today: string): Row[] {
  return [
    {
      numeroApolice: '01.67.0021450',
      obra: '102',
      status: 'Vigente',
      seguradora: co('Seguradora Atlântica S.A.'),
      corretora: co('Prime Corretora de Seguros'),
      segurado: COMPANY,
      responsavel: p(P.beatriz),
      apoliceAnterior: idBy(seg, 'numeroApolice', '01.67.0013377'),
      objeto: 'Risco de engenharia — renovação para a segunda etapa das obras civis e da montagem.',
      inicioVigencia: addDays(today, -90),
      fimVigencia: addDays(today, 275),
      importanciaSegurada: 8_400_000,
      premio: 26_040,
      franquia: 20_000,
      coberturas: [
        cob('Obras civis em construção e instalação e montagem', 8_400_000, '10% dos prejuízos, mínimo R$ 20.000,00'),
        cob('Responsabilidade civil geral e cruzada', 2_000_000, 'R$ 10.000,00'),
      ],
    },
    {
      numeroApolice: '01.67.0021877',
      obra: '101',
      status: 'Vigente',
      seguradora: co('Vale Seguros Gerais'),
      corretora: co('Prime Corretora de Seguros'),
      segurado: COMPANY,
      responsavel: p(P.beatriz),
      objeto: 'Risco de engenharia — montagem eletromecânica da subestação.',
      inicioVigencia: addDays(today, -345),
      fimVigencia: addDays(today, 20),
      importanciaSegurada: 5_300_000,
      premio: 15_900,
      coberturas: [cob('Instalação e montagem', 5_300_000, 'R$ 25.000,00')],
    },
  ];
}

function moreEndorsements(seg: Row[], today: string): Row[] {
  const a = (n: string) => idBy(seg, 'numeroApolice', n);
  return [
    {
      apolice: a('01.67.0021450'),
      situacao: 'Emitido',
      numero: '001',
      tipo: 'Inclusão de cobertura',
      dataEmissao: addDays(today, -30),
      inicioVigencia: addDays(today, -30),
      importanciaSegurada: 9_600_000,
      premioAdicional: 2_880,
      coberturas: [cob('Equipamentos móveis e estacionários', 1_200_000, 'R$ 15.000,00')],
      descricao: 'Inclusão dos equipamentos de canteiro e aumento da importância segurada.',
    },
    {
      apolice: a('01.67.0021450'),
      situacao: 'Rascunho',
      numero: '002',
      tipo: 'Prorrogação de vigência',
      dataEmissao: addDays(today, -2),
      inicioVigencia: addDays(today, -2),
      fimVigencia: addDays(today, 365),
      premioAdicional: 6_300,
      descricao: 'Prorrogação por 90 dias pelo novo cronograma da obra; aguardando a emissão pela seguradora.',
    },
    {
      apolice: a('01.67.0021877'),
      situacao: 'Cancelado',
      numero: '001',
      tipo: 'Alteração cadastral',
      dataEmissao: addDays(today, -10),
      premioAdicional: 0,
      descricao: 'Registrado por engano na apólice errada; cancelado.',
    },
  ];
}

function moreEndorsementsPleno(segP: Row[], today: string): Row[] {
  const a = (n: string) => idBy(segP, 'numeroApolice', n);
  return [
    {
      apolice: a('OP-2025-0042'),
      situacao: 'Rascunho',
      numero: '002',
      tipo: 'Alteração de importância segurada',
      dataEmissao: addDays(today, -5),
      inicioVigencia: '2026-05-01',
      importanciaSegurada: 7_000_000,
      premioAdicional: 1_100,
      descricao: 'Atualização da importância segurada pelo valor de reposição.',
    },
    {
      apolice: a('OP-2025-0042'),
      situacao: 'Cancelado',
      numero: '003',
      tipo: 'Inclusão de cobertura',
      dataEmissao: '2025-09-10',
      premioAdicional: 900,
      coberturas: [cob('Roubo e furto qualificado', 200_000, 'R$ 5.000,00')],
      descricao: 'Cobertura de roubo cotada e desistida.',
    },
  ];
}

/** Each policy with its values in force on `today` (and running status: past its end, "Vencida"). */
function withValuesInForce(policies: Row[], endorsements: Row[], today: string): Row[] {
  return policies.map((policy, i) => {
    const own = endorsements.filter((e) => e.apolice === i + 1);
    const values = inForce(policy, own);
    const status = runningStatus(policy.status, values.fimVigenciaAtual, today) ?? policy.status;
    const vencimento = vencimentoOf(status, values.fimVigenciaAtual, today);
    return {
      ...policy,
      status,
      ...values,
      ...(values.premioTotal === null ? { premioTotal: undefined } : {}),
      ...(values.importanciaSeguradaAtual === null ? { importanciaSeguradaAtual: undefined } : {}),
      ...(values.coberturasAtuais.length ? {} : { coberturasAtuais: undefined }),
      ...(vencimento ? { vencimento } : {}),
    };
  });
}

/** The insurance rows of the demo: those of demo-data.ts (issued) plus the scenario above. */
export function insuranceDemo(base: InsuranceDemo, today = todayIso()): InsuranceDemo {
  const issued = (rows: Row[]) => rows.map((e) => ({ situacao: 'Emitido', ...e }));
  // The policy renewed by 01.67.0021450 (its renewal is running).
  const seg0 = base.seguro.map((s) => (s.numeroApolice === '01.67.0013377' ? { ...s, status: 'Renovada' } : s));
  const seg = [...seg0, ...morePolicies(seg0, today)];
  const endosso = [...issued(base.endosso), ...moreEndorsements(seg, today)];
  const endossoPleno = [...issued(base.endossoPleno), ...moreEndorsementsPleno(base.seguroPleno, today)];
  return {
    seguro: withValuesInForce(seg, endosso, today),
    endosso,
    seguroPleno: withValuesInForce(base.seguroPleno, endossoPleno, today),
    endossoPleno,
  };
}
