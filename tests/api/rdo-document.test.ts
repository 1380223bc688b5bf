/**
 * The daily report as a document: the PDF (same 404/403 as reading the record), "Copiar do dia
 * anterior", rainfall rounded to 2 decimals, the per-site RDO configuration (options offered to the
 * form, mandatory sections enforced by the API) and the default library tree of new sites.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { todayIso } from '../../src/server/time';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { siteForDocument } from '../../src/server/rdo/routes';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const LEITURA = 'leitura@portal.local';

/** The PDF's Info strings (UTF-16BE literal strings, as pdfkit writes them), decoded. */
function pdfInfoStrings(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of s.matchAll(/\(\xfe\xff((?:\\.|[^\\)])*)\)/g)) {
    const raw = m[1]
      .replace(/\\([\\()])/g, '$1')
      .replace(/\\n/g, '\n')
      .replace(/\\r/g, '\r');
    const bytes = Buffer.from(raw, 'latin1');
    let t = '';
    for (let i = 0; i + 1 < bytes.length; i += 2) t += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    out.push(t);
  }
  return out;
}

describe.each(BACKENDS)('RDO as a document and its configuration (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  /** Activities name items of the site's EAP (the API refuses other codes): the codes these reports use. */
  async function eap(obra: string, ...codes: string[]): Promise<void> {
    const ids: Record<string, number> = {};
    for (const codigo of codes) {
      const pai = codigo.includes('.') ? ids[codigo.slice(0, codigo.lastIndexOf('.'))] : undefined;
      const r = await c.post('/api/v1/eap-os', { area: 'FIELD', obra, codigo, descricao: `Item ${codigo}`, ...(pai ? { pai } : {}) }, ADMIN);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids[codigo] = r.body.id;
    }
  }

  async function uploadPhoto(width: number, height: number): Promise<{ key: string; name: string; size: number; type: string }> {
    // Noise compresses badly: a large camera-like photo.
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) % 251;
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'frente-de-servico.jpg');
    const res = await t.api.request('/api/v1/arquivos?recurso=diarios&campo=fotos', { method: 'POST', body: form, as: ADMIN });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body;
  }

  it('renders the report as a PDF with the site, in pt-BR, photos downscaled; rainfall rounds to 2 decimals', async () => {
    const foto = await uploadPhoto(2400, 1800);
    expect(foto.size).toBeGreaterThan(1_000_000);
    await eap('106', '1', '1.2', '1.2.3');
    const created = await c.post('/api/v1/diarios', {
      obra: '106',
      data: '2030-03-04',
      siteManager: person(SM),
      chuvaMm: 12.345,
      clima: [{ periodo: 'Manhã', tempo: 'Chuvoso', condicao: 'Impraticável' }],
      maoDeObra: [{ empresa: 'Montagens Ideal Ltda.', funcao: 'Montador', quantidade: 6 }],
      atividades: [{ eapItem: '1.2.3', descricao: 'Montagem das terças', quantidade: 1.5, unidade: 't', avancoPercent: 40 }],
      ocorrencias: 'Chuva forte às 10h.',
      fotos: [foto],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Rainfall: 2 decimals in validation, storage and reading back.
    expect(Number(created.body.chuvaMm)).toBe(12.35);
    expect(Number((await c.get(`/api/v1/diarios/${created.body.id}`)).body.chuvaMm)).toBe(12.35);

    const res = await t.api.request(`/api/v1/diarios/${created.body.id}/pdf`, { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="RDO-106-${created.body.numero}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfInfoStrings(pdf)).toContain(`RDO nº ${created.body.numero} — Galpão Logístico Serra Dourada`);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    // The photo went in downscaled: the whole document is far smaller than the photo alone.
    expect(pdf.length).toBeLessThan(foto.size / 3);
  });

  it("the document's site names its client company by name, not by the CNPJ the site holds", async () => {
    const [obra] = (await c.get('/api/v1/obras?Id_Lista=101')).body;
    expect(obra.cliente).toBe(CNPJ.clienteDemo);
    const site = await siteForDocument(t.api.db, '101');
    expect(site).toMatchObject({ Id_Lista: '101', nome: 'Ampliação da Planta Industrial Horizonte', cliente: 'Cliente Demonstração Lda' });
    expect(await siteForDocument(t.api.db, '987654')).toBeUndefined();
  });

  it('answers the PDF with the same 404 and 403 as reading the record', async () => {
    const [rdo] = (await c.get('/api/v1/diarios?obra=101&_end=1')).body;
    const denied = await t.api.request(`/api/v1/diarios/${rdo.id}/pdf`, { as: LEITURA });
    expect(denied.status).toBe(403);
    expect((await denied.json()).message).toMatch(/permissão/i);
    expect((await t.api.request(`/api/v1/diarios/${rdo.id}`, { as: LEITURA })).status).toBe(403);
    const missing = await t.api.request('/api/v1/diarios/987654321/pdf', { as: ADMIN });
    expect(missing.status).toBe(404);
    expect((await t.api.request(`/api/v1/diarios/${rdo.id}/pdf`, { as: SM })).status).toBe(rdo.siteManager?.mail === SM ? 200 : 403);
  });

  it('"Copiar do dia anterior" pre-fills manpower, equipment and activities in progress from the latest readable report', async () => {
    const base = { obra: '105', siteManager: person(SM) };
    await eap('105', '2', '2.1', '2.2');
    const last = await c.post('/api/v1/diarios', {
      ...base,
      data: '2031-05-05',
      horarioInicio: '07:00',
      horarioFim: '17:00',
      chuvaMm: 3,
      maoDeObra: [
        { empresa: 'Portal Engenharia', funcao: 'Encarregado', quantidade: 1 },
        { empresa: 'Concreta Pré-Moldados', funcao: 'Pedreiro', quantidade: 8 },
      ],
      equipamentos: [{ equipamento: 'Betoneira 400 L', quantidade: 2, horasTrabalhadas: 6, horasParadas: 2 }],
      atividades: [
        { eapItem: '2.1', descricao: 'Alvenaria do pavimento técnico', quantidade: 40, unidade: 'm²', avancoPercent: 55 },
        { eapItem: '2.2', descricao: 'Contrapiso da cobertura', quantidade: 12, unidade: 'm²', avancoPercent: 100 },
        { descricao: 'Limpeza da obra' },
      ],
      ocorrencias: 'Visita do cliente.',
    });
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    // A later report the site manager cannot read (someone else's) is not the source for them.
    const hidden = await c.post('/api/v1/diarios', {
      ...base,
      data: '2031-05-06',
      siteManager: person(ADMIN),
      maoDeObra: [{ empresa: 'Outra', funcao: 'Outra', quantidade: 1 }],
    });
    expect(hidden.status).toBe(201);

    const copy = await c.get('/api/v1/diarios/copia-anterior?obra=105', SM);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.origem).toEqual({ id: last.body.id, numero: last.body.numero, data: '2031-05-05' });
    expect(copy.body.obra).toBe('105');
    expect(copy.body.maoDeObra).toEqual(last.body.maoDeObra);
    expect(copy.body.equipamentos).toEqual([{ equipamento: 'Betoneira 400 L', quantidade: 2 }]);
    expect(copy.body.atividades).toEqual([{ eapItem: '2.1', descricao: 'Alvenaria do pavimento técnico', unidade: 'm²' }, { descricao: 'Limpeza da obra' }]);
    for (const k of ['numero', 'fotos', 'ocorrencias', 'status', 'id', 'version']) expect(copy.body).not.toHaveProperty(k);
    // Administrators read every report: theirs is the later one.
    expect((await c.get('/api/v1/diarios/copia-anterior?obra=105', ADMIN)).body.origem.id).toBe(hidden.body.id);

    // Today is offered only while no report of the site has it.
    const today = todayIso();
    const free = (await c.get('/api/v1/diarios?obra=105&data=' + today)).body.length === 0;
    expect(copy.body.data).toBe(free ? today : null);
    if (free) {
      const body = { ...copy.body };
      delete body.origem;
      delete body.dataOcupada;
      const saved = await c.post('/api/v1/diarios', { ...body, siteManager: person(SM) }, SM);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data).toBe(today);
    }
    const again = await c.get('/api/v1/diarios/copia-anterior?obra=105', SM);
    expect(again.body.data).toBeNull();
    expect(again.body.dataOcupada).toBe(true);

    expect((await c.get('/api/v1/diarios/copia-anterior?obra=105', LEITURA)).status).toBe(403);
    expect((await c.get('/api/v1/diarios/copia-anterior?obra=', SM)).body.errors).toEqual({ obra: ['Informe a obra.'] });
    expect((await c.get('/api/v1/diarios/copia-anterior?obra=106', 'sm.substituto@portal.local')).status).toBe(404);
  });

  it("a site's configuration is offered to the form and its mandatory sections are enforced by the API", async () => {
    t.api.addUser({ email: 'planejador@portal.local', roles: ['planejamento'] });
    const config = {
      obra: '104',
      turnos: [
        { periodo: 'Manhã', inicio: '07:00', fim: '11:30' },
        { periodo: 'Tarde', inicio: '12:30', fim: '16:48' },
      ],
      maoDeObra: [
        { empresa: 'Portal Engenharia', funcao: 'Encarregado' },
        { empresa: 'Elétrica Forte Serviços', funcao: 'Eletricista' },
      ],
      equipamentos: [{ equipamento: 'Guindaste 50 t' }],
      estacoes: [{ nome: 'Aracruz', codigo: 'A612', fonte: 'INMET' }],
      obrigatorias: { clima: true, fotos: true, ocorrencias: false },
    };
    // Only the config right (planejamento, admin_rdo) writes it.
    expect((await c.post('/api/v1/configuracoes-rdo', config, SM)).status).toBe(403);
    expect((await c.get('/api/v1/configuracoes-rdo', SM)).status).toBe(403);
    const saved = await c.post('/api/v1/configuracoes-rdo', config, 'planejador@portal.local');
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const dup = await c.post('/api/v1/configuracoes-rdo', { obra: '104' }, 'planejador@portal.local');
    expect(dup.status).toBe(409);

    const opcoes = await c.get('/api/v1/diarios/opcoes?obra=104', 'sm@portal.local');
    expect(opcoes.status, JSON.stringify(opcoes.body)).toBe(200);
    expect(opcoes.body).toEqual({
      obra: '104',
      turnos: config.turnos,
      maoDeObra: config.maoDeObra,
      equipamentos: config.equipamentos,
      estacoes: config.estacoes,
      obrigatorias: ['clima', 'fotos'],
    });
    expect((await c.get('/api/v1/diarios/opcoes?obra=104', LEITURA)).status).toBe(403);
    // A site without configuration offers empty lists.
    expect((await c.get('/api/v1/diarios/opcoes?obra=106', ADMIN)).body).toMatchObject({ turnos: [], maoDeObra: [], obrigatorias: [] });

    const missing = await c.post('/api/v1/diarios', { obra: '104', data: '2032-01-10', siteManager: person(ADMIN), ocorrencias: 'Sem clima' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Preencha as seções obrigatórias do diário desta obra.');
    expect(missing.body.errors).toEqual({
      clima: ['Condições climáticas: seção obrigatória nos diários desta obra.'],
      fotos: ['Fotos: seção obrigatória nos diários desta obra.'],
    });
    const foto = await uploadPhoto(64, 48);
    const full = await c.post('/api/v1/diarios', {
      obra: '104',
      data: '2032-01-10',
      siteManager: person(ADMIN),
      clima: [{ periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável' }],
      fotos: [foto],
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    // Emptying a mandatory section on update is refused too; other sites are not affected.
    const emptied = await c.patch(`/api/v1/diarios/${full.body.id}`, { version: full.body.version, clima: [] });
    expect(emptied.status).toBe(400);
    expect(Object.keys(emptied.body.errors)).toEqual(['clima']);
    expect((await c.post('/api/v1/diarios', { obra: '106', data: '2032-01-10', siteManager: person(ADMIN) })).status).toBe(201);
    // Turning the section off lets the report through.
    const cfg = (await c.get('/api/v1/configuracoes-rdo?obra=104', 'planejador@portal.local')).body[0];
    expect(
      (await c.patch(`/api/v1/configuracoes-rdo/${cfg.id}`, { version: cfg.version, obrigatorias: { fotos: true } }, 'planejador@portal.local')).status,
    ).toBe(200);
    expect((await c.patch(`/api/v1/diarios/${full.body.id}`, { version: full.body.version, clima: [] })).status).toBe(200);
  });

  it("the site's lists are enforced by the API; values a stored report already holds stay accepted", async () => {
    t.api.addUser({ email: 'planejador@portal.local', roles: ['planejamento'] });
    const saved = await c.post(
      '/api/v1/configuracoes-rdo',
      {
        obra: '105',
        maoDeObra: [
          { empresa: 'Portal Engenharia', funcao: 'Encarregado' },
          { empresa: 'Elétrica Forte Serviços', funcao: 'Eletricista' },
        ],
        equipamentos: [{ equipamento: 'Guindaste 50 t' }, { equipamento: 'Betoneira 400 L' }],
        estacoes: [{ nome: 'Aracruz', codigo: 'A612', fonte: 'INMET' }],
      },
      'planejador@portal.local',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const base = { obra: '105', siteManager: person(ADMIN) };
    const off = await c.post('/api/v1/diarios', {
      ...base,
      data: '2033-02-01',
      estacaoMeteorologica: 'Vitória (A612)',
      maoDeObra: [
        { empresa: 'Portal Engenharia', funcao: 'Encarregado', quantidade: 1 },
        { empresa: 'Outra Empreiteira', funcao: 'Eletricista', quantidade: 3 },
      ],
      equipamentos: [{ equipamento: 'Trator de esteira', quantidade: 1 }],
    });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Escolha os valores das listas da configuração do RDO desta obra.');
    expect(off.body.errors).toEqual({
      'maoDeObra.1.empresa': ['Empresa: "Outra Empreiteira" não está na lista da configuração do RDO desta obra.'],
      'equipamentos.0.equipamento': ['Equipamento: "Trator de esteira" não está na lista da configuração do RDO desta obra.'],
      estacaoMeteorologica: ['Estação meteorológica: "Vitória (A612)" não está na lista da configuração do RDO desta obra.'],
    });
    expect((await c.get('/api/v1/diarios?obra=105&data=2033-02-01')).body).toEqual([]);
    const ok = await c.post('/api/v1/diarios', {
      ...base,
      data: '2033-02-01',
      estacaoMeteorologica: 'Aracruz (A612)',
      maoDeObra: [{ empresa: 'Elétrica Forte Serviços', funcao: 'Eletricista', quantidade: 3 }],
      equipamentos: [{ equipamento: 'Betoneira 400 L', quantidade: 1 }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // The role goes with the row's company (diario's `optionsBy`, issue 36): both in the lists, not paired.
    const unpaired = await c.post('/api/v1/diarios', {
      ...base,
      data: '2033-02-02',
      maoDeObra: [{ empresa: 'Portal Engenharia', funcao: 'Eletricista', quantidade: 1 }],
    });
    expect(unpaired.status).toBe(400);
    expect(unpaired.body.errors).toEqual({
      'maoDeObra.0.funcao': ['Função "Eletricista" não combina com empresa "Portal Engenharia" na configuração do RDO desta obra.'],
    });
    // The list changes: the report keeps its Betoneira on edit, but cannot take another value off the list.
    const cfg = (await c.get('/api/v1/configuracoes-rdo?obra=105', 'planejador@portal.local')).body[0];
    const changed = await c.patch(
      `/api/v1/configuracoes-rdo/${cfg.id}`,
      { version: cfg.version, equipamentos: [{ equipamento: 'Guindaste 50 t' }] },
      'planejador@portal.local',
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const kept = await c.patch(`/api/v1/diarios/${ok.body.id}`, {
      version: ok.body.version,
      ocorrencias: 'Concretagem da laje.',
      equipamentos: [{ equipamento: 'Betoneira 400 L', quantidade: 2 }],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const added = await c.patch(`/api/v1/diarios/${ok.body.id}`, {
      version: kept.body.version,
      equipamentos: [
        { equipamento: 'Betoneira 400 L', quantidade: 2 },
        { equipamento: 'Caminhão munck', quantidade: 1 },
      ],
    });
    expect(added.status).toBe(400);
    expect(Object.keys(added.body.errors)).toEqual(['equipamentos.1.equipamento']);
    // Without a list (labour emptied on the configuration), the field is free text again.
    const cfg2 = (await c.get('/api/v1/configuracoes-rdo?obra=105', 'planejador@portal.local')).body[0];
    expect((await c.patch(`/api/v1/configuracoes-rdo/${cfg2.id}`, { version: cfg2.version, maoDeObra: [] }, 'planejador@portal.local')).status).toBe(200);
    const free = await c.patch(`/api/v1/diarios/${ok.body.id}`, {
      version: kept.body.version,
      maoDeObra: [{ empresa: 'Outra Empreiteira', funcao: 'Pintor', quantidade: 2 }],
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect((await c.del(`/api/v1/configuracoes-rdo/${cfg2.id}`, 'planejador@portal.local')).status).toBeLessThan(300);
  });

  it('a new site gets the configured library tree with the configured access lists', async () => {
    // Only `configure` on Obra edits the tree.
    expect((await c.get('/api/v1/modelos-diretorio', SM)).status).toBe(403);
    const tree = (await c.get('/api/v1/modelos-diretorio?_end=1000&_sort=id&_order=asc')).body as {
      id: number;
      nome: string;
      pai: number | null;
      version: number;
      acesso?: Record<string, string[]>;
    }[];
    expect(tree.length).toBeGreaterThan(3);
    const root = tree.find((f) => f.pai === null)!;
    // Change the configuration: a new folder under the root, a renamed one.
    const added = await c.post('/api/v1/modelos-diretorio', {
      nome: 'Atas de reunião',
      pai: root.id,
      acesso: { full: ['admin_biblioteca'], rOnly: ['$cliente', '$siteManager'] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const fotos = tree.find((f) => f.nome === 'Fotos de avanço')!;
    expect((await c.patch(`/api/v1/modelos-diretorio/${fotos.id}`, { version: fotos.version, nome: 'Relatório fotográfico' })).status).toBe(200);

    const obra = await c.post('/api/v1/obras', {
      Id_Lista: '901',
      nome: 'Ponte do Rio Claro',
      cliente: CNPJ.atlantico,
      status: 'Planejamento',
      siteManager: person(SM, 'Site Manager'),
      siteManagerSubstituto: person('sm.substituto@portal.local'),
    });
    expect(obra.status, JSON.stringify(obra.body)).toBe(201);
    const folders = (await c.get('/api/v1/diretorios?obra=901&_end=1000')).body as {
      id: number;
      nome: string;
      pai: number | null;
      acesso?: Record<string, string[]>;
    }[];
    expect(folders).toHaveLength(tree.length + 1);
    const siteRoot = folders.find((f) => f.pai === null)!;
    expect(siteRoot.nome).toBe('Obra 901 — Ponte do Rio Claro');
    const atas = folders.find((f) => f.nome === 'Atas de reunião')!;
    expect(atas.pai).toBe(siteRoot.id);
    // $cliente is the client company's CNPJ: the permission its users carry (their `empresa`).
    expect(atas.acesso).toEqual({ full: ['admin_biblioteca'], rOnly: [CNPJ.atlantico, SM] });
    expect(folders.some((f) => f.nome === 'Relatório fotográfico')).toBe(true);
    expect(folders.some((f) => f.nome === 'Fotos de avanço')).toBe(false);
    expect(siteRoot.acesso?.full).toEqual(['admin_biblioteca', SM]);
    expect(siteRoot.acesso?.rW).toEqual(['sm.substituto@portal.local']);
    // The site manager named in the lists reads the new library (the access lists work as for any folder).
    const smSees = (await c.get('/api/v1/diretorios?obra=901&_end=1000', SM)).body as { nome: string }[];
    expect(smSees.map((f) => f.nome)).toContain('Atas de reunião');
    // The folders were created with the site: their history says so.
    const hist = await c.get(`/api/v1/diretorios/${atas.id}/historico`);
    expect(hist.body[0]).toMatchObject({ action: 'create', user: ADMIN });
  });
});
