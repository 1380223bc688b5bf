import { http, type RequestHandler } from 'msw';
import { createTestApi, type TestApi } from './test-app';

/**
 * MSW handlers that hand every `/api/v1` request to the real API app in-process, over an
 * in-memory seeded PGlite, as the given demo user. Component tests exercise production code.
 */
export async function createMockApi(opts: { userEmail?: string } = {}): Promise<{
  handlers: RequestHandler[];
  api: TestApi;
  setUser(email: string | null): void;
  close(): Promise<void>;
}> {
  const api = await createTestApi({ databaseUrl: null });
  let user: string | null = opts.userEmail ?? 'admin@portal.local';
  const handlers = [
    http.all(/\/api\/v1\//, async ({ request }) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete('authorization');
      if (user) headers.set('authorization', `Bearer test:${user}`);
      const hasBody = !['GET', 'HEAD'].includes(request.method);
      const res = await api.app.request(`http://localhost${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
      });
      // 204 / 304 (If-None-Match) answer without a body.
      const nullBody = res.status === 204 || res.status === 304;
      return new Response(nullBody ? null : await res.arrayBuffer(), { status: res.status, headers: res.headers });
    }),
  ];
  return { handlers, api, setUser: (e) => (user = e), close: () => api.close() };
}
