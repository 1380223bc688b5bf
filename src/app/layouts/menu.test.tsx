import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ConfigProvider } from 'antd';
import { theme } from '../theme';
import { defineAbilityFor } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { ROUTED } from '../../../resources/routes';
import type { LayoutKind } from '../../../resources/routes/types';
import { StaticAbilityProvider } from '../access/ability-context';
import { matchAppRoute } from '../guard/guard-rules';
import { CurrentRouteProvider } from '../guard/navigation-guard';
import { buildMenu, canChooseSite, layoutMenu, menuPaths, type MenuGroup } from './menu';
import { PortalLayout } from './portal-layout';
import { LayoutServicesProvider } from '../providers/layout-services';

const user = (roles: string[], tipo = 'staff'): PortalUser => ({
  id_user: 'u1',
  username: 'ana@empresa.com',
  email: 'ana@empresa.com',
  name: 'Ana Souza',
  empresa: ['empresa'],
  obra: ['101'],
  roles,
  tipo,
});
const CLIENT = user(['cliente', 'projetista', 'aprovador'], 'cliente');
const SITE_MANAGER = user(['site_manager', 'rdo_by_obra']);
const ADMIN = user(['acesso_total']);

const shape = (groups: MenuGroup[]) => groups.map((g) => [g.title, g.items.map((i) => i.to)]);
const LAYOUTS: LayoutKind[] = ['open', 'general', 'site', 'factory'];

