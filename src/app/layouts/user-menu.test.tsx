/** The user menu of the portal layout: profile, what is kept on this device, sign-out (docs/uso.md). */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ConfigProvider } from 'antd';
import { theme } from '../theme';
import { defineAbilityFor } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { ROUTED } from '../../../resources/routes';
import { StaticAbilityProvider } from '../access/ability-context';
import { matchAppRoute } from '../guard/guard-rules';
import { CurrentRouteProvider } from '../guard/navigation-guard';
import { PortalLayout } from './portal-layout';
import { LayoutServicesProvider } from '../providers/layout-services';

const SM: PortalUser = {
  id_user: 'u1',
  username: 'sm@portal.local',
  email: 'sm@portal.local',
  name: 'Site Manager',
  empresa: ['empresa'],
  obra: ['101'],
  roles: ['site_manager'],
  tipo: 'staff',
};

describe('user menu', () => {
  it('offers Perfil, "No aparelho" and Sair', async () => {
    const match = matchAppRoute('/diarios', ROUTED)!;
    render(
      <ConfigProvider theme={theme}>
        <MemoryRouter initialEntries={['/diarios']}>
          <StaticAbilityProvider ability={defineAbilityFor(SM)} user={SM}>
            <LayoutServicesProvider value={{ searchObras: async () => [], logout: () => {} }}>
              <CurrentRouteProvider value={{ route: match.route, params: match.params }}>
                <PortalLayout layout="general">
                  <div>conteúdo</div>
                </PortalLayout>
              </CurrentRouteProvider>
            </LayoutServicesProvider>
          </StaticAbilityProvider>
        </MemoryRouter>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu do usuário: Site Manager' }));
    expect((await screen.findByRole('link', { name: 'No aparelho' })).getAttribute('href')).toBe('/no-aparelho');
    expect(screen.getByRole('link', { name: 'Perfil' })).toBeInTheDocument();
    expect(screen.getByText('Sair')).toBeInTheDocument();
  });
});
