import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';

type Row = Record<string, unknown> & { value: number };
interface Aggregate {
  measure: string;
  groupBy: string[];
  rows: Row[];
  total: number | string | null;
}

describe.each(ENGINE_BACKENDS)('API aggregate (%s)', (backend) => {
  const t = useApi(backend);
  const get = async <T = any>(path: string, as?: string | null) => {
    const res = await t.api.request(path, { as });
    return { res, body: (await res.json()) as T };
  };
  const agg = async (path: string, as?: string) => {
    const { res, body } = await get<Aggregate>(path, as);
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  /** The list's x-total-count for the same filters. */
  const listTotal = async (path: string, as?: string) => {
    const { res } = await get(path.includes('?') ? `${path}&_end=1` : `${path}?_end=1`, as);
    expect(res.status).toBe(200);
    return Number(res.headers.get('x-total-count'));
  };
  const listAll = async (path: string, as?: string) =>
    (await get<Record<string, any>[]>(path.includes('?') ? `${path}&_end=1000` : `${path}?_end=1000`, as)).body;
  const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const bad = async (path: string, param: string, message: RegExp, as?: string) => {
    const { res, body } = await get(path, as);
    expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(/Parâmetros de consulta inválidos/);
    expect(body.errors?.[param]?.[0], `${path}: ${JSON.stringify(body.errors)}`).toMatch(message);
  };

  it('counts by an enum, largest first, with the total of the list', async () => {
    const body = await agg('/api/v1/projetos/aggregate?groupBy=Situacao');
    expect(body.measure).toBe('count');
    expect(body.groupBy).toEqual(['Situacao']);
    expect(body.total).toBe(await listTotal('/api/v1/projetos'));
    expect(sumOf(body.rows.map((r) => r.value))).toBe(body.total);
    const values = body.rows.map((r) => r.value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    for (const r of body.rows) {
      expect(typeof r.value).toBe('number');
      expect(r.value).toBe(await listTotal(`/api/v1/projetos?Situacao=${r.Situacao}`));
    }
  });

  it('is not read as an id, and without groupBy answers one row with the total', async () => {
    const body = await agg('/api/v1/diarios/aggregate');
    expect(body).toEqual({ measure: 'count', groupBy: [], rows: [{ value: body.total }], total: await listTotal('/api/v1/diarios') });
  });

  it('sums money by a reference, keeps the top N and adds the rest as one "outros" row', async () => {
    const costs = await listAll('/api/v1/custos-posvenda');
    const byTicket = new Map<number, number>();
    for (const c of costs) byTicket.set(c.ticket, (byTicket.get(c.ticket) ?? 0) + c.valor);
    expect(byTicket.size).toBeGreaterThan(3);
    const sorted = [...byTicket.entries()].sort((a, b) => b[1] - a[1]);

    const body = await agg('/api/v1/custos-posvenda/aggregate?groupBy=ticket&measure=sum:valor&top=3');
    expect(body.measure).toBe('sum:valor');
    expect(body.rows).toHaveLength(4);
    expect(body.rows.slice(0, 3).map((r) => r.ticket)).toEqual(sorted.slice(0, 3).map(([id]) => id));
    body.rows.slice(0, 3).forEach((r, i) => {
      expect(r.value).toBeCloseTo(sorted[i][1], 2);
      expect(r.outros).toBeUndefined();
    });
    const rest = body.rows[3];
    expect(rest.outros).toBe(true);
    expect(rest.ticket).toBeNull();
    expect(rest.value).toBeCloseTo(sumOf(sorted.slice(3).map(([, v]) => v)), 2);
    expect(typeof body.total).toBe('number');
    expect(body.total).toBeCloseTo(sumOf(costs.map((c) => c.valor)), 2);
    expect(sumOf(body.rows.map((r) => r.value))).toBeCloseTo(body.total as number, 2);
    // Money keeps its two decimals.
    for (const r of body.rows) expect(Math.round(r.value * 100) / 100).toBe(r.value);

    // No "outros" row when the top holds every group.
    const all = await agg(`/api/v1/custos-posvenda/aggregate?groupBy=ticket&measure=sum:valor&top=${byTicket.size}`);
    expect(all.rows).toHaveLength(byTicket.size);
    expect(all.rows.some((r) => r.outros)).toBe(false);
  });

  it('groups a date by month (key yyyy-mm-dd, ascending) and a datetime by day', async () => {
    const costs = await listAll('/api/v1/custos-posvenda');
    const byMonth = new Map<string, number>();
    for (const c of costs) {
      const k = `${c.data.slice(0, 7)}-01`;
      byMonth.set(k, (byMonth.get(k) ?? 0) + c.valor);
    }
    const body = await agg('/api/v1/custos-posvenda/aggregate?groupBy=data&interval=month&measure=sum:valor');
    expect(body.rows.map((r) => r.data)).toEqual([...byMonth.keys()].sort());
    for (const r of body.rows) expect(r.value).toBeCloseTo(byMonth.get(r.data as string)!, 2);

    const years = await agg('/api/v1/diarios/aggregate?groupBy=data&interval=year');
    expect(years.rows.every((r) => /^\d{4}-01-01$/.test(r.data as string))).toBe(true);
    const weeks = await agg('/api/v1/diarios/aggregate?groupBy=data&interval=week');
    for (const r of weeks.rows) expect(new Date(`${r.data}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays

    const created = await agg('/api/v1/diarios/aggregate?groupBy=created_at&interval=day');
    expect(created.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.created_at as string))).toBe(true);
    expect(sumOf(created.rows.map((r) => r.value))).toBe(await listTotal('/api/v1/diarios'));
  });

  it('measures avg, min and max, and groups by two paths including a person', async () => {
    const costs = await listAll('/api/v1/custos-posvenda');
    const avg = await agg('/api/v1/custos-posvenda/aggregate?measure=avg:valor');
    expect(avg.total).toBeCloseTo(sumOf(costs.map((c) => c.valor)) / costs.length, 2);
    const max = await agg('/api/v1/custos-posvenda/aggregate?measure=max:data');
    expect(max.total).toBe(
      costs
        .map((c) => c.data)
        .sort()
        .at(-1),
    );
    const min = await agg('/api/v1/custos-posvenda/aggregate?measure=min:valor&groupBy=categoria');
    for (const r of min.rows) expect(r.value).toBe(Math.min(...costs.filter((c) => c.categoria === r.categoria).map((c) => c.valor)));

    const two = await agg('/api/v1/diarios/aggregate?groupBy=siteManager.mail,status');
    expect(two.groupBy).toEqual(['siteManager.mail', 'status']);
    for (const r of two.rows.slice(0, 3)) {
      expect(r.value).toBe(await listTotal(`/api/v1/diarios?siteManager.mail=${r['siteManager.mail']}&status=${encodeURIComponent(r.status as string)}`));
    }
    expect(sumOf(two.rows.map((r) => r.value))).toBe(two.total);
  });

  it('applies the list filters and q', async () => {
    for (const filter of [
      'categoria=Material',
      'categoria_ne=Material',
      'data_gte=2025-06-01&data_lte=2025-06-30',
      'valor_gte=1000',
      'q=equipe',
      'descricao_like=frete',
    ]) {
      const rows = await listAll(`/api/v1/custos-posvenda?${filter}`);
      const body = await agg(`/api/v1/custos-posvenda/aggregate?${filter}&groupBy=ticket&measure=sum:valor`);
      expect(body.total, filter).toBeCloseTo(sumOf(rows.map((c) => c.valor)), 2);
      const count = await agg(`/api/v1/custos-posvenda/aggregate?${filter}&groupBy=categoria`);
      expect(count.total, filter).toBe(rows.length);
      expect(new Set(count.rows.map((r) => r.categoria)), filter).toEqual(new Set(rows.map((c) => c.categoria)));
    }
    const none = await agg('/api/v1/custos-posvenda/aggregate?categoria=Material&categoria_ne=Material&groupBy=ticket&measure=sum:valor');
    expect(none).toEqual({ measure: 'sum:valor', groupBy: ['ticket'], rows: [], total: 0 });
  });

  it('counts only the rows a user with limited rules may list', async () => {
    // The demo client reads the engineering documents of site 101 only.
    const client = await agg('/api/v1/projetos/aggregate?groupBy=Situacao', 'cliente@portal.local');
    const clientTotal = await listTotal('/api/v1/projetos', 'cliente@portal.local');
    expect(client.total).toBe(clientTotal);
    expect(clientTotal).toBeLessThan(await listTotal('/api/v1/projetos'));
    for (const r of client.rows) expect(r.value).toBe(await listTotal(`/api/v1/projetos?Situacao=${r.Situacao}`, 'cliente@portal.local'));
    const byObra = await agg('/api/v1/projetos/aggregate?groupBy=obra', 'cliente@portal.local');
    expect(byObra.rows.map((r) => r.obra)).toEqual(['101']);

    // The site manager reads the RDOs of sites 101 and 102 and the ones naming them.
    const sm = await agg('/api/v1/diarios/aggregate?groupBy=obra', 'sm@portal.local');
    expect(sm.total).toBe(await listTotal('/api/v1/diarios', 'sm@portal.local'));
    expect(sm.total).toBeLessThan(await listTotal('/api/v1/diarios'));
    for (const r of sm.rows) expect(r.value).toBe(await listTotal(`/api/v1/diarios?obra=${r.obra}`, 'sm@portal.local'));
  });

  it('refuses to group or measure a field the caller may not read', async () => {
    for (const [path, param] of [
      ['/api/v1/projetos/aggregate?groupBy=comentarioInterno', 'groupBy'],
      ['/api/v1/projetos/aggregate?groupBy=created_by', 'groupBy'],
      ['/api/v1/projetos/aggregate?measure=max:created_by', 'measure'],
    ]) {
      const { res, body } = await get(path, 'cliente@portal.local');
      expect(res.status, path).toBe(403);
      expect(body.errors[param][0]).toMatch(/Você não tem permissão para ver o campo/);
    }
    // Staff reads the internal comment.
    expect((await get('/api/v1/projetos/aggregate?groupBy=Situacao', 'projetista@portal.local')).res.status).toBe(200);
    // Who filed an anonymous ethics report is hidden from everyone but the reporter (field-level cannot).
    const etica = await get('/api/v1/relatos-etica/aggregate?groupBy=emailRelator', 'etica@portal.local');
    expect(etica.res.status).toBe(403);
    expect(etica.body.errors.groupBy[0]).toMatch(/E-mail do relator/);
    expect((await get('/api/v1/relatos-etica/aggregate?groupBy=status', 'etica@portal.local')).res.status).toBe(200);
  });

  it('answers 403 like the list without the list right', async () => {
    const list = await get('/api/v1/contratos', 'leitura@portal.local');
    expect(list.res.status).toBe(403);
    const { res, body } = await get('/api/v1/contratos/aggregate?groupBy=status', 'leitura@portal.local');
    expect(res.status).toBe(403);
    expect(body.message).toBe(list.body.message);
  });

  it('rejects bad input with 400 and a Portuguese message per parameter', async () => {
    const c = '/api/v1/custos-posvenda/aggregate';
    await bad(`${c}?groupBy=naoExiste`, 'groupBy', /Campo desconhecido: "naoExiste"/);
    await bad(`${c}?measure=sum:naoExiste`, 'measure', /Campo desconhecido: "naoExiste"/);
    await bad(`${c}?measure=sum:descricao`, 'measure', /não é numérico/);
    await bad(`${c}?measure=avg:data`, 'measure', /não é numérico/);
    await bad(`${c}?measure=min:categoria`, 'measure', /não é numérico nem data/);
    await bad(`${c}?measure=median:valor`, 'measure', /Medida inválida/);
    await bad(`${c}?measure=sum`, 'measure', /Medida inválida/);
    await bad(`${c}?groupBy=data`, 'interval', /Informe o intervalo/);
    await bad(`${c}?groupBy=data&interval=quarter`, 'interval', /Intervalo inválido: "quarter"/);
    await bad(`${c}?groupBy=categoria&interval=month`, 'interval', /só se aplica/);
    await bad('/api/v1/diarios/aggregate?groupBy=clima', 'groupBy', /Não é possível agrupar por "clima"/); // rows
    await bad('/api/v1/diarios/aggregate?groupBy=fotos', 'groupBy', /Não é possível agrupar por "fotos"/); // images
    await bad('/api/v1/diarios/aggregate?groupBy=ocorrencias', 'groupBy', /Não é possível agrupar/); // long text
    await bad('/api/v1/diarios/aggregate?groupBy=chuvaMm', 'groupBy', /Não é possível agrupar/); // decimal
    await bad('/api/v1/projetos/aggregate?groupBy=arquivos', 'groupBy', /Não é possível agrupar por "arquivos"/); // attachments
    await bad('/api/v1/projetos/aggregate?groupBy=tags', 'groupBy', /Não é possível agrupar por "tags"/);
    await bad('/api/v1/diretorios/aggregate?groupBy=acesso', 'groupBy', /Não é possível agrupar por "acesso"/); // object
    await bad('/api/v1/diretorios/aggregate?groupBy=acesso.full', 'groupBy', /Não é possível agrupar/);
    await bad('/api/v1/diarios/aggregate?groupBy=siteManager', 'groupBy', /siteManager\.mail/);
    await bad('/api/v1/diarios/aggregate?groupBy=siteManager.cpf', 'groupBy', /Não é possível agrupar/);
    await bad('/api/v1/diarios/aggregate?groupBy=obra,status,numero', 'groupBy', /no máximo 2/);
    await bad('/api/v1/diarios/aggregate?groupBy=obra,obra', 'groupBy', /duas vezes/);
    await bad(`${c}?top=3`, 'top', /exatamente um campo/);
    await bad(`${c}?groupBy=ticket,categoria&top=3`, 'top', /exatamente um campo/);
    for (const top of ['0', '101', 'abc', '-1', '2.5']) await bad(`${c}?groupBy=ticket&top=${top}`, 'top', /de 1 a 100/);
    await bad(`${c}?naoExiste=1&groupBy=ticket`, 'naoExiste', /Filtro desconhecido/);
    await bad(`${c}?data_gte=ontem&groupBy=ticket`, 'data', /Data inválida/);
    // A value that passes the format check but not PostgreSQL's: still a 400, never a 5xx.
    const { res } = await get(`${c}?data_gte=2025-02-30&groupBy=ticket`);
    expect(res.status).toBe(400);
  });
});
