/**
 * Smoke test: every registered schema renders its generic create form, list and show page
 * against the real API (no crash, Portuguese title, rows loaded). The schemas are dealt between
 * all-schemas-{1,2}.test.tsx so that the two Vitest workers share them (one file took 85 s).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMockApi } from '../../mocks/api';
import { SCHEMAS } from '../../schemas/index';
import { lowerLabel } from '../../src/app/fields/options';
import { currentLocation, renderViews } from './test-utils';

const T = { timeout: 20_000 };

/** Defines the smoke tests of every `of`-th schema, starting at index `part` (0-based). */
export function smokeTestSchemas(part: number, of: number): void {
  let mock: Awaited<ReturnType<typeof createMockApi>>;
  let server: ReturnType<typeof setupServer>;

  beforeAll(async () => {
    mock = await createMockApi({ userEmail: 'admin@portal.local' });
    server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    server?.close();
    await mock?.close();
  });
  beforeEach(() => cleanup());

  describe.each(SCHEMAS.filter((_, i) => i % of === part).map((s) => [s.name, s] as const))('%s', (_name, schema) => {
    it('renders the create form', async () => {
      renderViews({ schemas: SCHEMAS, path: `/${schema.resource}/create` });
      expect(await screen.findByText(`${schema.gender === 'f' ? 'Nova' : 'Novo'} ${lowerLabel(schema.label)}`, {}, T)).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /Salvar/ }).length).toBeGreaterThan(0);
    });

    it('renders the list and the show page of its first record', async () => {
      const res = await mock.api.request(`/api/v1/${schema.resource}?_start=0&_end=1`);
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { id: number }[];
      renderViews({ schemas: SCHEMAS, path: `/${schema.resource}` });
      await waitFor(() => expect(document.querySelector('.ant-table-tbody')).not.toBeNull(), T);
      if (!rows.length) return;
      await waitFor(() => expect(document.querySelector(`tr[data-row-key="${rows[0].id}"]`)).not.toBeNull(), T);
      cleanup();
      renderViews({ schemas: SCHEMAS, path: `/${schema.resource}/show/${rows[0].id}` });
      expect(await screen.findByText('Histórico', {}, T)).toBeInTheDocument();
      expect(currentLocation.pathname).toBe(`/${schema.resource}/show/${rows[0].id}`);
    });
  });
}
