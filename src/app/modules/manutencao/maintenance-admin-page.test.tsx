/**
 * The maintenance switch in the app (issue 40), against the real API in-process: the administrator's
 * screen refuses an end in the past with the API's pt-BR message under the field (nothing changed),
 * puts "Diários de obra" in maintenance, and ends it; the public /manutencao page shows the module,
 * the message and the expected end in Brazilian format, and says when it is over; the guard sends a
 * site manager from the module's list to that page and lets the administrator in. One screen alone:
 * chosen in the list of screens, it closes that entity's list and record, not its module's dashboard.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { defineAbilityFor } from '../../../access/ability';
import { maintenanceEndText, type ActiveMaintenance } from '../../../../resources/maintenance';
import { NavigationGuard } from '../../guard/navigation-guard';
import { ManutencaoPage } from '../../pages/maintenance-page';
import { MaintenanceAdminPage } from './maintenance-admin-page';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

const active = async (): Promise<ActiveMaintenance[]> => (await (await t.mock.api.request('/api/v1/manutencao', { as: null })).json()).ativas;

function Where() {
  const loc = useLocation();
  return <div data-testid="onde">{loc.pathname + loc.search}</div>;
}

/** Where the guard leaves `user` who opens `path` while `maintenance` is in force. */
async function landsAt(path: string, user: string, maintenance: ActiveMaintenance[]): Promise<string | null> {
  const guarded = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/manutencao" element={<Where />} />
        <Route
          element={
            <NavigationGuard
              auth="authenticated"
              ability={{ status: 'ready', ability: defineAbilityFor(DEMO_USERS[user]) }}
              checkObra={async () => ({ state: 'ok' })}
              maintenance={maintenance}
            >
              <Outlet />
            </NavigationGuard>
          }
        >
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  const where = (await guarded.findByTestId('onde')).textContent;
  guarded.unmount();
  return where;
}

