import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ROUTED, routesOfLayout } from '../../resources/routes';
import { PUBLIC_ROUTES, PUBLIC_SCREENS } from './public-routes';
import { ShellRoutes } from './shell';

describe('public routes of the entry', () => {
  it('mirror the public routes of the route table', () => {
    const table = routesOfLayout('public', ROUTED).map((r) => ({ path: r.path || '/', title: r.title, screen: r.screen, redirect: r.redirect }));
    const own = PUBLIC_ROUTES.map((r) => ({ path: r.path, title: r.title, screen: r.screen, redirect: r.redirect }));
    // A public route added to resources/routes/public.ts belongs in src/app/public-routes.tsx too.
    expect(own).toEqual(table);
    for (const r of PUBLIC_ROUTES) if (r.screen) expect(PUBLIC_SCREENS[r.screen], r.screen).toBeDefined();
  });

  it('renders /login without the signed-in app, titled in Portuguese', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <ShellRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Entrar no Portal' });
    expect(screen.getByRole('button', { name: 'Entrar com a conta corporativa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/esqueciSenha');
    expect(document.title).toBe('Entrar | Portal');
  });

  it('renders a status page and the forgot-password page', async () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/404']}>
        <ShellRoutes />
      </MemoryRouter>,
    );
    await screen.findByText('Página não encontrada');
    unmount();
    render(
      <MemoryRouter initialEntries={['/esqueciSenha']}>
        <ShellRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Esqueci minha senha' });
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});
