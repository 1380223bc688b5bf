/**
 * The benchmarks' words (scripts/bench-search.ts): real words of a construction company's records
 * first (the most frequent under the benchmark's Zipf-like draw), then made-up words of Portuguese
 * syllables, about 3,000 in all, so that a word's frequency ranges from very common to rare.
 */
const REAL = `obra de a o e da do na no em para com por equipe cliente serviço prazo entrega material
  concretagem concreto laje viga pilar fundação estaca armadura forma escoramento cobertura telhado calha
  goteira infiltração umidade fissura trinca rachadura impermeabilização piso revestimento pintura reboco
  alvenaria bloco tijolo argamassa drenagem esgoto hidráulica elétrica quadro disjuntor cabo eletroduto
  iluminação luminária tomada aterramento subestação transformador gerador motor bomba válvula tubulação
  guindaste caminhão escavadeira retroescavadeira betoneira andaime plataforma elevador grua munck
  montagem estrutura metálica solda parafuso chapa perfil galpão portão porta janela vidro esquadria
  segurança acidente incidente queda proteção capacete cinto treinamento inspeção vistoria medição
  chuva vento atraso paralisação retomada liberação aprovação revisão projeto desenho memorial orçamento
  contrato aditivo pagamento nota fiscal fornecedor compra pedido cotação logística transporte descarga
  manutenção garantia reparo troca substituição ajuste limpeza entulho caçamba terraplenagem aterro
  compactação sondagem topografia locação gabarito nivelamento prumo esquadro junta dilatação selante
  ação corretiva preventiva auditoria não conformidade evidência tratativa causa raiz análise plano`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = [
  'ba',
  'be',
  'ca',
  'co',
  'da',
  'de',
  'fa',
  'fi',
  'ga',
  'go',
  'la',
  'li',
  'ma',
  'mo',
  'na',
  'ni',
  'pa',
  'pe',
  'ra',
  'ri',
  'sa',
  'so',
  'ta',
  'te',
  'va',
  'vi',
  'xa',
  'zo',
];

function madeUp(n: number): string[] {
  const out: string[] = [];
  for (const a of SYLLABLES)
    for (const b of SYLLABLES)
      for (const c of ['ro', 'to', 'lha', 'nte', 'ção', 'do']) {
        if (out.length >= n) return out;
        out.push(a + b + c);
      }
  return out;
}

export const VOCABULARY: string[] = [...REAL, ...madeUp(3000 - REAL.length)];
