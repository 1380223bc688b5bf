/**
 * The demo's registered companies' CNPJs (digits, docs/access.md decision 29): the key the records'
 * company references and the demo users' `empresa` hold (src/server/identity/seed.ts). The companies
 * themselves are in src/server/seed/demo-empresas.ts. No imports.
 */
export const CNPJ = {
  portal: '11222333000181',
  montagensIdeal: '12345678000195',
  andradeLobo: '23456789000195',
  mouraCivel: '34567890000130',
  clienteDemo: '45678901000175',
  clienteNovo: '56789012000100',
  atlantico: '67890123000116',
  trafoSul: '78901234000105',
  locaAlturas: '89012345000179',
  concreta: '90123456000131',
  seguradoraAtlantica: '13579246000101',
  valeSeguros: '24681357000140',
  primeCorretora: '31415926000171',
  eletricaForte: '27182818000129',
  terraplenagemMinas: '16180339000157',
  santaClara: '17320508000170',
  portoAzul: '22360679000162',
  serraDourada: '26457513000110',
  portasRapidas: '22333444000181',
  climaFloripa: '24494897000115',
  vigilanciaHorizonte: '28284271000135',
  pinturasCerrado: '31622776000177',
} as const;
