import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { pdfBytes, reportDocument } from '../rdo/pdf';
import { MAX_TEXT_CHARS, extractFileText, xmlText } from './file-text';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function zip(parts: Record<string, string>): Promise<Buffer> {
  const z = new JSZip();
  for (const [name, text] of Object.entries(parts)) z.file(name, text);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const W = (paragraphs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="x"><w:body>${paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`)
    .join('')}</w:body></w:document>`;

describe('extractFileText', () => {
  it("reads a PDF's text layer", async () => {
    const pdf = await pdfBytes(reportDocument({ title: 'Laudo' }, 'Rodapé', [{ text: 'Laudo de estanqueidade da cisterna: aprovado em 12/03/2026.' }]));
    const text = await extractFileText(pdf, 'application/pdf');
    expect(text).toContain('estanqueidade da cisterna');
  });

  it('reads the words of Word, Excel and PowerPoint files, paragraphs apart and entities decoded', async () => {
    const docx = await zip({
      'word/document.xml': W(['Impermeabilização da laje', 'Traço 1:3 &amp; aditivo']),
      'word/header1.xml': W(['Cabeçalho da obra']),
    });
    expect(await extractFileText(docx, DOCX)).toBe('Impermeabilização da laje Traço 1:3 & aditivo Cabeçalho da obra');

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Orçamento').addRow(['Guindaste de 50 t', 'Locação mensal', 12500]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const sheet = await extractFileText(xlsx, XLSX);
    expect(sheet).toContain('Guindaste de 50 t');
    expect(sheet).toContain('Locação mensal');

    const pptx = await zip({
      'ppt/slides/slide2.xml': '<p:sld xmlns:a="x"><a:p><a:r><a:t>Segundo slide</a:t></a:r></a:p></p:sld>',
      'ppt/slides/slide1.xml': '<p:sld xmlns:a="x"><a:p><a:r><a:t>Cronograma</a:t></a:r></a:p></p:sld>',
    });
    expect(await extractFileText(pptx, PPTX)).toBe('Cronograma Segundo slide');
  });

  it('reads plain text and CSV as they are, cut to the limit', async () => {
    expect(await extractFileText(Buffer.from('código;descrição\n1;Concreto usinado\n'), 'text/csv')).toBe('código;descrição 1;Concreto usinado');
    const long = await extractFileText(Buffer.from('palavra '.repeat(30_000)), 'text/plain');
    expect(long!.length).toBe(MAX_TEXT_CHARS);
  });

  it('has no text for other types, broken files and XML with declarations (no entity expanded)', async () => {
    expect(await extractFileText(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeNull();
    expect(await extractFileText(Buffer.from('não é um zip'), DOCX)).toBeNull();
    expect(await extractFileText(Buffer.from('%PDF-1.4 quebrado'), 'application/pdf')).toBeNull();
    const bomb = await zip({
      'word/document.xml': `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><w:document xmlns:w="x"><w:p><w:t>&b;</w:t></w:p></w:document>`,
    });
    expect(await extractFileText(bomb, DOCX)).toBe('');
    expect(xmlText('<w:t>a &#x41; &#66; &lt;b&gt; &unknown;</w:t>', ['w:t'])).toBe('a A B <b> &unknown;');
  });
});
