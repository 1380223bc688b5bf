/**
 * The demo's plans and punch list (issue 42): site 101's architecture plan set, three A3 sheets of
 * one PDF (written by demo-plan-pdf.ts at seed time), and punch items in every state, pinned on the
 * sheets, one of them held by the demo supplier (fornecedor@portal.local, Montagens Ideal). Site 101
 * lets its client's representative read its punch list (obra.verificacaoCliente, set in demo-data.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { CNPJ } from './demo-empresas';
import { P, p, person, type Row } from './demo-common';
import { demoPlanPdf, type DemoSheetPage } from './demo-plan-pdf';

export const DEMO_PLAN_KEY = 'demo/plantas/ARQ-101-arquitetura.pdf';
const A3 = { largura: 1191, altura: 842 };
const SHEETS = ['Térreo - layout', 'Mezanino - layout', 'Cobertura - layout'];

const planFile = (size = 8192) => ({ key: DEMO_PLAN_KEY, name: 'ARQ-101-arquitetura.pdf', size, type: 'application/pdf' });

/** The sheets of site 101's plan set (ids 1–3 on a fresh database). */
export function folhasPlanta(): Row[] {
  return SHEETS.map((titulo, i) => ({
    obra: '101',
    codigo: `ARQ-101-0${i + 1}`,
    titulo: `Arquitetura — ${titulo}`,
    disciplina: 'Civil',
    revisao: '0',
    ativa: true,
    pagina: i + 1,
    ...A3,
    conjunto: 'pdf:arq-101',
    arquivo: [planFile()],
  }));
}

const fornecedor = person('fornecedor@portal.local', 'Montagens Ideal (fornecedor)');
const photo = (name: string) => [{ key: `demo/verificacao/${name}.png`, name: `${name}.png`, size: 2048, type: 'image/png' }];

/** Punch items of site 101, one per state (and one without a pin), numbered 1–6. */
export function itensVerificacao(): Row[] {
  const base = { obra: '101', verificador: p(P.sm), visivelCliente: true };
  return [
    {
      ...base,
      numero: 1,
      status: 'Aberto',
      descricao: 'Trinca no reboco da parede norte',
      disciplina: 'Civil',
      prioridade: 'Alta',
      empresaResponsavel: CNPJ.concreta,
      folha: 1,
      x: 0.21,
      y: 0.38,
      local: 'Sala 1.1',
      fotos: photo('item-1-trinca'),
    },
    {
      ...base,
      numero: 2,
      status: 'Em correção',
      descricao: 'Suporte da tubulação de ar comprimido sem fixação',
      disciplina: 'Mecânica',
      prioridade: 'Média',
      empresaResponsavel: CNPJ.montagensIdeal,
      responsavel: p(fornecedor),
      folha: 1,
      x: 0.62,
      y: 0.3,
      local: 'Sala 1.3',
      fotos: photo('item-2-suporte'),
      observacaoInterna: 'Cobrar também a limpeza do local depois da montagem.',
    },
    {
      ...base,
      numero: 3,
      status: 'Para verificação',
      descricao: 'Tomada sem espelho no corredor técnico',
      disciplina: 'Elétrica',
      prioridade: 'Urgente',
      empresaResponsavel: CNPJ.eletricaForte,
      folha: 2,
      x: 0.45,
      y: 0.55,
      local: 'Corredor técnico',
      fotosCorrecao: photo('item-3-corrigido'),
      corrigidoEm: '2026-01-12T14:30:00-03:00',
    },
    {
      ...base,
      numero: 4,
      status: 'Fechado',
      descricao: 'Retoque de pintura no pilar P12',
      disciplina: 'Civil',
      prioridade: 'Baixa',
      empresaResponsavel: CNPJ.pinturasCerrado,
      folha: 2,
      x: 0.8,
      y: 0.22,
      local: 'Pilar P12',
      fechadoEm: '2026-01-09T10:00:00-03:00',
    },
    {
      ...base,
      numero: 5,
      status: 'Reaberto',
      descricao: 'Luminária de emergência não acende',
      disciplina: 'Elétrica',
      prioridade: 'Alta',
      empresaResponsavel: CNPJ.eletricaForte,
      folha: 3,
      x: 0.33,
      y: 0.64,
      local: 'Escada de acesso à cobertura',
    },
    {
      ...base,
      numero: 6,
      status: 'Aberto',
      descricao: 'Vazamento no registro da casa de bombas',
      disciplina: 'Hidráulica',
      prioridade: 'Média',
      empresaResponsavel: CNPJ.concreta,
      local: 'Casa de bombas',
    },
  ];
}

/** The real plan PDF of the demo sheets (the seeder stores a one-page placeholder for every demo PDF first). */
export async function seedDemoPlantas(trx: Db, storage?: FileStorage): Promise<void> {
  const pages: DemoSheetPage[] = SHEETS.map((titulo, i) => ({ ...A3, titulo: `ARQ-101-0${i + 1} Arquitetura - ${titulo}` }));
  const body = demoPlanPdf(pages);
  await storage?.put(DEMO_PLAN_KEY, body, 'application/pdf');
  await sql`update arquivo set tamanho = ${body.length} where key = ${DEMO_PLAN_KEY}`.execute(trx);
  await sql`update "folhaPlanta" set arquivo = cast(${JSON.stringify([planFile(body.length)])} as jsonb)
    where arquivo @> cast(${JSON.stringify([{ key: DEMO_PLAN_KEY }])} as jsonb)`.execute(trx);
}