describe('maintenance switch in the app', { timeout: 120_000 }, () => {
  it('the administrator puts a module in maintenance (an end in the past is refused) and ends it', async () => {
    renderViews({
      schemas: [],
      path: '/admin/manutencao',
      routes: <Route path="/admin/manutencao" element={<MaintenanceAdminPage />} />,
      user: DEMO_USERS[ADMIN],
    });
    const item = await screen.findByTestId('manutencao-rdo', {}, T);
    expect(within(item).getByText('Disponível')).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: 'Colocar em manutenção' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em manutenção: Diários de obra' }, T);
    await userEvent.type(within(dialog).getByLabelText('Mensagem para quem usa o portal'), 'Migração das fotos dos diários.');
    const end = within(dialog).getByLabelText('Previsão de término');
    await userEvent.clear(end);
    await userEvent.type(end, '10/01/2020 10:00{enter}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Colocar em manutenção' }));
    expect(
      await within(dialog).findByText(/A previsão de término \(10\/01\/2020 \d{2}:00\) já passou: informe uma data e hora futuras\./, {}, T),
    ).toBeInTheDocument();
    expect(await active()).toEqual([]);

    const next = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await userEvent.clear(end);
    await userEvent.type(end, `${pad(next.getDate())}/${pad(next.getMonth() + 1)}/${next.getFullYear()} 18:00{enter}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Colocar em manutenção' }));
    await waitFor(async () => expect(await active()).toHaveLength(1), T);
    const [rdo] = await active();
    expect(rdo).toMatchObject({ escopo: 'rdo', mensagem: 'Migração das fotos dos diários.' });
    expect(new Date(rdo.fimPrevisto).getHours()).toBe(18);
    await waitFor(() => expect(within(screen.getByTestId('manutencao-rdo')).getByText('Em manutenção')).toBeInTheDocument(), T);
    expect(within(screen.getByTestId('manutencao-rdo')).getByText(`Previsão de término: ${maintenanceEndText(rdo.fimPrevisto)}`)).toBeInTheDocument();

    // The public page shows the module, the message and the end; the guard sends a site manager there.
    const page = render(
      <ConfigProvider locale={ptBR}>
        <MemoryRouter initialEntries={['/manutencao?escopo=rdo']}>
          <Routes>
            <Route path="/manutencao" element={<ManutencaoPage />} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>,
    );
    expect(await page.findByRole('heading', { name: 'Diários de obra em manutenção' }, T)).toBeInTheDocument();
    const notice = await page.findByTestId('manutencao-aviso', {}, T);
    expect(notice).toHaveTextContent('Migração das fotos dos diários.');
    expect(notice).toHaveTextContent(`Previsão de término: ${maintenanceEndText(rdo.fimPrevisto)}`);
    expect(maintenanceEndText(rdo.fimPrevisto)).toMatch(/^[a-zçá-]+, \d{2}\/\d{2}\/\d{4} às 18:00$/);
    for (const [user, where] of [
      [SM, '/manutencao?escopo=rdo'],
      [ADMIN, '/diarios'],
    ] as const) {
      expect(await landsAt('/diarios', user, [rdo])).toBe(where);
    }

    fireEvent.click(within(screen.getByTestId('manutencao-rdo')).getByRole('button', { name: 'Encerrar' }));
    const pop = (await screen.findByText('Encerrar a manutenção: Diários de obra?', {}, T)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: 'Encerrar' }));
    await waitFor(async () => expect(await active()).toEqual([]), T);
    fireEvent.click(await page.findByRole('button', { name: 'Verificar novamente' }, T));
    expect(await page.findByRole('heading', { name: 'Manutenção encerrada' }, T)).toBeInTheDocument();
  });

  it('the administrator puts one screen in maintenance: its list and records close, the rest of its module stays open', async () => {
    const POSV = 'posvendas@portal.local';
    renderViews({
      schemas: [],
      path: '/admin/manutencao',
      routes: <Route path="/admin/manutencao" element={<MaintenanceAdminPage />} />,
      user: DEMO_USERS[ADMIN],
    });
    const chooser = await screen.findByRole('combobox', { name: 'Tela para colocar em manutenção' }, T);
    const startButton = screen.getByRole('button', { name: 'Colocar a tela em manutenção' });
    expect(startButton).toBeDisabled();
    fireEvent.mouseDown(chooser);
    fireEvent.change(chooser, { target: { value: 'Tickets de pós' } });
    fireEvent.click(await screen.findByText('Tickets de pós-venda', { selector: '.ant-select-item-option-content' }, T));
    await waitFor(() => expect(startButton).toBeEnabled());
    fireEvent.click(startButton);
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em manutenção: Tickets de pós-venda' }, T);
    await userEvent.type(within(dialog).getByLabelText('Mensagem para quem usa o portal'), 'Ajuste no formulário de chamados.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Colocar em manutenção' }));
    await waitFor(async () => expect((await active()).map((a) => a.escopo)).toEqual(['tela:posvendas']), T);
    // Listed with the portal and the modules while it lasts, with its own button to end it.
    const item = await screen.findByTestId('manutencao-tela:posvendas', {}, T);
    expect(within(item).getByText('Em manutenção')).toBeInTheDocument();
    const [closed] = await active();
    for (const [path, where] of [
      ['/posvendas', '/manutencao?escopo=tela%3Aposvendas'],
      ['/posvendas/1', '/manutencao?escopo=tela%3Aposvendas'],
      ['/dashboard-posvendas', '/dashboard-posvendas'],
    ] as const) {
      expect(await landsAt(path, POSV, [closed]), path).toBe(where);
    }
    fireEvent.click(within(item).getByRole('button', { name: 'Encerrar' }));
    const pop = (await screen.findByText('Encerrar a manutenção: Tickets de pós-venda?', {}, T)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: 'Encerrar' }));
    await waitFor(async () => expect(await active()).toEqual([]), T);
  });
});
