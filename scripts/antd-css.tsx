/**
 * antd's styles for the components of the first screens (login, layout, lists, home), written
 * ahead of time: `npx tsx scripts/antd-css.tsx > antd.css`. The build runs it
 * (scripts/vite/antd-css.ts) and links the file from index.html.
 *
 * antd 5 writes its CSS in the browser: the first render of each component type computes its
 * style objects, serializes them and injects a <style> (profiled on a list page: ~0.4–0.6 s of
 * main thread on a desktop). The file ends with antd's own cache map
 * (`.data-ant-cssinjs-cache-path{content:"…"}`, see @ant-design/cssinjs `extractStyle`): at the
 * first render antd reads it and skips, for every component listed, the work the file already did
 * (antd's documented "static extraction"). Components not rendered here, or under another theme,
 * keep generating their style at run time as before.
 *
 * The tree is rendered with the app's ConfigProvider settings (src/app/main.tsx: theme and pt-BR
 * locale), so the theme hash — and the class names — are the app's.
 */
import type { ComponentType, ReactNode } from 'react';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Input,
  Layout,
  List,
  Menu,
  Pagination,
  Popconfirm,
  Popover,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { renderToString } from 'react-dom/server';
import { theme } from '../src/app/theme';

type Panel = ComponentType<Record<string, unknown>>;
const panel = (c: unknown) => (c as { _InternalPanelDoNotUseOrYouWillBeFired: Panel })._InternalPanelDoNotUseOrYouWillBeFired;

/**
 * One element per component family whose style the file carries: those the login page, the
 * signed-in layout, a list and the home render at once (collected from the <style> tags antd
 * wrote on those pages). Forms, show pages, dialogs and notifications keep writing theirs when
 * first used, so the file every page downloads stays small.
 */
export function firstScreenComponents(): ReactNode[] {
  const TooltipPanel = panel(Tooltip);
  const PopoverPanel = panel(Popover);
  const PopconfirmPanel = panel(Popconfirm);
  return [
    <Alert key="alert" message="" />,
    <Avatar key="avatar" />,
    <Badge key="badge" count={1} />,
    <Breadcrumb key="breadcrumb" items={[]} />,
    <Button key="button" />,
    <Card key="card" />,
    <Row key="row">
      <Col />
    </Row>,
    <Divider key="divider" />,
    // Closed: its style hook still runs (the phone layout's menu).
    <Drawer key="drawer" open={false} />,
    <Dropdown key="dropdown" menu={{ items: [] }}>
      <span />
    </Dropdown>,
    <Empty key="empty" />,
    <Input key="input" />,
    <Input.Search key="search" />,
    <Input.Password key="password" />,
    <Layout key="layout">
      <Layout.Sider />
      <Layout.Header />
      <Layout.Content />
    </Layout>,
    <List key="list" />,
    <Menu key="menu" items={[]} />,
    <Pagination key="pagination" total={1} />,
    <Select key="select" />,
    <Space key="space" />,
    <Spin key="spin" />,
    <Table key="table" />,
    <Tag key="tag" />,
    <Typography.Text key="typography" />,
    <TooltipPanel key="tooltip" />,
    <PopoverPanel key="popover" />,
    <PopconfirmPanel key="popconfirm" title="" />,
  ];
}

/** The CSS of `nodes` under the app's ConfigProvider, with antd's cache map. */
export function antdCss(nodes: ReactNode[] = firstScreenComponents()): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={ptBR} theme={theme}>
        {nodes}
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token'] });
}

if (process.argv[1] && /antd-css\.tsx$/.test(process.argv[1])) process.stdout.write(antdCss());
