/**
 * The app follows the effective schemas (issue 15): a custom field an administrator adds through
 * the API (real API in-process behind MSW) shows up in the generic form and list of the same
 * running app once the schemas are fetched again — on window focus or on the next navigation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, useNavigate } from 'react-router';
import { resetEffectiveSchemas, schemaByName, schemaByResource } from '../../../../schemas';
import { GenericCreate, GenericList } from '../../views';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { renderViews, TEST_API_URL } from '../../../../tests/app/test-utils';
import { EffectiveSchemasSync, useConfigurableResources, useSchemaVersion } from './effective-schemas';

const ctx = useInProcessApi('admin@portal.local');
const LABEL = 'Número do contrato de manutenção';
const T = { timeout: 30_000 };

afterAll(() => resetEffectiveSchemas());

/** A page that reads the registry on every render, like the route table's EntityPage. */
function Live({ view }: { view: 'list' | 'create' }) {
  const version = useSchemaVersion();
  const schema = schemaByResource('obras')!;
  const configurable = useConfigurableResources();
  const navigate = useNavigate();
  return (
    <>
      <EffectiveSchemasSync enabled apiUrl={TEST_API_URL} refreshMs={0} />
      <span data-testid="configurable">{configurable.join(',')}</span>
      <button type="button" onClick={() => navigate(view === 'list' ? '/live/obras/create' : '/live/obras')}>
        navegar
      </button>
      {view === 'list' ? <GenericList key={version} schema={schema} /> : <GenericCreate schema={schema} />}
    </>
  );
}

const routes = [
  <Route key="l" path="/live/obras" element={<Live view="list" />} />,
  <Route key="c" path="/live/obras/create" element={<Live view="create" />} />,
];

describe('effective schemas in the app', () => {
  it('a custom field added through the API appears in the form and in the list after the refetch', async () => {
    const before = schemaByName('obra')!;
    renderViews({ schemas: [before], path: '/live/obras/create', routes });
    await screen.findByText('Nova obra', undefined, T);
    await waitFor(() => expect(screen.getByTestId('configurable').textContent).toContain('obras'), T);
    expect(screen.queryByLabelText(LABEL)).toBeNull();

    const res = await ctx.mock.api.request('/api/v1/schemas/obras/fields', {
      as: 'admin@portal.local',
      method: 'POST',
      json: { name: 'cxNumeroContrato', kind: 'text', label: LABEL, list: true, filter: true },
    });
    expect(res.status).toBe(201);

    // Window focus refetches (with If-None-Match: the answer changed, so 200 and a new install).
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByLabelText(LABEL, undefined, T)).toBeTruthy();
    expect(schemaByName('obra')).not.toBe(before);
    expect(schemaByName('obra')!.fields.some((f) => f.name === 'cxNumeroContrato')).toBe(true);
    const conditional = ctx.requests.filter((r) => r.url.pathname === '/api/v1/schemas');
    expect(conditional.length).toBeGreaterThanOrEqual(2);

    // Navigation to the list: its default columns now include the new field.
    fireEvent.click(screen.getByRole('button', { name: 'navegar' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes(LABEL))).toBe(true), T);
    // The list header links its administrators to the entity's configuration.
    expect(screen.getByRole('link', { name: /Configurar entidade/ }).getAttribute('href')).toBe('/admin/entidades/obras');
  }, 60_000);

  it('an unchanged answer (304) keeps the installed schemas, identity included', async () => {
    const current = schemaByName('obra');
    renderViews({ schemas: [current!], path: '/live/obras/create', routes });
    await screen.findByText('Nova obra', undefined, T);
    await waitFor(() => expect(ctx.requests.some((r) => r.url.pathname === '/api/v1/schemas')).toBe(true), T);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(ctx.requests.filter((r) => r.url.pathname === '/api/v1/schemas').length).toBeGreaterThanOrEqual(2), T);
    const res = await ctx.mock.api.request('/api/v1/schemas', { as: 'admin@portal.local' });
    const again = await ctx.mock.api.request('/api/v1/schemas', { as: 'admin@portal.local', headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(schemaByName('obra')).toBe(current);
  }, 60_000);

  it('offers "Configurar entidade" in the list only to those who may configure the entity', async () => {
    ctx.mock.api.addUser({ email: 'obra.staff@portal.local', roles: ['obra'] });
    ctx.mock.setUser('obra.staff@portal.local');
    renderViews({ schemas: [schemaByName('obra')!], path: '/live/obras', routes });
    await screen.findByText('Obras', undefined, T);
    await waitFor(() => expect(ctx.requests.some((r) => r.url.pathname === '/api/v1/schemas')).toBe(true), T);
    await waitFor(() => expect(screen.getByTestId('configurable').textContent).toBe(''), T);
    expect(screen.queryByRole('link', { name: /Configurar entidade/ })).toBeNull();
  }, 60_000);
});
