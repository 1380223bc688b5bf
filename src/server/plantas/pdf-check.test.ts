import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../rdo/pdf';
import { demoPng } from '../seed/demo-files';
import { demoPlanPdf } from '../seed/demo-plan-pdf';
import { inspectPlanPdf } from './pdf-check';

const dir = mkdtempSync(join(tmpdir(), 'plan-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string, body: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};
const refused = (path: string, message: RegExp) =>
  expect(inspectPlanPdf(path)).rejects.toMatchObject({ status: 400, errors: { file: [expect.stringMatching(message)] } });

describe('inspectPlanPdf', () => {
  it('reads the size of every page, rotation applied', async () => {
    const pdf = demoPlanPdf([
      { largura: 2384, altura: 1684, titulo: 'A1' },
      { largura: 1191, altura: 842, titulo: 'A3' },
    ]);
    expect(await inspectPlanPdf(at('ok.pdf', pdf))).toEqual([
      { largura: 2384, altura: 1684 },
      { largura: 1191, altura: 842 },
    ]);
    const turned = demoPlanPdf([{ largura: 1191, altura: 842, titulo: 'A3 em pé', rotacao: 90 }]);
    expect(await inspectPlanPdf(at('turned.pdf', turned))).toEqual([{ largura: 842, altura: 1191 }]);
  });

  it('refuses what is not a PDF, a broken one, an encrypted one (with or without a user password) and a page over 14,400 pt', async () => {
    await refused(at('foto.pdf', demoPng(1)), /não é um PDF/);
    await refused(at('quebrado.pdf', '%PDF-1.4\nlixo sem objetos'), /corrompido/);
    await refused(at('senha.pdf', await pdfBytes({ content: 'x', userPassword: 'abc', ownerPassword: 'def' })), /protegido/);
    await refused(at('dono.pdf', await pdfBytes({ content: 'x', ownerPassword: 'def', permissions: { printing: 'highResolution' } })), /protegido/);
    const huge = demoPlanPdf([
      { largura: 1191, altura: 842, titulo: 'ok' },
      { largura: 20000, altura: 20000, titulo: 'enorme' },
    ]);
    await refused(at('enorme.pdf', huge), /página 2 mede 20\.000 × 20\.000 pt; o máximo é 14\.400 × 14\.400 pt/);
  });
});
