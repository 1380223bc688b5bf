/**
 * Drafts of the other field forms on the device (issue 26), against the real API in-process: the
 * work-order daily report and the SGI occurrence record keep what is typed across a reload (the form
 * unmounted and opened again), and an existing RDO opened for editing comes back with the change
 * typed, not the server's old value.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import type { AuthProvider } from '@refinedev/core';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { GenericForm } from '../views/generic-form';
import { DiarioEdit } from '../modules/rdo/diario-form';
import { recordsOf, resetDeviceDb } from './device-db';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const FIELD = 'field@portal.local';
const t = useInProcessApi(SM);

const authAs = (email: string): AuthProvider => ({
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ email, name: DEMO_USERS[email].name }),
});

/** The form at `path` as `email` would see it; `remount` closes it and opens it again (a reload). */
function openForm(email: string, schema: EntitySchema, path: string, route: string, element: React.ReactElement) {
  const render = () =>
    renderViews({ schemas: [schema], path, routes: <Route path={route} element={element} />, user: DEMO_USERS[email], authProvider: authAs(email) });
  render();
  return () => {
    cleanup();
    render();
  };
}

async function draftOf(email: string): Promise<Record<string, unknown> | undefined> {
  const [draft] = await recordsOf(email);
  return draft?.state === 'rascunho' ? draft.values : undefined;
}

/**
 * Types `value` in the box labelled `label` until the device keeps it: the draft starts once the
 * form knows who is signed in (a few renders after it shows), as a person typing would find it.
 */
async function typeKept(email: string, label: string, name: string, value: string) {
  await waitFor(async () => {
    const box = screen.getByLabelText(label);
    fireEvent.change(box, { target: { value: `${value} ` } });
    fireEvent.change(box, { target: { value } });
    await new Promise((r) => setTimeout(r, 500));
    expect((await draftOf(email))?.[name]).toBe(value);
  }, T);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDeviceDb();
});

describe('drafts of the field forms on the device', { timeout: 120_000 }, () => {
  it('a work-order daily report keeps what was typed when the form opens again', async () => {
    t.mock.setUser(FIELD);
    const diarioOs = schemaByName('diarioOs')!;
    const prefill = { obra: '101', area: 'FIELD' };
    const reload = openForm(
      FIELD,
      diarioOs,
      '/101/ordensServico/field/novo-diario',
      '/:obra/ordensServico/:tipo/novo-diario',
      <GenericForm schema={diarioOs} action="create" initialValues={prefill} />,
    );
    await screen.findByLabelText('Ocorrências', {}, T);
    // Whoever writes it is the report's responsible person until changed (issue 36).
    await waitFor(() => expect((screen.getByLabelText('Responsável pelo diário: e-mail') as HTMLInputElement).value).toBe(FIELD), T);
    await typeKept(FIELD, 'Ocorrências', 'ocorrencias', 'Painel energizado às 10h.');

    reload();
    await screen.findByText(/Rascunho recuperado do aparelho/, {}, T);
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toHaveValue('Painel energizado às 10h.'), T);
  });

  it('an SGI occurrence record keeps what was typed when the form opens again', async () => {
    t.mock.setUser(FIELD);
    const ticketSgi = schemaByName('ticketSgi')!;
    const reload = openForm(FIELD, ticketSgi, '/sgi/novo', '/sgi/novo', <GenericForm schema={ticketSgi} action="create" />);
    await screen.findByLabelText('Título', {}, T);
    await typeKept(FIELD, 'Título', 'titulo', 'Cabo exposto no corredor');
    await typeKept(FIELD, 'Descrição', 'descricao', 'Cabo sem proteção perto da escada.');

    reload();
    await screen.findByText(/Rascunho recuperado do aparelho/, {}, T);
    await waitFor(() => expect(screen.getByLabelText('Título')).toHaveValue('Cabo exposto no corredor'), T);
    expect(screen.getByLabelText('Descrição')).toHaveValue('Cabo sem proteção perto da escada.');
  });

  it("an existing RDO changed in edit mode comes back with the change, not the server's old value", async () => {
    const res = await t.mock.api.request('/api/v1/diarios?obra=101&status=Rascunho&_end=50', { as: SM });
    const rows = (await res.json()) as { id: number; ocorrencias?: string | null }[];
    const rdo = rows[0];
    expect(rdo, 'an RDO in draft on site 101').toBeDefined();
    const old = rdo.ocorrencias ?? '';
    const diario = schemaByName('diario')!;
    const reload = openForm(SM, diario, `/101/diarios/${rdo.id}/editar`, '/:obra/diarios/:diario/editar', <DiarioEdit schema={diario} />);
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toHaveValue(old), T);
    await typeKept(SM, 'Ocorrências', 'ocorrencias', 'Alterado no aparelho.');

    reload();
    await screen.findByText(/Rascunho recuperado do aparelho/, {}, T);
    await waitFor(() => expect(screen.getByLabelText('Ocorrências')).toHaveValue('Alterado no aparelho.'), T);
    // The server still has the old text: the change is only on the device until saved.
    const again = await t.mock.api.request(`/api/v1/diarios/${rdo.id}`, { as: SM });
    expect(((await again.json()) as { ocorrencias?: string | null }).ocorrencias ?? '').toBe(old);
  });
});
