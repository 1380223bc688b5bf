/**
 * The server's side of a declared route (issue 37): what a client observes of a request outside its
 * declaration — the portal's error body with pt-BR messages per field — and the order of the
 * handler's own refusals before the checks of the body.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { defineRoute } from '../../../resources/api-route';
import { declaredRouter } from './declared-route';
import { ApiError, errorBody } from './errors';
import type { AppEnv } from './env';

const route = defineRoute({
  method: 'post',
  path: '/coisas/{id}',
  operationId: 'criarCoisa',
  tags: ['Teste'],
  summary: 's',
  description: 'd',
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ modo: z.enum(['a', 'b']).optional(), tags: z.array(z.string()).optional() }),
  body: z.strictObject({ nome: z.string({ error: 'Informe o nome.' }).min(2), quantos: z.int().min(1).optional() }),
  invalid: 'Coisa não salva.',
  answers: { 201: { description: 'ok', schema: z.object({ id: z.string(), nome: z.string(), tags: z.array(z.string()) }) }, 400: 'BadRequest' },
});

function app() {
  const { router, add } = declaredRouter('/coisas');
  add(route, async (c, req) => {
    if (c.req.header('x-proibido')) throw new ApiError(403, 'Proibido.');
    const query = req.query();
    const body = await req.body();
    return req.reply(201, { id: req.params.id, nome: body.nome, tags: query.tags ?? [] });
  });
  const hono = new Hono<AppEnv>();
  hono.onError((err, c) => (err instanceof ApiError ? c.json(errorBody(err.status, err.message, err.errors), err.status) : c.json({ message: 'erro' }, 500)));
  hono.route('/coisas', router);
  return hono;
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app().request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('declared routes on the server', () => {
  it('answers a request within its declaration, typed by it', async () => {
    const r = await post('/coisas/7?tags=x&tags=y', JSON.stringify({ nome: 'Uma' }));
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({ id: '7', nome: 'Uma', tags: ['x', 'y'] });
  });

  it('refuses a body outside its declaration with the portal error body and pt-BR messages per field', async () => {
    const r = await post('/coisas/7', JSON.stringify({ quantos: 1.5, cor: 'azul', __proto__x: 1 }));
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      message: 'Coisa não salva.',
      statusCode: 400,
      errors: { nome: ['Informe o nome.'], quantos: ['Informe um número inteiro.'], cor: ['Campo desconhecido.'], __proto__x: ['Campo desconhecido.'] },
    });
    const proto = await post('/coisas/7', '{"nome":"Uma","__proto__":{"x":1}}');
    expect((await proto.json()).errors).toEqual(JSON.parse('{"__proto__":["Campo desconhecido."]}'));
    const notObject = await post('/coisas/7', '[1]');
    expect(await notObject.json()).toEqual({ message: 'O corpo da requisição deve ser um objeto JSON.', statusCode: 400 });
    expect((await post('/coisas/7', '{"nome":')).status).toBe(400);
  });

  it('refuses a query key given twice unless it is a list, and a value outside its options', async () => {
    const twice = await post('/coisas/7?modo=a&modo=b', JSON.stringify({ nome: 'Uma' }));
    expect(await twice.json()).toEqual({ message: 'Coisa não salva.', statusCode: 400, errors: { modo: ['Informe "modo" uma vez só.'] } });
    const other = await post('/coisas/7?modo=c', JSON.stringify({ nome: 'Uma' }));
    expect((await other.json()).errors).toEqual({ modo: ['Use um destes valores: a, b.'] });
  });

  it("keeps the handler's refusals first, and answers 404 for a path parameter outside its declaration", async () => {
    const forbidden = await post('/coisas/7', '[1]', { 'x-proibido': '1' });
    expect(forbidden.status).toBe(403);
    expect((await post('/coisas/abc', JSON.stringify({ nome: 'Uma' }))).status).toBe(404);
  });
});
