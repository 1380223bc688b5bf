/**
 * "Importar pessoas" on the site-people screen against the real API in-process: the dry run per
 * line, all-or-nothing blocked by a refused line, only the valid lines imported, the list refreshed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { encodeMultipart } from '../../../../tests/app/multipart';
import { SitePeoplePage } from './site-people-page';

const T = { timeout: 20_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

/** An upload (jsdom's FormData, which the in-process API cannot read) sent as the multipart body a browser would send. */
const realFetch = globalThis.fetch;
const sent: string[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (!(init?.body instanceof FormData)) return realFetch(input, init);
    const { body, type } = await encodeMultipart(init.body);
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    sent.push(url.pathname + url.search);
    return t.mock.api.request(url.pathname + url.search, {
      method: init.method ?? 'POST',
      as: ADMIN,
      headers: { 'content-type': type },
      body,
    });
  });
});
afterEach(() => vi.restoreAllMocks());

const page = () =>
  renderViews({
    schemas: [],
    path: '/obras/103/usuarios/adicionar',
    routes: <Route path="/obras/:obra/usuarios/adicionar" element={<SitePeoplePage scope="obra" />} />,
  });

describe('importing the people of a site', () => {
  it('dry run per line, the choice of mode, the import of the valid lines and the refreshed list', async () => {
    page();
    fireEvent.click(await screen.findByRole('button', { name: /Importar pessoas/ }, T));
    const drawer = await screen.findByRole('dialog', {}, T);
    expect(within(drawer).getByRole('button', { name: /Baixar modelo/ })).toBeInTheDocument();

    const csv = [
      'Nome;E-mail;Tipo;Perfis;Empresa',
      'Irene Importada;irene.importada@cliente.com.br;Cliente;Aprovador;Cliente Demonstração Lda',
      ';cliente@portal.local;Cliente;;',
      'Sem Arroba;sem-arroba;Cliente;;',
    ].join('\r\n');
    const input = drawer.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'pessoas.csv', { type: 'text/csv' })] } });

    await within(drawer).findByText('Simulação: nada foi gravado ainda.', {}, T);
    const lines = within(drawer).getByRole('region', { name: 'Simulação por linha' });
    expect(within(lines).getByText('Será convidada')).toBeInTheDocument();
    expect(within(lines).getByText('Ganha a obra')).toBeInTheDocument();
    expect(within(lines).getByText('E-mail inválido.')).toBeInTheDocument();
    expect(within(drawer).getByText(/1 será convidada · 1 ganha a obra · 0 alteradas · 0 sem alteração · 1 recusada/)).toBeInTheDocument();
    const importar = within(drawer).getByRole('button', { name: 'Importar' });
    expect(importar).toBeDisabled(); // all-or-nothing with a refused line
    expect((await sql`select 1 from usuario where email = 'irene.importada@cliente.com.br'`.execute(t.mock.api.db)).rows).toEqual([]);

    fireEvent.click(within(drawer).getByLabelText(/Só as linhas válidas/));
    await waitFor(() => expect(importar).toBeEnabled());
    fireEvent.click(importar);
    await within(drawer).findByText('Importação concluída', {}, T);
    expect(within(drawer).getByText(/1 convidada · 1 adicionada · 0 alteradas · 0 sem alteração · 1 recusada/)).toBeInTheDocument();
    const mails = await sql`select 1 from mensagem where para ? 'irene.importada@cliente.com.br'`.execute(t.mock.api.db);
    expect(mails.rows).toHaveLength(1);
    expect(sent).toEqual(['/api/v1/obras/103/usuarios/importacao?simular=true', '/api/v1/obras/103/usuarios/importacao?simular=false&modo=validas']);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Importar outra planilha' }));
    expect(within(drawer).queryByText('Importação concluída')).not.toBeInTheDocument();
    // The list behind the drawer was reloaded.
    expect((await screen.findByText('Irene Importada', {}, T)).closest('tr')).not.toBeNull();
  });
});
