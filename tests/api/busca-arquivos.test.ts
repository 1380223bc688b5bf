/**
 * The words of attached files in the search (issue 39), on both databases: a PDF attached to a
 * contract is read in the background (file-text-job.ts) and, from then on, its words find the
 * contract for the internal team, with the snippet "Anexo <name>"; the file is read once; its words
 * are never in what external readers search (decision 29: the external vector has none of them); a
 * file whose type has no text (a photo) is read as nothing.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SearchAnswer } from '../../resources/search';
import { pdfBytes, reportDocument } from '../../src/server/rdo/pdf';
import { readFileTexts } from '../../src/server/search/file-text-job';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ADMIN = 'admin@portal.local';
const WORDS = 'Laudo de estanqueidade da cisterna enterrada: aprovado pela fiscalização.';

describe.each(ENGINE_BACKENDS)('search: the text of attached files (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const find = async (q: string, as = ADMIN) => {
    const r = await c.get(`/api/v1/busca?q=${encodeURIComponent(q)}`, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as SearchAnswer;
  };
  const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string, type: string, id: number) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const res = await t.api.request(`/api/v1/arquivos?recurso=contratos&campo=arquivos&id=${id}`, { method: 'POST', body: form, as: ADMIN });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };

  it("finds a contract by the words of its PDF once the file was read, with the file's snippet, for the internal team only", async () => {
    const [contract] = (await c.get('/api/v1/contratos?_start=0&_end=1&_sort=id&_order=asc')).body as Json[];
    expect((await find('estanqueidade cisterna')).resultados.filter((h) => h.recurso === 'contratos')).toEqual([]);

    const pdf = await pdfBytes(reportDocument({ title: 'Laudo' }, 'Rodapé', [{ text: WORDS }]));
    const file = await upload(new Uint8Array(pdf), 'laudo-cisterna.pdf', 'application/pdf', contract.id);
    const photo = await upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]), 'foto.jpg', 'image/jpeg', contract.id);
    const saved = await c.patch(`/api/v1/contratos/${contract.id}`, { version: contract.version, arquivos: [...(contract.arquivos ?? []), file, photo] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Saved, not read yet: nothing found by the file's words.
    expect((await find('estanqueidade cisterna')).resultados.filter((h) => h.recurso === 'contratos')).toEqual([]);

    // The passes until nothing is left (the demo data's own attachments too, 20 files a pass).
    let indexados = 0;
    for (let pass = await readFileTexts(t.api.db, t.api.storage); pass.lidos > 0; pass = await readFileTexts(t.api.db, t.api.storage))
      indexados += pass.indexados;
    expect(indexados).toBeGreaterThanOrEqual(1);
    const hit = (await find('estanqueidade cisterna')).resultados.find((h) => h.recurso === 'contratos' && h.id === contract.id);
    expect(hit?.trecho?.campo).toBe('Anexo laudo-cisterna.pdf');
    expect(hit?.trecho?.partes.filter((p) => p.destaque).map((p) => p.texto)).toEqual(['estanqueidade', 'cisterna']);
    // Stems and accents as for any field.
    expect((await find('fiscalizacao aprovada')).resultados.some((h) => h.recurso === 'contratos' && h.id === contract.id)).toBe(true);

    // Read once; the photo has no text.
    expect(await readFileTexts(t.api.db, t.api.storage)).toEqual({ lidos: 0, indexados: 0 });
    const texts = await sql<{ key: string; texto: string | null }>`select key, texto from arquivo_texto where key in (${file.key}, ${photo.key})`.execute(
      t.api.db,
    );
    expect(texts.rows.find((r) => r.key === file.key)?.texto).toContain('estanqueidade da cisterna');
    expect(texts.rows.some((r) => r.key === photo.key)).toBe(false); // never queued: a photo's type has no text

    // Decision 29: the file's words are in the internal vector only.
    const vectors = await sql<{ interno: boolean; externo: boolean }>`
      select interno @@ to_tsquery('portal_busca', 'cisterna') as interno, externo @@ to_tsquery('portal_busca', 'cisterna') as externo
      from busca_registro where entidade = 'contrato' and registro_id = ${contract.id}`.execute(t.api.db);
    expect(vectors.rows).toEqual([{ interno: true, externo: false }]);
    expect((await find('estanqueidade cisterna', 'cliente@portal.local')).resultados.some((h) => h.recurso === 'contratos')).toBe(false);

    // The file taken off the contract: its words no longer find it.
    const now = (await c.get(`/api/v1/contratos/${contract.id}`)).body as Json;
    const off = await c.patch(`/api/v1/contratos/${contract.id}`, { version: now.version, arquivos: contract.arquivos ?? [] });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await find('estanqueidade cisterna')).resultados.some((h) => h.recurso === 'contratos' && h.id === contract.id)).toBe(false);
  });
});
