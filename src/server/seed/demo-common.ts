/**
 * What the demo-data generators share: the people of the demo and small helpers. The conventions
 * of the demo rows are in demo-data.ts's header.
 */

export type Row = Record<string, unknown>;
export type Person = { mail: string; nome: string };

export const COMPANY = 'Portal Engenharia';

export const person = (mail: string, nome: string): Person => ({ mail, nome });

/**
 * People of the demo. The demo accounts (src/server/identity/seed.ts, DEMO_ACCOUNTS) come first,
 * then staff who are users of the portal (table `usuario`) without a demo login.
 */
export const P = {
  cliente: person('cliente@portal.local', 'Cliente Demonstração'),
  clienteNovo: person('cliente.novo@portal.local', 'Cliente Novo'),
  admin: person('admin@portal.local', 'Administrador'),
  sm: person('sm@portal.local', 'Site Manager'),
  posvendas: person('posvendas@portal.local', 'Pós-Vendas'),
  leitura: person('leitura@portal.local', 'Leitura'),
  // The workflow team (one person per step of the flows).
  contratosResponsavel: person('contratos.responsavel@portal.local', 'Rafael Responsável'),
  contratosGestor: person('contratos.gestor@portal.local', 'Gabriela Gestora'),
  contratosValidador: person('contratos.validador@portal.local', 'Vítor Validador'),
  quantificador: person('materiais.quantificador@portal.local', 'Quésia Quantificadora'),
  verificador: person('materiais.verificador@portal.local', 'Vinícius Verificador'),
  coordenador: person('materiais.coordenador@portal.local', 'Cora Coordenadora'),
  pcp: person('materiais.pcp@portal.local', 'Paulo PCP'),
  projetista: person('projetista@portal.local', 'Pietra Projetista'),
  sgi: person('sgi@portal.local', 'Sérgio SGI'),
  etica: person('etica@portal.local', 'Elisa Ética'),
  field: person('field@portal.local', 'Fábio Field'),
  automacao: person('automacao@portal.local', 'Aurora Automação'),
  juridico: person('juridico@portal.local', 'Júlia Jurídico'),
  controladoria: person('controladoria@portal.local', 'Carla Controladoria'),
  smSubstituto: person('sm.substituto@portal.local', 'Sérgio Substituto'),
  // Staff without a demo login.
  fernanda: person('fernanda.lima@portal.local', 'Fernanda Lima'),
  carlos: person('carlos.souza@portal.local', 'Carlos Souza'),
  beatriz: person('beatriz.ramos@portal.local', 'Beatriz Ramos'),
  paulo: person('paulo.teixeira@portal.local', 'Paulo Teixeira'),
  renata: person('renata.costa@portal.local', 'Renata Costa'),
  andre: person('andre.martins@portal.local', 'André Martins'),
  luciana: person('luciana.ferraz@portal.local', 'Luciana Ferraz'),
  thiago: person('thiago.nunes@portal.local', 'Thiago Nunes'),
  eduardo: person('eduardo.rocha@portal.local', 'Eduardo Rocha'),
  gustavo: person('gustavo.alves@portal.local', 'Gustavo Alves'),
  mariana: person('mariana.duarte@portal.local', 'Mariana Duarte'),
};

/** A fresh copy of a person (rows never share objects). */
export const p = (x: Person): Person => ({ ...x });

/** 1-based id of the first row whose `field` equals `value` (throws when missing). */
export function idBy(rows: Row[], field: string, value: unknown): number {
  const i = rows.findIndex((r) => r[field] === value);
  if (i < 0) throw new Error(`demo: ${field}=${String(value)} não encontrado`);
  return i + 1;
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function file(key: string, type = 'application/pdf', size = 184_320) {
  return { key: `demo/${key}`, name: key.split('/').pop()!, size, type };
}

/**
 * One entry of a comment history, as the workflow engine appends it to a long-text field
 * (src/server/workflow/transition.ts): `[21/07/2025 10:15 – Nome] Ação: comentário`.
 * `at` is 'yyyy-mm-ddThh:mm' (portal time).
 */
export function nota(at: string, who: Person, action: string, text: string): string {
  const [d, t] = at.split('T');
  return `[${d.split('-').reverse().join('/')} ${t} – ${who.nome}] ${action}: ${text}`;
}

/** Several history entries, oldest first, separated as the engine does. */
export const historico = (...entries: string[]) => entries.join('\n\n');