describe('menu per role (built from the route table and the ability)', () => {
  it('client (cliente, projetista, aprovador, obra 101): exactly what they may open', () => {
    const ability = defineAbilityFor(CLIENT);
    expect(shape(buildMenu('open', ability, '101'))).toEqual([['Geral', ['/pendencias', '/versoesSistema', '/todas-obras']]]);
    // Decision 30: its sites' post-sales tickets, without the dashboards, costs or surveys of the subject.
    expect(shape(buildMenu('general', ability, '101'))).toEqual([
      ['Pós-venda', ['/posvendas']],
      ['CRE', ['/cre']],
    ]);
    expect(shape(buildMenu('site', ability, '101'))).toEqual([
      ['Obra', ['/obras/101', '/obras/101/galeria']],
      ['CRE', ['/obras/101/cre']],
    ]);
    expect(buildMenu('factory', ability, '101')).toEqual([]);
  });

  it("client's representative (representante_cliente, obra 101): its reports and RITs, and no FIELD entry", () => {
    const ability = defineAbilityFor(user(['cliente', 'representante_cliente'], 'cliente'));
    expect(shape(buildMenu('open', ability, '101'))).toEqual([['Geral', ['/pendencias', '/versoesSistema']]]);
    expect(shape(buildMenu('general', ability, '101'))).toEqual([
      ['Diários de obra', ['/diarios']],
      ['Pós-venda', ['/posvendas']],
      // Decision 37: the issued RITs of its sites, on their own subject: no checklist nor work-order entry.
      ['Field e automação', ['/rits']],
      // Decision 38: its sites' punch list, once a site turns it on at handover.
      ['Obras', ['/itens-verificacao']],
    ]);
    expect(buildMenu('site', ability, '101')).toEqual([]);
    expect(buildMenu('factory', ability, '101')).toEqual([]);
  });

  it('site manager (site_manager, rdo_by_obra): exactly what they may open', () => {
    const ability = defineAbilityFor(SITE_MANAGER);
    expect(shape(buildMenu('general', ability, '101'))).toEqual([
      ['Biblioteca', ['/biblioteca', '/documentos']],
      // Issue 40: the calendar of the policies' expiries, with the list it reads.
      ['Seguros', ['/seguros?obra=101', '/seguros/vencimentos', '/endossos']],
      ['Diários de obra', ['/diarios']],
      ['Fábrica', ['/fabricacao']],
      ['Contratos e materiais', ['/contrato', '/produtos-contrato']],
      ['CRE', ['/cre', '/cre/AsBuilt?categoria=AsBuilt', '/cre/Executivo?categoria=Executivo', '/cre/Referencia?categoria=Referencia']],
      // Decisions 26–27: every staff member opens SGI records (and reads their own) and files ethics reports.
      ['SGI', ['/sgi', '/sgi/qualidade', '/sgi/meioAmbiente', '/sgi/seguranca', '/sgi/auditoria', '/sgi/acoes', '/relatos-etica']],
      // Decision 31: every staff member records their absences and substitutes; issue 26: what waits on the device.
      ['Usuário', ['/no-aparelho', '/lixeira', '/importacoes', '/ausencias']],
      // Decision 38: the punch list of every site they read (and the site's own, below).
      ['Obras', ['/itens-verificacao']],
    ]);
    expect(shape(buildMenu('site', ability, '101'))).toEqual([
      ['Obra', ['/obras/101', '/obras/101/biblioteca', '/obras/101/galeria', '/obras/101/itens-verificacao', '/obras/101/plantas']],
      ['CRE', ['/obras/101/cre/Dashboard', '/obras/101/cre', '/obras/101/cre/AsBuilt?categoria=AsBuilt']],
      ['Field e automação', ['/101/field/ordensServico', '/101/automacao/ordensServico', '/101/ordensServico']],
      // Decision 30: the site's schedule, read-only, for whoever reads its RDOs.
      // Issue 36: the site's own reports first.
      ['Diários de obra', ['/101/diarios', '/101/diarios/datas', '/101/diarios/impraticaveis', '/101/diarios/novo']],
      ['Contratos e materiais', ['/101/contrato']],
    ]);
  });

  it('administrator (acesso_total): every menu route of every layout', () => {
    const ability = defineAbilityFor(ADMIN);
    for (const layout of LAYOUTS) {
      const expected = ROUTED.filter((r) => r.layout === layout && r.menu).map((r) => r.id);
      expect(
        buildMenu(layout, ability, '101')
          .flatMap((g) => g.items.map((i) => i.key))
          .sort(),
      ).toEqual(expected.sort());
    }
  });

  it('never shows an empty group, nor a not-built route, for any role', () => {
    for (const u of [CLIENT, SITE_MANAGER, ADMIN, user([])]) {
      const ability = defineAbilityFor(u);
      for (const layout of LAYOUTS) {
        for (const g of buildMenu(layout, ability, '101')) {
          expect(g.items.length).toBeGreaterThan(0);
          for (const i of g.items) expect(i.route.notBuilt).toBeFalsy();
        }
      }
    }
  });

  it('the open and general layouts show one menu: the inbox and every module on the home page too', () => {
    for (const u of [CLIENT, SITE_MANAGER, ADMIN]) {
      const ability = defineAbilityFor(u);
      const open = shape(layoutMenu('open', ability, '101'));
      expect(open).toEqual(shape(layoutMenu('general', ability, '101')));
      expect(menuPaths(layoutMenu('open', ability, '101'))).toEqual(
        expect.arrayContaining([...menuPaths(buildMenu('open', ability, '101')), ...menuPaths(buildMenu('general', ability, '101'))]),
      );
      // One group per title (the open layout's "Geral" and the general layout's are one).
      expect(new Set(open.map(([title]) => title)).size).toBe(open.length);
    }
    expect(shape(layoutMenu('open', defineAbilityFor(CLIENT), '101'))).toEqual([
      ['Geral', ['/pendencias', '/versoesSistema', '/todas-obras']],
      ['Pós-venda', ['/posvendas']],
      ['CRE', ['/cre']],
    ]);
    // Site and factory layouts keep their own menu.
    expect(layoutMenu('site', defineAbilityFor(SITE_MANAGER), '101')).toEqual(buildMenu('site', defineAbilityFor(SITE_MANAGER), '101'));
  });

  it('site routes are left out when no site is known', () => {
    const ability = defineAbilityFor(SITE_MANAGER);
    expect(buildMenu('site', ability, undefined)).toEqual([]);
  });

  it('partners read no site: no site-required entry (its chooser would be empty); the law firm has its cases', () => {
    const firm = { ...user(['escritorio'], 'escritorio'), obra: [], empresa: ['Andrade & Lobo Advogados'] };
    const supplier = { ...user(['fornecedor'], 'fornecedor'), obra: [], empresa: ['Montagens Ideal Ltda.'] };
    for (const u of [firm, supplier]) {
      const ability = defineAbilityFor(u);
      expect(canChooseSite(ability)).toBe(false);
      const entries = LAYOUTS.flatMap((l) => buildMenu(l, ability, undefined)).flatMap((g) => g.items);
      expect(entries.filter((i) => i.route.obraObrigatoria).map((i) => i.to)).toEqual([]);
    }
    const firmPaths = menuPaths(buildMenu('general', defineAbilityFor(firm)));
    expect(firmPaths).toContain('/processos-juridicos');
    for (const p of ['/juridico/civil', '/juridico/trabalhista', '/juridico/dashboard']) expect(firmPaths).not.toContain(p);
    // Staff who read the cases keep the site-scoped legal pages (they choose among every site) and the list of all cases.
    const legal = defineAbilityFor(user(['leitura_juridico']));
    expect(canChooseSite(legal)).toBe(true);
    expect(menuPaths(buildMenu('general', legal, '101'))).toEqual(
      expect.arrayContaining(['/juridico/civil?obra=101', '/juridico/trabalhista?obra=101', '/processos-juridicos']),
    );
  });
});

