/**
 * The people of a site (/obras/:obra/usuarios/adicionar) against the real API in-process
 * (mocks/api.ts; the user pool is the in-memory stand-in of mocks/identity-admin.ts).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { SitePeoplePage } from './site-people-page';

const T = { timeout: 20_000 };
const t = useInProcessApi('admin@portal.local');

const page = (path = '/obras/103/usuarios/adicionar', scope: 'obra' | 'fabricacao' = 'obra') =>
  renderViews({
    schemas: [],
    path,
    routes: (
      <Route path={scope === 'obra' ? '/obras/:obra/usuarios/adicionar' : '/fabricacao/:obra/usuarios/adicionar'} element={<SitePeoplePage scope={scope} />} />
    ),
  });

const rowOf = async (text: string) => (await screen.findByText(text, {}, T)).closest('tr') as HTMLElement;

describe('people of a site', () => {
  it('lists who has access, with kind and roles', async () => {
    page();
    expect(screen.getByRole('heading', { name: 'Adicionar usuários' })).toBeInTheDocument();
    const field = await rowOf('Fábio Field');
    expect(within(field).getByText('field@portal.local')).toBeInTheDocument();
    expect(within(field).getByText('Colaborador')).toBeInTheDocument();
    expect(within(field).getByText('Técnico de campo')).toBeInTheDocument();
    expect(within(field).queryByText('field')).not.toBeInTheDocument();
    // Directory people without a login yet.
    expect(within(await rowOf('Fernanda Lima')).getByText('Sem login ainda')).toBeInTheDocument();
    expect(screen.queryByText('cliente@portal.local')).not.toBeInTheDocument();
    const get = t.requests.find((r) => r.method === 'GET' && r.url.pathname === '/api/v1/obras/103/usuarios');
    expect(get).toBeDefined();
  });

  it('adds a new client: invitation sent, listed with the invitation pending', async () => {
    page();
    await rowOf('Fábio Field');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nova.pessoa@santaclara.com.br' } });
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Nova Pessoa' } });
    fireEvent.change(screen.getByLabelText('Empresa'), { target: { value: 'Energética Santa Clara S.A.' } });
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));

    await screen.findByText('Convite enviado para nova.pessoa@santaclara.com.br', {}, T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/obras/103/usuarios')!;
    expect(post.body).toEqual({ email: 'nova.pessoa@santaclara.com.br', nome: 'Nova Pessoa', empresa: 'Energética Santa Clara S.A.' });
    const row = await rowOf('Nova Pessoa');
    expect(within(row).getByText('Cliente')).toBeInTheDocument();
    expect(within(row).getByText('Convite pendente')).toBeInTheDocument();
    expect(within(row).getByText('Projetista')).toBeInTheDocument();
    // The form is empty again; the invitation is queued.
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    const mail = await sql<{ texto: string }>`select texto from mensagem where para ? 'nova.pessoa@santaclara.com.br'`.execute(t.mock.api.db);
    expect(mail.rows[0].texto).toMatch(/senha temporária: \S{12}/);
  });

  it('decision 30: an approver-only client is told what else it receives, and gets it', async () => {
    page();
    await rowOf('Fábio Field');
    expect(screen.queryByTestId('perfis-acrescentados')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'so.aprovador@santaclara.com.br' } });
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Só Aprovador' } });
    fireEvent.mouseDown(screen.getByLabelText('Perfis'));
    fireEvent.click(await screen.findByText('Aprovador (aprova documentos de projeto)', { selector: '.ant-select-item-option-content' }, T));
    const note = await screen.findByTestId('perfis-acrescentados', {}, T);
    expect(note).toHaveTextContent('Um cliente recebe também: Cliente, Projetista (documentos de projeto).');
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));
    await screen.findByText('Convite enviado para so.aprovador@santaclara.com.br', {}, T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/obras/103/usuarios')!;
    expect(post.body).toMatchObject({ roles: ['aprovador'] });
    const row = await rowOf('Só Aprovador');
    expect(within(row).getByText('Cliente')).toBeInTheDocument();
    expect(within(row).getByText('Projetista')).toBeInTheDocument();
    const stored = await sql<{ roles: string[] }>`select roles from usuario where email = 'so.aprovador@santaclara.com.br'`.execute(t.mock.api.db);
    expect(stored.rows[0].roles).toEqual(['cliente', 'aprovador', 'projetista']);
  });

  it("shows the API's field errors on the form's fields", async () => {
    page();
    await rowOf('Fábio Field');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sem.nome@exemplo.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));
    await screen.findByText('Informe o nome para criar o acesso de um novo cliente.', { selector: '.ant-form-item-explain-error' }, T);
    expect(screen.getByText('Não foi possível adicionar a pessoa.')).toBeInTheDocument();
    // Client-side checks first: an invalid e-mail never reaches the API.
    const before = t.requests.length;
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sem-arroba' } });
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));
    await screen.findByText('E-mail inválido.', {}, T);
    expect(t.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('removes a person from the site after confirmation', async () => {
    page();
    const row = await rowOf('Aurora Automação');
    fireEvent.click(within(row).getByRole('button', { name: 'Remover da obra: Aurora Automação' }));
    await screen.findByText('Remover Aurora Automação da obra 103?', {}, T);
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    await screen.findByText('Aurora Automação não tem mais acesso à obra 103.', {}, T);
    await waitFor(() => expect(screen.queryByText('automacao@portal.local')).not.toBeInTheDocument(), T);
    const del = t.requests.find((r) => r.method === 'DELETE')!;
    expect(del.url.pathname).toBe('/api/v1/obras/103/usuarios/automacao%40portal.local');
    // The API uses the change from the next request on.
    const me = await (await t.mock.api.request('/api/v1/me', { as: 'automacao@portal.local' })).json();
    expect(me.user.obra).toEqual(['101']);
  });

  it('factory layout: only clients can be removed; the title names clients', async () => {
    page('/fabricacao/103/usuarios/adicionar', 'fabricacao');
    expect(screen.getByRole('heading', { name: 'Adicionar clientes' })).toBeInTheDocument();
    const row = await rowOf('Fábio Field');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('without the right, says so', async () => {
    t.mock.setUser('leitura@portal.local');
    page();
    await screen.findByText('Não foi possível carregar as pessoas desta obra.', {}, T);
    expect(screen.getByText('Você não tem permissão para gerenciar as pessoas desta obra.')).toBeInTheDocument();
  });
});
