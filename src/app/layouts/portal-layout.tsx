/**
 * The four authenticated layouts (open, general, site, factory) on antd's Layout:
 * sidebar menu built from the route table for the layout (see menu.ts), breadcrumbs
 * "Início" → route breadcrumb → name, site picker, the pending-steps bell, user menu (Perfil, Sair). Below the lg
 * breakpoint (1280 px) the sidebar becomes a Drawer opened by a menu button.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Avatar, Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, Space, Typography, theme as antdTheme } from 'antd';
import type { MenuProps } from 'antd';
import { DownloadOutlined, HomeOutlined, LogoutOutlined, MenuOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import type { LayoutKind } from '../../../resources/routes/types';
import { useList, useOne } from '@refinedev/core';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { recordTitle } from '../fields/options';
import { obraLabel } from '../fields/obra-label';
import { useAbility, useCurrentUser } from '../access/ability-context';
import { useCurrentRoute } from '../guard/navigation-guard';
import { PendenciasBell } from '../modules/pendencias/pendencias-bell';
import { SearchTrigger } from '../modules/busca/search-trigger';
import { useScrollLockContext } from '../root/overlays';
import { PRIMARY_COLOR } from '../theme';
import { RouteIcon } from './route-icon';
import { layoutMenu, type MenuGroup } from './menu';
import { MenuViewLabel, MenuViewsSource, menuViewTarget, useHasDataLayer, type MenuViews } from '../views/saved-views/menu-views';
import { Pode } from '../access/pode';
import { SitePicker } from '../fields/site-picker';
import { rememberedObra, rememberObra, useLayoutServices } from '../providers/layout-services';
import { LiveEvents } from '../providers/live-events';
import { INSTALL_LABEL, OfflineTag, useInstallOffer } from '../pwa/pwa-ui';

export const LAYOUT_TITLES: Record<Exclude<LayoutKind, 'public'>, string> = {
  open: 'Portal',
  general: 'Portal',
  site: 'Obra',
  factory: 'Fábrica',
};

const SIDER_WIDTH = 264;
const NO_GROUPS: MenuGroup[] = [];

/**
 * A menu entry wraps onto a second line instead of ending in "…" (a phone's drawer is as narrow as
 * the sider: "Endossos (risco de engenharia)"). antd gives items a fixed 40 px line; this lets the
 * item grow with its label.
 */
export const WRAPPING_ITEM_STYLE: CSSProperties = {
  height: 'auto',
  minHeight: 40,
  lineHeight: 1.35,
  paddingBlock: 9,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
};

/** A saved view's entry under its list's: indented, a smaller line. */
const VIEW_ITEM_STYLE: CSSProperties = { ...WRAPPING_ITEM_STYLE, minHeight: 32, paddingBlock: 5, paddingInlineStart: 58, fontSize: 13 };

function menuItems(groups: MenuGroup[], onNavigate: () => void, views: MenuViews | undefined, obra: string | undefined): MenuProps['items'] {
  return [
    {
      key: 'home',
      icon: <HomeOutlined />,
      label: (
        <Link to="/obras" onClick={onNavigate}>
          Início
        </Link>
      ),
    },
    ...groups.map((g) => ({
      key: `group:${g.title}`,
      type: 'group' as const,
      label: g.title,
      children: g.items.flatMap((i) => {
        const entry = {
          key: i.key,
          style: WRAPPING_ITEM_STYLE,
          icon: <RouteIcon name={i.icon} />,
          label: (
            <Link to={i.to} onClick={onNavigate}>
              {i.label}
            </Link>
          ),
        };
        // The list's saved views, right under its entry (issue 39).
        const target = views ? menuViewTarget(i.route, i.to, obra) : undefined;
        const ofList = target ? views?.get(target.lista) : undefined;
        if (!target || !ofList?.visoes.length) return [entry];
        return [
          entry,
          ...ofList.visoes.map((v) => ({
            key: `visao:${i.key}:${v.id}`,
            style: VIEW_ITEM_STYLE,
            label: <MenuViewLabel target={target} view={v} to={i.to} isDefault={ofList.padrao === v.id} onNavigate={onNavigate} />,
          })),
        ];
      }),
    })),
  ];
}