function setViewport(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = min ? width >= Number(min[1]) : max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}
const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

const NORTE = { Id_Lista: '101', nome: 'Fábrica Norte' };

function renderLayout(u: PortalUser, path: string, layout: Exclude<LayoutKind, 'public'>, sites = [NORTE]) {
  const match = matchAppRoute(path, ROUTED)!;
  return render(
    <ConfigProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <StaticAbilityProvider ability={defineAbilityFor(u)} user={u}>
          <LayoutServicesProvider value={{ searchObras: async () => sites, logout: () => {} }}>
            <CurrentRouteProvider
              value={{ route: match.route, params: match.params, obra: match.params.obra, obraRecord: { Id_Lista: '101', nome: 'Fábrica Norte' } }}
            >
              <PortalLayout layout={layout}>
                <div>conteúdo</div>
              </PortalLayout>
            </CurrentRouteProvider>
          </LayoutServicesProvider>
        </StaticAbilityProvider>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

describe('PortalLayout', () => {
  it('the user menu offers Perfil, "No aparelho" and Sair (docs/uso.md)', async () => {
    setViewport(1600);
    renderLayout({ ...SITE_MANAGER, name: 'Site Manager' }, '/diarios', 'general');
    fireEvent.click(screen.getByRole('button', { name: 'Menu do usuário: Site Manager' }));
    await waitFor(() => expect(document.querySelector('.ant-dropdown')).not.toBeNull());
    const dropdown = within(document.querySelector('.ant-dropdown') as HTMLElement);
    expect(dropdown.getByRole('link', { name: 'No aparelho' }).getAttribute('href')).toBe('/no-aparelho');
    expect(dropdown.getByRole('link', { name: 'Perfil' })).toBeInTheDocument();
    expect(dropdown.getByText('Sair')).toBeInTheDocument();
  });

  it('desktop: the sidebar shows the groups and entries the client may open; breadcrumbs start at Início', () => {
    setViewport(1600);
    renderLayout(CLIENT, '/obras/101/cre', 'site');
    const nav = screen.getByRole('menu', { name: 'Menu principal' });
    expect(within(nav).getByText('Início')).toBeInTheDocument();
    expect(within(nav).getByText('Obra')).toBeInTheDocument();
    expect(within(nav).getByText('Painel da obra')).toBeInTheDocument();
    expect(within(nav).getByText('CRE')).toBeInTheDocument();
    expect(within(nav).getByText('Documentos de projeto')).toBeInTheDocument();
    expect(within(nav).queryByText('As Built')).toBeNull();
    expect(within(nav).queryByText('Todas as informações')).toBeNull();
    expect(within(nav).queryByText('Field e automação')).toBeNull();
    const crumbs = document.querySelector('.ant-breadcrumb')!;
    expect(crumbs.textContent).toContain('Início');
    expect(crumbs.textContent).toContain('101 – Fábrica Norte');
    expect(crumbs.textContent).toContain('Documentos de projeto');
    expect(screen.getByText('conteúdo')).toBeInTheDocument();
  });

  it('below lg (1280 px) the sidebar is a drawer opened by the menu button', async () => {
    setViewport(1000);
    renderLayout(SITE_MANAGER, '/diarios', 'general');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    await waitFor(() => expect(document.querySelector('.ant-layout-sider')).toBeNull());
    const nav = await screen.findByRole('menu', { name: 'Menu principal' });
    expect(within(nav).getByText('Diários de obra', { selector: 'a' })).toBeInTheDocument();
    expect(within(nav).queryByText('Pós-venda')).toBeNull();
    // Its entries drawn, the menu's region is no longer busy (the browser tests wait for this).
    expect(nav.closest('nav')).not.toHaveAttribute('aria-busy');
  });

  it('a partner, who reads no site, gets no site chooser in the header; a client does', () => {
    setViewport(1600);
    const firm = { ...user(['escritorio'], 'escritorio'), obra: [], empresa: ['23456789000195'] };
    const { unmount } = renderLayout(firm, '/processos-juridicos', 'general');
    const header = document.querySelector('.ant-layout-header') as HTMLElement;
    expect(within(header).queryByRole('combobox', { name: 'Selecionar obra' })).toBeNull();
    const nav = screen.getByRole('menu', { name: 'Menu principal' });
    expect(within(nav).getByText('Processos jurídicos')).toBeInTheDocument();
    expect(within(nav).queryByText('Cível')).toBeNull();
    unmount();
    renderLayout(CLIENT, '/obras/101/cre', 'site');
    expect(within(document.querySelector('.ant-layout-header') as HTMLElement).getByRole('combobox', { name: 'Selecionar obra' })).toBeInTheDocument();
  });

  it('the site chooser shows the site the page is about: none on a list of every site, unless the person has one site (issue 36)', async () => {
    setViewport(1600);
    localStorage.setItem('ultimaObra', '101');
    const chosen = () => document.querySelector('.ant-layout-header .ant-select-selection-item')?.textContent;
    const placeholder = () => document.querySelector('.ant-layout-header .ant-select-selection-placeholder')?.textContent;
    const both = [NORTE, { Id_Lista: '102', nome: 'Centro Sul' }];
    const first = renderLayout(SITE_MANAGER, '/diarios', 'general', both);
    await waitFor(() => expect(placeholder()).toBe('Selecione uma obra'));
    expect(chosen()).toBeUndefined();
    first.unmount();
    const second = renderLayout(SITE_MANAGER, '/101/diarios', 'site', both);
    await waitFor(() => expect(chosen()).toBe('101 – Fábrica Norte'));
    second.unmount();
    renderLayout(SITE_MANAGER, '/diarios', 'general', [NORTE]);
    await waitFor(() => expect(chosen()).toBe('101 – Fábrica Norte'));
    localStorage.removeItem('ultimaObra');
  });

  it('the home, the inbox and a module page show the same menu', () => {
    setViewport(1600);
    const entries = () =>
      within(screen.getByRole('menu', { name: 'Menu principal' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    const pages: [string, Exclude<LayoutKind, 'public'>][] = [
      ['/obras', 'open'],
      ['/pendencias', 'open'],
      ['/diarios', 'general'],
    ];
    const menus = pages.map(([path, layout]) => {
      const view = renderLayout(SITE_MANAGER, path, layout);
      const out = entries();
      view.unmount();
      return out;
    });
    expect(menus[0]).toContain('/diarios');
    expect(menus[0]).toContain('/pendencias');
    expect(menus[1]).toEqual(menus[0]);
    expect(menus[2]).toEqual(menus[0]);
  });

  it('phone (390 px): a long menu label wraps onto a second line instead of ending in "…"', async () => {
    setViewport(390);
    renderLayout(SITE_MANAGER, '/pendencias', 'open');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    const nav = await screen.findByRole('menu', { name: 'Menu principal' });
    const link = within(nav).getByRole('link', { name: 'Endossos (risco de engenharia)' });
    const item = link.closest('li') as HTMLElement;
    expect(item).toHaveStyle({ whiteSpace: 'normal', height: 'auto' });
  });

  it('phone (390 px): the header keeps the pending-steps bell icon-only, linking to /pendencias', () => {
    setViewport(390);
    renderLayout(CLIENT, '/obras/101/cre', 'site');
    const header = document.querySelector('.ant-layout-header') as HTMLElement;
    const bell = within(header).getByRole('link', { name: 'Minhas pendências' });
    expect(bell).toHaveAttribute('href', '/pendencias');
    expect(bell.textContent).toBe('');
    expect(within(header).getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
  });
});
