/**
 * Test helper: a local stand-in for the Open-Meteo forecast API (node:http on a free port). It
 * answers the recorded response of tests/fixtures/ (its day moved to the `start_date` asked),
 * counts the calls and keeps their query strings; `mode` makes it slow (5 s) or answer garbage.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export const OPEN_METEO_FIXTURE = readFileSync(join(__dirname, '../fixtures/open-meteo-betim-2026-11-20.json'), 'utf8');
const FIXTURE_DAY = '2026-11-20';

export interface WeatherStandIn {
  url: string;
  calls: URLSearchParams[];
  mode: 'ok' | 'slow' | 'garbage' | 'error';
  close(): Promise<void>;
}

export async function startWeatherStandIn(): Promise<WeatherStandIn> {
  const state = { calls: [] as URLSearchParams[], mode: 'ok' as WeatherStandIn['mode'] };
  const server: Server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://stand-in').searchParams;
    state.calls.push(q);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (state.mode === 'slow') {
      const timer = setTimeout(() => send(200, 'application/json', OPEN_METEO_FIXTURE), 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (state.mode === 'garbage') return send(200, 'application/json', '<html>Service temporarily unavailable</html>');
    if (state.mode === 'error') return send(503, 'application/json', '{"error":true,"reason":"busy"}');
    const day = q.get('start_date') ?? FIXTURE_DAY;
    send(200, 'application/json', OPEN_METEO_FIXTURE.replaceAll(FIXTURE_DAY, day));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/forecast`,
    get calls() {
      return state.calls;
    },
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