/** The record's title, loaded through the same data provider (cached with the page's own query). */
function RecordCrumb({ schema, field, value }: { schema: EntitySchema; field: string; value: string }) {
  const byId = field === 'id';
  const one = useOne({ resource: schema.resource, id: value, queryOptions: { enabled: byId }, errorNotification: false });
  const many = useList({
    resource: schema.resource,
    filters: [{ field, operator: 'eq', value }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: !byId },
    errorNotification: false,
  });
  const row = byId ? one.result : many.result?.data?.[0];
  return <>{row ? recordTitle(schema, row) : '…'}</>;
}

export function PortalBreadcrumb() {
  const current = useCurrentRoute();
  if (!current) return null;
  const { route, params, obra, obraRecord } = current;
  const items: { title: ReactNode }[] = [{ title: <Link to="/obras">Início</Link> }];
  if (obra && (route.layout === 'site' || route.layout === 'factory')) {
    const home = route.layout === 'factory' ? `/fabricacao/${encodeURIComponent(obra)}` : `/obras/${encodeURIComponent(obra)}`;
    items.push({ title: <Link to={home}>{obraLabel(obra, obraRecord)}</Link> });
  }
  if (route.screen !== 'home') items.push({ title: route.breadcrumb });
  // The name: the title of the record the route opens (never a bare "#128").
  const record = route.entity?.record;
  const name = record && record.param !== 'obra' ? params[record.param] : undefined;
  const schema = route.entity ? schemaByName(route.entity.name) : undefined;
  if (name && schema) items.push({ title: <RecordCrumb schema={schema} field={record?.field ?? 'id'} value={name} /> });
  return <Breadcrumb items={items} style={{ margin: '12px 0' }} />;
}

function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useLayoutServices();
  const install = useInstallOffer();
  const items: MenuProps['items'] = [
    { key: 'perfil', icon: <UserOutlined />, label: <Link to="/usuarios">Perfil</Link> },
    // What this person wrote on this device and the server does not have yet (issue 26; docs/uso.md).
    { key: 'aparelho', icon: <MobileOutlined />, label: <Link to="/no-aparelho">No aparelho</Link> },
    ...(install ? [{ key: 'instalar', icon: <DownloadOutlined />, label: INSTALL_LABEL, onClick: install }] : []),
    { type: 'divider' },
    { key: 'sair', icon: <LogoutOutlined />, label: 'Sair', onClick: () => logout() },
  ];
  const name = user?.name || user?.email || 'Usuário';
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={`Menu do usuário: ${name}`} style={{ height: 48 }}>
        <Space>
          <Avatar size="small" style={{ background: PRIMARY_COLOR }} icon={<UserOutlined />} />
          <span className="portal-user-name">{name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}

export interface PortalLayoutProps {
  layout: Exclude<LayoutKind, 'public'>;
  /** Defaults to the router's <Outlet/>. */
  children?: ReactNode;
}

