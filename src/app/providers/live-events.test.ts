import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidatePendencias, parseSse, retryDelay } from './live-events';

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
