import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { formatDateBr, formatNumberBr, rdoDocument, renderRdoPdf } from './pdf';

const report = {
  obra: '101',
  numero: 42,
  data: '2025-07-31',
  status: 'Aprovado',
  horarioInicio: '07:00',
  horarioFim: '17:00',
  chuvaMm: 1234.5,
  estacaoMeteorologica: 'Mirante de Santana (A701)',
  siteManager: { mail: 'sm@portal.local', nome: 'Sérgio Manager' },
  clima: [
    { periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável' },
    { periodo: 'Tarde', tempo: 'Chuvoso', temperaturaC: 21.5, condicao: 'Impraticável' },
  ],
  maoDeObra: [
    { empresa: 'Montagens Ideal Ltda.', funcao: 'Montador', quantidade: 6 },
    { empresa: 'Portal Engenharia', funcao: 'Encarregado', quantidade: 1 },
  ],
  equipamentos: [{ equipamento: 'Guindaste 50 t', quantidade: 1, horasTrabalhadas: 6.5, horasParadas: 1.5 }],
  atividades: [{ eapItem: '1.2.3', descricao: 'Montagem das terças', quantidade: 1500.25, unidade: 'm²', avancoPercent: 42.5 }],
  ocorrencias: 'Chuva forte às 15h.',
};
const site = {
  nome: 'Ampliação da Planta Industrial Horizonte',
  cliente: 'Cliente Demonstração Lda',
  endereco: 'Rod. BR-381, km 12',
  cidade: 'Betim',
  uf: 'MG',
};

/** Every text of a pdfmake document definition, flattened. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => (k === 'image' ? [] : texts(v)));
  return [];
}

describe('RDO PDF', () => {
  it('formats numbers and dates in pt-BR', () => {
    expect(formatNumberBr(1234.5)).toBe('1.234,50');
    expect(formatNumberBr('12.345', 2)).toBe('12,35');
    expect(formatNumberBr(null)).toBe('');
    expect(formatDateBr('2025-07-31')).toBe('31/07/2025');
  });

  it('lays out the site header, weather per shift, rainfall, manpower, equipment, EAP activities and occurrences', async () => {
    const doc = await rdoDocument({ report, site, photos: [] });
    const all = texts(doc.content).join('\n');
    for (const expected of [
      'Ampliação da Planta Industrial Horizonte (obra 101)',
      'Nº 42',
      '31/07/2025',
      'Cliente Demonstração Lda',
      'Rod. BR-381, km 12 — Betim/MG',
      'Sérgio Manager',
      '07:00 às 17:00',
      'Tarde',
      'Chuvoso',
      'Impraticável',
      '21,5 °C',
      '1.234,50 mm',
      'Mirante de Santana (A701)',
      'Montagens Ideal Ltda.',
      'Montador',
      '7',
      'Guindaste 50 t',
      '6,50',
      '1,50',
      '1.2.3',
      'Montagem das terças',
      '1.500,25 m²',
      '42,50 %',
      'Chuva forte às 15h.',
    ]) {
      expect(all).toContain(expected);
    }
    expect(doc.info?.title).toBe('RDO nº 42 — Ampliação da Planta Industrial Horizonte');
  });

  it('downscales the photos it embeds and skips files that are not images', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#88aa44' } })
      .png()
      .toBuffer();
    const doc = await rdoDocument({
      report,
      site,
      photos: [
        { name: 'a.png', body: big },
        { name: 'nota.pdf', body: new TextEncoder().encode('%PDF-1.4') },
      ],
    });
    const images = JSON.stringify(doc.content).match(/data:image\/jpeg;base64,[A-Za-z0-9+/=]+/g) ?? [];
    expect(images).toHaveLength(1);
    const meta = await sharp(Buffer.from(String(images[0]).split(',')[1], 'base64')).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1000);
    const pdf = await renderRdoPdf({ report, site, photos: [] }, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('ends with the signature block: role, name, pt-BR date and time, method, drawn image, voided ones marked, and the verification code', async () => {
    const drawn = await sharp({ create: { width: 300, height: 90, channels: 4, background: '#1f1f7a' } })
      .png()
      .toBuffer();
    const doc = await rdoDocument({
      report,
      site,
      photos: [],
      signatures: {
        codigo: 'K7M2P9QX4R',
        url: 'https://portal.example/verificar/K7M2P9QX4R',
        items: [
          {
            papel: 'Responsável da obra',
            nome: 'Sérgio Manager',
            em: '2025-07-31T20:05:00.000Z',
            metodo: 'desenho',
            imagem: `data:image/png;base64,${drawn.toString('base64')}`,
            anulada: true,
            anuladaMotivo: 'Diário reaberto: volume errado.',
          },
          { papel: 'Responsável da obra', nome: 'Sérgio Manager', em: '2025-08-01T12:00:00.000Z', metodo: 'login', anulada: false },
          { papel: 'Representante do cliente', nome: 'Cliente Demonstração', em: '2025-08-01T13:30:00.000Z', metodo: 'login', anulada: false },
        ],
      },
    });
    const all = texts(doc.content).join('\n');
    const block = all.slice(all.indexOf('Assinaturas'));
    expect(all.indexOf('Assinaturas')).toBeGreaterThan(all.indexOf('Chuva forte às 15h.'));
    for (const expected of [
      'Responsável da obra: ',
      'Sérgio Manager',
      '31/07/2025, 17:05 — assinatura desenhada no portal',
      'ANULADA — Diário reaberto: volume errado.',
      '01/08/2025, 09:00 — confirmada com o acesso (login) ao portal',
      'Representante do cliente: ',
      'Código de verificação: ',
      'K7M2P9QX4R',
      ' — confira a autenticidade em https://portal.example/verificar/K7M2P9QX4R',
    ]) {
      expect(block).toContain(expected);
    }
    expect(block.match(/ANULADA/g)).toHaveLength(1);
    expect(JSON.stringify(doc.content).match(/data:image\/png;base64,/g)).toHaveLength(1);
    const pdf = await renderRdoPdf({ report, site, photos: [], signatures: { codigo: null, url: null, items: [] } }, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(texts((await rdoDocument({ report, site, photos: [], signatures: { codigo: null, url: null, items: [] } })).content).join('\n')).toContain(
      'Documento ainda não assinado.',
    );
  });
});
