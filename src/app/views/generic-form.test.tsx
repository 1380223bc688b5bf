/**
 * Component tests of the generic create/edit forms against the real API in-process
 * (mocks/api.ts), as admin@portal.local.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMockApi } from '../../../mocks/api';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AuthProvider } from '@refinedev/core';
import { CONFLICT_MESSAGE } from './generic-form';
import { currentLocation, renderViews } from '../../../tests/app/test-utils';

let mock: Awaited<ReturnType<typeof createMockApi>>;
let server: ReturnType<typeof setupServer>;
const bodies: { method: string; path: string; body: unknown }[] = [];
const obra = schemaByName('obra') as EntitySchema;
const T = { timeout: 20_000 };

beforeAll(async () => {
  mock = await createMockApi({ userEmail: 'admin@portal.local' });
  server = setupServer(...mock.handlers);
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' || request.method === 'POST') {
      const body = await request
        .clone()
        .json()
        .catch(() => undefined);
      bodies.push({ method: request.method, path: new URL(request.url).pathname, body });
    }
  });
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server?.close();
  await mock?.close();
});
beforeEach(() => {
  cleanup();
  bodies.length = 0;
});

function save() {
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Chooses a registered record in a reference picker: searches, then clicks the option naming it. */
async function pick(label: string, search: string, option: RegExp) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: search } });
  const el = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((e) => option.test(e.textContent ?? ''));
    if (!found) throw new Error(`opção ${option} ausente`);
    return found;
  }, T);
  fireEvent.click(el);
}

describe('fields left for later (onCreate: false)', () => {
  const item = schemaByName('itemVerificacao') as EntitySchema;
  it('are not in the create form, and are in the edit form', async () => {
    renderViews({ schemas: [item], path: '/itens-verificacao/create' });
    await screen.findByLabelText('Descrição', {}, T);
    expect(screen.queryByText('Fotos da correção')).toBeNull();
    expect(screen.getByText('Fotos', { selector: 'label' })).toBeInTheDocument();
    cleanup();
    renderViews({ schemas: [item], path: '/itens-verificacao/edit/1' });
    await screen.findByText('Fotos da correção', {}, T);
  });
});

describe('GenericForm (create)', () => {
  it('shows client rules in Portuguese and schema defaults', async () => {
    renderViews({ schemas: [obra], path: '/obras/create' });
    await screen.findByText('Nova obra', {}, T);
    expect(screen.getByText('Planejamento', { selector: '.ant-select-selection-item' })).toBeInTheDocument(); // default of "Situação"
    save();
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório.').length).toBeGreaterThanOrEqual(3), T);
    type('Nome', 'ab');
    await waitFor(() => expect(screen.getByText('Mínimo de 3 caracteres.')).toBeInTheDocument(), T);
    expect(bodies).toHaveLength(0);
  });

  it("fills the signed-in user's default (the RDO's site manager) when the identity arrives after the form mounted", async () => {
    let arrive: (v: { email: string; name: string }) => void = () => {};
    const identity = new Promise<{ email: string; name: string }>((r) => (arrive = r));
    const auth: AuthProvider = {
      login: async () => ({ success: true }),
      logout: async () => ({ success: true }),
      check: async () => ({ authenticated: true }),
      onError: async () => ({}),
      getIdentity: () => identity,
    };
    renderViews({ schemas: [schemaByName('diario')!], path: '/diarios/create', authProvider: auth });
    await screen.findByText('Novo diário de obra', {}, T);
    const email = () => (screen.getByLabelText('Site manager: e-mail') as HTMLInputElement).value;
    expect(email()).toBe('');
    arrive({ email: 'sm@portal.local', name: 'Site Manager' });
    await waitFor(() => expect(email()).toBe('sm@portal.local'), T);
  });

  it('puts the server field errors (400) on their fields', async () => {
    // Same resource, but without the client-side max length, so the server is the one refusing.
    const relaxed: EntitySchema = { ...obra, fields: obra.fields.map((f) => (f.name === 'Id_Lista' ? { ...f, maxLength: undefined } : f)) };
    renderViews({ schemas: [relaxed], path: '/obras/create' });
    await screen.findByText('Nova obra', {}, T);
    type('Código da obra', 'X'.repeat(25));
    type('Nome', 'Obra de teste do formulário');
    await pick('Cliente', 'porto', /Celulose Porto Azul/);
    save();
    await waitFor(() => expect(bodies.some((b) => b.method === 'POST')).toBe(true), T);
    await screen.findByText('Máximo de 20 caracteres.', {}, T);
    const item = screen.getByText('Máximo de 20 caracteres.').closest('.ant-form-item');
    expect(item?.textContent).toContain('Código da obra');
    expect(currentLocation.pathname).toBe('/obras/create');
  });

  it('creates the record and goes to its page with the history', async () => {
    renderViews({ schemas: [obra], path: '/obras/create' });
    await screen.findByText('Nova obra', {}, T);
    type('Código da obra', '9001');
    type('Nome', 'Obra criada pelo teste');
    await pick('Cliente', 'porto', /Celulose Porto Azul/);
    save();
    await waitFor(() => expect(currentLocation.pathname).toMatch(/^\/obras\/show\/\d+$/), T);
    const post = bodies.find((b) => b.method === 'POST')!;
    expect(post.body).toMatchObject({ Id_Lista: '9001', nome: 'Obra criada pelo teste', status: 'Planejamento', uf: 'SP' });
    await screen.findByText('Obra: Obra criada pelo teste', {}, T);
    await screen.findByText('Criação', {}, T);
    // Issue 36: the toast reads like a person wrote it.
    await screen.findByText('Obra criada.', {}, T);
  });
});

describe('GenericForm (edit)', () => {
  it('shows the conflict message on 409 and reloads the current version', async () => {
    const list = await (await mock.api.request('/api/v1/obras?_start=0&_end=1&_sort=id&_order=asc')).json();
    const record = list[0] as { id: number; nome: string; version: number };
    renderViews({ schemas: [obra], path: `/obras/edit/${record.id}` });
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue(record.nome), T);

    // Someone else saves first.
    const other = await mock.api.request(`/api/v1/obras/${record.id}`, {
      method: 'PATCH',
      json: { nome: 'Nome alterado por outra pessoa', version: record.version },
    });
    expect(other.status).toBe(200);

    type('Cidade', 'Cidade nova');
    save();
    await screen.findByText(CONFLICT_MESSAGE, {}, T);
    const patch = bodies.find((b) => b.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ version: record.version, cidade: 'Cidade nova' });
    expect(currentLocation.pathname).toBe(`/obras/edit/${record.id}`);

    fireEvent.click(screen.getByRole('button', { name: /Recarregar/ }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Nome alterado por outra pessoa'), T);
    expect(screen.queryByText(CONFLICT_MESSAGE)).not.toBeInTheDocument();

    type('Cidade', 'Cidade nova');
    save();
    await waitFor(() => expect(currentLocation.pathname).toBe(`/obras/show/${record.id}`), T);
    const saved = await (await mock.api.request(`/api/v1/obras/${record.id}`)).json();
    expect(saved).toMatchObject({ nome: 'Nome alterado por outra pessoa', cidade: 'Cidade nova', version: record.version + 2 });
    // The show page lists both changes in the history.
    await waitFor(() => expect(screen.getAllByText('Alteração').length).toBeGreaterThanOrEqual(2), T);
    expect(screen.getAllByText('Cidade nova').length).toBeGreaterThanOrEqual(1);
  });
});
