/** What the spreadsheet import tests share: building files, uploading them, waiting for a phase to end. */
import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TestApi } from '../../mocks/test-app';
import { settled } from '../../src/server/import/queue';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** An .xlsx of one sheet: the header, then the rows (Date cells as dates dd/mm/yyyy). */
export async function xlsx(header: string[], rows: unknown[][], tweak?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Planilha');
  ws.addRow(header);
  for (const r of rows) {
    const row = ws.addRow(r);
    r.forEach((v, i) => {
      if (v instanceof Date) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
    });
  }
  tweak?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The multipart body of one file, built by hand (the same in Node and under jsdom, whose FormData the API cannot read). */
export function multipart(bytes: Buffer | Uint8Array, name: string): { body: Buffer; type: string } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { body: Buffer.concat([head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(api: TestApi, recurso: string, bytes: Buffer | Uint8Array, name: string, as = 'admin@portal.local'): Promise<Response> {
  const { body, type } = multipart(bytes, name);
  return api.request(`/api/v1/importacoes?recurso=${recurso}`, { method: 'POST', body: new Uint8Array(body), headers: { 'content-type': type }, as });
}

/** The import once its running phase ended. */
export async function finished(api: TestApi, id: number, as = 'admin@portal.local'): Promise<Json> {
  for (let i = 0; i < 600; i++) {
    await settled();
    const d = (await (await api.request(`/api/v1/importacoes/${id}`, { as })).json()) as Json;
    if (d.situacao !== 'simulando' && d.situacao !== 'importando') return d;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a importação não terminou');
}

/** Upload, dry run with the automatic mapping (or `mapping`), wait: the import's detail after its dry run. */
export async function dryRun(api: TestApi, recurso: string, bytes: Buffer, name: string, opts: { as?: string; mapping?: Json } = {}): Promise<Json> {
  const as = opts.as ?? 'admin@portal.local';
  const up = await upload(api, recurso, bytes, name, as);
  expect(up.status, await up.clone().text()).toBe(201);
  const created = (await up.json()) as Json;
  const mapeamento = opts.mapping ?? Object.fromEntries(created.colunas.map((c: Json) => [c.coluna, c.campo]));
  const r = await api.request(`/api/v1/importacoes/${created.id}/simular`, { method: 'POST', json: { mapeamento }, as });
  expect(r.status, await r.clone().text()).toBe(202);
  return finished(api, created.id, as);
}

export async function importNow(api: TestApi, id: number, modo: 'tudo' | 'validas' = 'tudo', as = 'admin@portal.local'): Promise<Json> {
  const r = await api.request(`/api/v1/importacoes/${id}/importar`, { method: 'POST', json: { modo }, as });
  expect(r.status, await r.clone().text()).toBe(202);
  return finished(api, id, as);
}

export async function rowsOf(api: TestApi, id: number, etapa: 'simulacao' | 'importacao', as = 'admin@portal.local'): Promise<Json[]> {
  const r = await api.request(`/api/v1/importacoes/${id}/linhas?etapa=${etapa}&_start=0&_end=500`, { as });
  expect(r.status).toBe(200);
  return ((await r.json()) as Json).linhas;
}

export async function countOf(api: TestApi, resource: string, query = ''): Promise<number> {
  const r = await api.request(`/api/v1/${resource}?_start=0&_end=1${query}`);
  return Number(r.headers.get('x-total-count'));
}

/** A zip of the given parts (deflated unless `store`), for files no spreadsheet program would write. */
export function zipOf(parts: { name: string; data: Buffer | string; store?: boolean; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const raw = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8');
    const body = p.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(p.name, 'utf8');
    const crc = crc32(raw);
    const size = p.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The parts of a minimal workbook around one sheet's XML. */
export function workbookParts(sheetXml: string, extra: { name: string; data: string }[] = []) {
  return [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: 'xl/workbook.xml',
      data: '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ...extra,
  ];
}
