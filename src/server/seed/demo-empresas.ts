/**
 * The demo's registered companies (docs/access.md decision 29), keyed by CNPJ digits: the key the
 * records' company references and the demo users' `empresa` hold (src/server/identity/seed.ts).
 * The CNPJs themselves are in src/server/identity/demo-cnpj.ts, which the user-pool seed uses too.
 */
import { CNPJ } from '../identity/demo-cnpj';

// The keys live below the identity's demo accounts (src/server/identity/seed.ts uses them too); importers keep using this module.
export { CNPJ };

export function demoEmpresas(): Record<string, unknown>[] {
  return [
    { nome: 'Portal Engenharia', cnpj: CNPJ.portal, tipo: 'Própria', contato: 'Administração', email: 'admin@portal.local' },
    { nome: 'Montagens Ideal Ltda.', cnpj: CNPJ.montagensIdeal, tipo: 'Fornecedor', contato: 'Sérgio Dias', email: 'qualidade@montagensideal.local' },
    { nome: 'Trafo Sul Indústria', cnpj: CNPJ.trafoSul, tipo: 'Fornecedor', email: 'comercial@trafosul.local' },
    { nome: 'Loca Alturas Equipamentos', cnpj: CNPJ.locaAlturas, tipo: 'Fornecedor', email: 'contato@locaalturas.local' },
    { nome: 'Concreta Pré-Moldados', cnpj: CNPJ.concreta, tipo: 'Fornecedor', email: 'sac@concreta.local' },
    { nome: 'Elétrica Forte Serviços', cnpj: CNPJ.eletricaForte, tipo: 'Fornecedor' },
    { nome: 'Terraplenagem Minas Ltda.', cnpj: CNPJ.terraplenagemMinas, tipo: 'Fornecedor' },
    { nome: 'Portas Rápidas do Brasil', cnpj: CNPJ.portasRapidas, tipo: 'Fornecedor', email: 'vendas@portasrapidas.local' },
    { nome: 'Clima Floripa Serviços', cnpj: CNPJ.climaFloripa, tipo: 'Fornecedor' },
    { nome: 'Vigilância Horizonte Ltda.', cnpj: CNPJ.vigilanciaHorizonte, tipo: 'Fornecedor' },
    { nome: 'Pinturas Industriais Cerrado', cnpj: CNPJ.pinturasCerrado, tipo: 'Fornecedor' },
    {
      nome: 'Andrade & Lobo Advogados',
      cnpj: CNPJ.andradeLobo,
      tipo: 'Escritório de advocacia',
      contato: 'Dra. Carla Lobo',
      email: 'escritorio@andradelobo.local',
    },
    { nome: 'Moura Cível Advocacia', cnpj: CNPJ.mouraCivel, tipo: 'Escritório de advocacia' },
    { nome: 'Cliente Demonstração Lda', cnpj: CNPJ.clienteDemo, tipo: 'Cliente', contato: 'Eng. Roberto Campos', email: 'roberto.campos@cliente.local' },
    { nome: 'Cliente Novo Lda', cnpj: CNPJ.clienteNovo, tipo: 'Cliente', contato: 'Supervisor de expedição', email: 'cliente.novo@portal.local' },
    { nome: 'Atlântico Participações Ltda.', cnpj: CNPJ.atlantico, tipo: 'Cliente', contato: 'Helena Martins', email: 'helena@atlantico.local' },
    { nome: 'Energética Santa Clara S.A.', cnpj: CNPJ.santaClara, tipo: 'Cliente', contato: 'Eng. Silvia Prado', email: 'silvia.prado@santaclara.local' },
    { nome: 'Celulose Porto Azul S.A.', cnpj: CNPJ.portoAzul, tipo: 'Cliente' },
    { nome: 'Serra Dourada Logística S.A.', cnpj: CNPJ.serraDourada, tipo: 'Cliente' },
    { nome: 'Seguradora Atlântica S.A.', cnpj: CNPJ.seguradoraAtlantica, tipo: 'Seguradora' },
    { nome: 'Vale Seguros Gerais', cnpj: CNPJ.valeSeguros, tipo: 'Seguradora' },
    { nome: 'Prime Corretora de Seguros', cnpj: CNPJ.primeCorretora, tipo: 'Corretora' },
  ];
}

/** The CNPJ of a demo company, by its name (the demo records name their companies this way). */
export function empresaCnpj(nome: string): string {
  const hit = demoEmpresas().find((e) => e.nome === nome);
  if (!hit) throw new Error(`Empresa de demonstração não cadastrada: ${nome}`);
  return String(hit.cnpj);
}
