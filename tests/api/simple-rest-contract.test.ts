/**
 * The API as a client built on `@refinedev/simple-rest` sees it: the data provider itself, over
 * axios, against a real listening server. LIST_MAX is lowered for this file so that "all rows up
 * to the cap" can be checked against the demo data.
 */
import { vi } from 'vitest';
vi.hoisted(() => {
  process.env.LIST_MAX = '40';
});
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axios, { type AxiosResponse } from 'axios';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import simpleRest from '@refinedev/simple-rest';
import { BACKENDS, useApi } from './backends';
import { LIST_MAX } from '../../src/server/crud/list-query';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(BACKENDS)('simple-rest contract (%s)', (backend) => {
  const t = useApi(backend);
  let close: () => void;
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: t.api.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        base = `http://127.0.0.1:${info.port}/api/v1`;
        resolve();
      });
      close = () => server.close();
    });
  });
  afterAll(() => close?.());

  /** The data provider as a user sees it, and the last response (for headers). */
  function client(as = 'admin@portal.local') {
    const http = axios.create({ headers: { Authorization: `Bearer test:${as}` } });
    const last: { res?: AxiosResponse } = {};
    http.interceptors.response.use((res) => {
      last.res = res;
      return res;
    });
    return { dp: simpleRest(base, http), last };
  }

  /** The 4xx a call ends in (the promise must reject). */
  async function refusal(p: Promise<unknown>) {
    const e = await p.then(
      () => {
        throw new Error('a chamada deveria ter sido recusada');
      },
      (err: { response?: AxiosResponse }) => err,
    );
    return { status: e.response?.status, body: e.response?.data as { message: string; statusCode: number; errors?: Record<string, string[]> } };
  }

  it('the cap is the configured LIST_MAX', () => {
    expect(LIST_MAX).toBe(40);
  });

  it('pagination "off" returns every matching row up to LIST_MAX and says when it cut', async () => {
    const { dp, last } = client();
    const all = await dp.getList({ resource: 'diarios', pagination: { mode: 'off' } });
    const total = Number(last.res!.headers['x-total-count']);
    expect(total).toBeGreaterThan(LIST_MAX); // the demo data has more reports than the cap
    expect(all.data).toHaveLength(LIST_MAX);
    expect(all.total).toBe(total);
    expect(last.res!.headers['x-list-truncated']).toBe('true');
    expect(last.res!.config.url).not.toMatch(/_start|_end/);

    const few = await dp.getList({ resource: 'diarios', pagination: { mode: 'off' }, filters: [{ field: 'obra', operator: 'eq', value: '102' }] });
    const fewTotal = Number(last.res!.headers['x-total-count']);
    expect(fewTotal).toBeLessThanOrEqual(LIST_MAX);
    expect(few.data).toHaveLength(fewTotal);
    expect(few.data.every((r) => r.obra === '102')).toBe(true);
    expect(last.res!.headers['x-list-truncated']).toBe('false');
  });

  it('getMany returns every requested id the caller may read, beyond the old 25-row page', async () => {
    const { dp } = client();
    const of = async (obra: string, n: number) =>
      (
        await dp.getList({ resource: 'diarios', pagination: { currentPage: 1, pageSize: n }, filters: [{ field: 'obra', operator: 'eq', value: obra }] })
      ).data.map((r) => r.id as number);
    const ids = [...(await of('101', 25)), ...(await of('102', 10))];
    expect(ids).toHaveLength(35);
    const byNumber = (a: unknown, b: unknown) => Number(a) - Number(b);
    const many = await dp.getMany({ resource: 'diarios', ids });
    expect(many.data.map((r) => r.id).sort(byNumber)).toEqual([...ids].sort(byNumber));

    // Someone who reads only one site's reports: getMany returns exactly those of the asked ids.
    t.api.addUser({ email: 'leitor.102@portal.local', roles: ['rdo_by_obra'], obra: ['102'] });
    const sm = client('leitor.102@portal.local');
    const mine = await sm.dp.getList({ resource: 'diarios', pagination: { mode: 'off' }, filters: [{ field: 'id', operator: 'eq', value: ids.map(String) }] });
    const readable = new Set(mine.data.map((r) => r.id));
    const got = await sm.dp.getMany({ resource: 'diarios', ids });
    expect(new Set(got.data.map((r) => r.id))).toEqual(readable);
    expect(readable.size).toBeGreaterThan(0);
    expect(readable.size).toBeLessThan(ids.length);
  });

  it('field_ne with several values excludes all of them', async () => {
    const { dp, last } = client();
    const everything = await dp.getList({ resource: 'diarios', pagination: { currentPage: 1, pageSize: 1 } });
    const count = async (obra: string) => {
      await dp.getList({ resource: 'diarios', pagination: { currentPage: 1, pageSize: 1 }, filters: [{ field: 'obra', operator: 'eq', value: obra }] });
      return Number(last.res!.headers['x-total-count']);
    };
    const [c101, c102] = [await count('101'), await count('102')];
    expect(c101).toBeGreaterThan(0);
    expect(c102).toBeGreaterThan(0);
    const rest = await dp.getList({
      resource: 'diarios',
      pagination: { currentPage: 1, pageSize: LIST_MAX },
      filters: [{ field: 'obra', operator: 'ne', value: ['101', '102'] }],
    });
    expect(last.res!.config.url).toMatch(/obra_ne=101&obra_ne=102/);
    expect(rest.total).toBe(everything.total - c101 - c102);
    expect(rest.data.some((r) => r.obra === '101' || r.obra === '102')).toBe(false);
  });

  it('a page above the cap, or starting beyond the deepest page, answers 400 in Portuguese', async () => {
    const { dp } = client();
    const big = await refusal(dp.getList({ resource: 'diarios', pagination: { currentPage: 1, pageSize: LIST_MAX + 1 } }));
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/Parâmetros de consulta inválidos/);
    expect(big.body.errors?._end?.[0]).toMatch(/No máximo 40 registros por página/);
    const deep = await refusal(dp.getList({ resource: 'diarios', pagination: { currentPage: 100_000, pageSize: 20 } }));
    expect(deep.status).toBe(400);
    expect(deep.body.errors?._start?.[0]).toMatch(/pode ir até 1\.000\.000/);
    const tooMany = await refusal(dp.getMany({ resource: 'diarios', ids: Array.from({ length: LIST_MAX + 1 }, (_, i) => i + 1) }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.id?.[0]).toMatch(/No máximo 40 ids/);
  });

  it('getList with sorters and filters, getOne, create, update (with version), deleteOne', async () => {
    const { dp } = client();
    const sorted = await dp.getList({
      resource: 'diarios',
      pagination: { currentPage: 2, pageSize: 5 },
      sorters: [{ field: 'data', order: 'desc' }],
      filters: [
        { field: 'obra', operator: 'eq', value: '101' },
        { field: 'data', operator: 'gte', value: '2000-01-01' },
      ],
    });
    expect(sorted.data.length).toBeGreaterThan(0);
    const dates = sorted.data.map((r) => String(r.data));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(sorted.data.every((r) => r.obra === '101')).toBe(true);

    const created = (await dp.create({ resource: 'produtos', variables: { codigo: 'CONTRATO-REST-1', nome: 'Produto do contrato REST' } })).data as Row;
    expect(created).toMatchObject({ codigo: 'CONTRATO-REST-1', nome: 'Produto do contrato REST', version: 1 });
    const one = (await dp.getOne({ resource: 'produtos', id: created.id })).data as Row;
    expect(one.id).toBe(created.id);
    const updated = (await dp.update({ resource: 'produtos', id: created.id, variables: { nome: 'Produto renomeado', version: one.version } })).data as Row;
    expect(updated).toMatchObject({ nome: 'Produto renomeado', version: 2 });
    const stale = await refusal(dp.update({ resource: 'produtos', id: created.id, variables: { nome: 'Outro nome', version: 1 } }));
    expect(stale.status).toBe(409);
    const like = await dp.getList({ resource: 'produtos', filters: [{ field: 'nome', operator: 'contains', value: 'renomeado' }] });
    expect(like.data.map((r) => r.id)).toContain(created.id);
    await dp.deleteOne({ resource: 'produtos', id: created.id });
    const gone = await refusal(dp.getOne({ resource: 'produtos', id: created.id }));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/não encontrad/);
  });
});