export function PortalLayout({ layout, children }: PortalLayoutProps) {
  const screens = Grid.useBreakpoint();
  // Until the first measure, assume a desktop (jsdom reports no match).
  const mobile = screens.lg === false;
  const { token } = antdTheme.useToken();
  const ability = useAbility();
  const current = useCurrentRoute();
  const location = useLocation();
  const { setSidebarOpen, locked } = useScrollLockContext();
  // The menu and the page scroll separately; a new page starts at its top.
  const contentRef = useRef<HTMLElement>(null);
  useEffect(() => {
    contentRef.current?.scrollTo?.({ top: 0 });
  }, [location.pathname]);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const obra = current?.obra ?? rememberedObra();
  useEffect(() => {
    if (current?.obra) rememberObra(current.obra);
  }, [current?.obra]);

  // The same menu on every page of the layout (the home and the inbox included: MENU_LAYOUTS).
  const groups = useMemo(() => layoutMenu(layout, ability, obra), [layout, ability, obra]);
  // Drawn after the page, in an interruptible render (issue 36: the administrator's ~60 entries,
  // each an antd menu item with its icon and link, made one long task with the page's first render).
  const shownGroups = useDeferredValue(groups, NO_GROUPS);
  const close = () => setDrawerOpen(false);
  const [menuViews, setMenuViews] = useState<MenuViews>();
  const dataLayer = useHasDataLayer();
  const items = useMemo(() => menuItems(shownGroups, close, menuViews, obra), [shownGroups, menuViews, obra]);
  // Busy until the deferred entries are drawn (assistive technology, and the browser tests, wait for them).
  const menuBusy = shownGroups !== groups || undefined;

  // Close the drawer on navigation; lock page scrolling while it is open.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    setSidebarOpen(mobile && drawerOpen);
    return () => setSidebarOpen(false);
  }, [mobile, drawerOpen, setSidebarOpen]);

  const selected = current ? [current.route.screen === 'home' ? 'home' : current.route.id] : [];
  const menu = <Menu mode="inline" items={items} selectedKeys={selected} style={{ borderInlineEnd: 0 }} aria-label="Menu principal" />;

  return (
    <Layout style={{ height: '100%', flex: '1 1 auto', minHeight: 0 }}>
      {!mobile && (
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, overflowY: 'auto', height: '100%' }}
        >
          <div style={{ padding: '16px 24px', fontWeight: 700, fontSize: 18, color: PRIMARY_COLOR }}>{LAYOUT_TITLES[layout]}</div>
          <nav aria-busy={menuBusy}>{menu}</nav>
        </Layout.Sider>
      )}
      {dataLayer && <MenuViewsSource enabled={shownGroups.length > 0} onViews={setMenuViews} />}
      {mobile && (
        <Drawer open={drawerOpen} onClose={close} placement="left" width={SIDER_WIDTH} title={LAYOUT_TITLES[layout]} styles={{ body: { padding: 0 } }}>
          <nav aria-busy={menuBusy}>{menu}</nav>
        </Drawer>
      )}
      {/* minWidth 0: wide tables scroll inside the content instead of widening the page. */}
      <Layout style={{ minWidth: 0, height: '100%' }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: mobile ? 8 : 12,
            paddingInline: mobile ? 8 : 24,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {mobile && <Button type="text" icon={<MenuOutlined />} aria-label="Abrir menu" onClick={() => setDrawerOpen(true)} />}
          {/* One line cut by CSS: antd's `ellipsis` measures it with a forced layout at each render. */}
          <Typography.Text
            strong
            className="ant-typography-ellipsis ant-typography-ellipsis-single-line"
            style={{ color: PRIMARY_COLOR, minWidth: 0, flex: mobile ? '1 1 auto' : '0 1 auto' }}
          >
            {current?.route.title ?? 'Portal'}
          </Typography.Text>
          {!mobile && <div style={{ flex: 1 }} />}
          {/* One search across every module (issue 39): also Ctrl+K / ⌘K and "/". */}
          <SearchTrigger compact={mobile} />
          {/* Suppliers and law firms read no site: no chooser that could only be empty. */}
          {/* On a phone the page title comes first: the site box shrinks to the site's code. */}
          {/* The site the page is about, not the last one visited: a list of every site shows none (issue 36). */}
          <Pode I="read" a="Obra">
            <SitePicker value={current?.obra} compact={mobile} style={{ width: mobile ? 92 : 320, flex: '0 0 auto' }} />
          </Pode>
          <OfflineTag compact={mobile} />
          <PendenciasBell />
          <LiveEvents />
          <UserMenu />
        </Layout.Header>
        <Layout.Content
          ref={contentRef}
          data-testid="page-content"
          // On a phone the page's end scrolls clear of the help icon fixed at the bottom left (help-banner.tsx: 32 px, 8 px from the edge).
          style={{ padding: mobile ? '0 12px 56px' : '0 24px 24px', flex: '1 1 auto', minHeight: 0, overflowY: locked ? 'hidden' : 'auto' }}
        >
          <PortalBreadcrumb />
          {children ?? <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export const OpenLayout = () => <PortalLayout layout="open" />;
export const GeneralLayout = () => <PortalLayout layout="general" />;
export const SiteLayout = () => <PortalLayout layout="site" />;
export const FactoryLayout = () => <PortalLayout layout="factory" />;
