/**
 * Test helper: the real API in-process behind MSW (mocks/api.ts) for one test file, started once,
 * with every request the views make recorded (method, URL and JSON body).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMockApi } from '../../mocks/api';

export interface SeenRequest {
  method: string;
  url: URL;
  body?: unknown;
}

export interface InProcessApi {
  mock: Awaited<ReturnType<typeof createMockApi>>;
  server: ReturnType<typeof setupServer>;
  requests: SeenRequest[];
}

/** Registers the file's hooks; each test starts unrendered, with the default handlers and user. */
export function useInProcessApi(userEmail: string): InProcessApi {
  const ctx = { requests: [] as SeenRequest[] } as InProcessApi;
  beforeAll(async () => {
    ctx.mock = await createMockApi({ userEmail });
    ctx.server = setupServer(...ctx.mock.handlers);
    ctx.server.events.on('request:start', async ({ request }) => {
      const body =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      ctx.requests.push({ method: request.method, url: new URL(request.url), body });
    });
    ctx.server.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    ctx.server?.close();
    await ctx.mock?.close();
  });
  beforeEach(() => {
    cleanup();
    ctx.server.resetHandlers();
    ctx.requests.length = 0;
    ctx.mock.setUser(userEmail);
  });
  return ctx;
}
