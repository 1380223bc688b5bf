import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidatePendencias, parseSse, retryDelay, runLiveEvents } from './live-events';
import { createDataProvider } from './data-provider';

describe('live events (app side)', () => {
  it('splits the stream into named events, skipping comments and keeping the unfinished rest', () => {
    const { events, rest } = parseSse(': conectado\nretry: 5000\n\nevent: pendencias\ndata: {"tipo":"pendencias"}\n\n: ping\n\nevent: pend');
    expect(events).toEqual(['pendencias']);
    expect(rest).toBe('event: pend');
    expect(parseSse(rest + 'encias\r\ndata: {}\r\n\r\n').events).toEqual(['pendencias']);
  });

  it('backs off from 1 s doubling up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => retryDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelay(0, () => 0)).toBe(800);
    expect(retryDelay(0, () => 1)).toBe(1200);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('when the server ends the stream and then refuses the session (401), refetches at once so the tab signs out', async () => {
    vi.useFakeTimers();
    createDataProvider('http://api.test/api/v1', async () => 'token');
    const answers = [
      new Response(': conectado\n\nevent: pendencias\ndata: {"tipo":"pendencias"}\n\n', { headers: { 'content-type': 'text/event-stream' } }),
      Response.json({ statusCode: 401, codigo: 'sessao-encerrada', message: 'Esta sessão foi encerrada.' }, { status: 401 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() ?? new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    const controller = new AbortController();
    const run = runLiveEvents(onChange, controller.signal);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1)); // the signal
    await vi.advanceTimersByTimeAsync(1500); // the first retry, after the stream ended
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(2); // the 401: refetch through the data provider
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // then a long wait, not a loop
    controller.abort();
    await run;
  });

  it('invalidates every pendencias query (list and count), nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      ['data', 'default', 'pendencias', 'list', { pagination: 1 }],
      ['data', 'default', 'pendencias', 'list', 'contagem'],
      ['data', 'default', 'contratos', 'list', {}],
    ];
    for (const k of keys) client.setQueryData(k, { ok: true });
    await invalidatePendencias(client);
    expect(keys.map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([true, true, false]);
  });
});
