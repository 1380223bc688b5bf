/**
 * The one tree screen: the tree in a card on the left (on top at phone width), with a search box
 * that keeps the ancestors of what matches, and the selected node's panel on the right. Each page
 * (EAP, library, document tree) gives its nodes (`buildTree`), how a node reads, its buttons and
 * its panel. With `panelTitle` the panel sits in a titled card and opens in a full-width drawer on
 * a phone; without it the panel is its own card and goes below the tree, whose box then scrolls.
 * With `onMove`, a node is dragged onto another (under it) or beside it (at its level), never into
 * its own subtree.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Col, Drawer, Empty, Grid, Input, Row, Space, Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { filterTree, flatten, subtreeKeys, type TreeNode, type TreeRecord } from './build';
import { useTreeExpansion } from './use-tree-expansion';
import { Loading } from '../loading';

export interface TreeScreenProps<T extends TreeRecord> {
  /** Accessible name of the tree. */
  label: string;
  roots: TreeNode<T>[];
  /** The tree card's title and buttons. */
  title: ReactNode;
  extra?: ReactNode;
  loading?: boolean;
  error?: { message: string; description?: string };
  /** Shown when there is no node. */
  emptyText: string;
  /** Shown above the tree when it has nodes (hints, warnings). */
  notice?: ReactNode;
  /** A node's text: what the search looks in, and its title unless `nodeTitle` says otherwise. */
  textOf: (item: T) => string;
  nodeTitle?: (node: TreeNode<T>) => ReactNode;
  /** Placeholder of the search box (pt-BR). */
  searchPlaceholder: string;
  /** Folders (icons, whole-row selection) or lines (outline). */
  variant: 'directory' | 'lines';
  /** Wider tree column, for long node titles. */
  wide?: boolean;
  selectedKey?: string;
  onSelect: (key: string | undefined) => void;
  /** Drag and drop: the node and its new parent (undefined: the root level). */
  onMove?: (node: TreeNode<T>, parent: TreeNode<T> | undefined) => void;
  panel: ReactNode | null;
  panelTitle?: string;
  /** Shown beside the tree while nothing is selected. */
  emptyPanel: string;
  onClosePanel?: () => void;
}

export function TreeScreen<T extends TreeRecord>(props: TreeScreenProps<T>) {
  const { label, roots, loading, error, textOf, nodeTitle, selectedKey, onSelect, onMove, panel, panelTitle } = props;
  const phone = Grid.useBreakpoint().md === false;
  const drawer = panelTitle !== undefined && phone;
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTree(roots, search, textOf), [roots, search, textOf]);
  const nodes = useMemo(() => new Map(flatten(roots).map((n) => [n.key, n])), [roots]);
  const { expandedKeys, toggle } = useTreeExpansion(shown, !!search.trim());
  const treeData = useMemo(() => {
    const toData = (n: TreeNode<T>): TreeDataNode => ({ key: n.key, title: textOf(n.item), children: n.children.map(toData) });
    return shown.map(toData);
  }, [shown, textOf]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = nodes.get(String(info.dragNode.key));
    const target = nodes.get(String(info.node.key));
    // Onto a node: under it. Into the gap beside a node: at its level.
    if (dragged && target) onMove?.(dragged, info.dropToGap ? target.parent : target);
  };
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode }) => {
    const dragged = nodes.get(String(dragNode.key));
    return !!dragged && !subtreeKeys(dragged).has(String(dropNode.key));
  };
  const treeProps: TreeProps = {
    treeData,
    expandedKeys,
    onExpand: (_keys, { expanded, node }) => toggle(String(node.key), expanded),
    selectedKeys: selectedKey ? [selectedKey] : [],
    onSelect: (keys) => onSelect(keys.length ? String(keys[0]) : undefined),
    titleRender: (d) => {
      const n = nodes.get(String(d.key));
      return n && nodeTitle ? nodeTitle(n) : String(d.title);
    },
    draggable: onMove ? { icon: false } : false,
    allowDrop,
    onDrop,
  };

  const tree = loading ? (
    <Loading style={{ margin: '32px auto' }} label="Carregando" />
  ) : error ? (
    <Alert type="error" showIcon message={error.message} description={error.description} />
  ) : !roots.length ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
  ) : (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      {props.notice}
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        aria-label={props.searchPlaceholder}
        placeholder={props.searchPlaceholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {shown.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada encontrado com esta busca." />}
      {props.variant === 'directory' ? (
        <Tree.DirectoryTree aria-label={label} {...treeProps} expandAction={false} />
      ) : (
        <Tree aria-label={label} {...treeProps} blockNode showLine />
      )}
    </Space>
  );
  const emptyPanel = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyPanel} />;
  const side =
    panelTitle !== undefined ? (
      <Card size="small" title={panelTitle} style={{ position: 'sticky', top: 16 }}>
        {panel ?? emptyPanel}
      </Card>
    ) : (
      (panel ?? <Card size="small">{emptyPanel}</Card>)
    );

  return (
    <>
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} md={props.wide ? 14 : 9} xl={props.wide ? 14 : 8}>
          <Card
            size="small"
            title={props.title}
            extra={props.extra}
            styles={panelTitle === undefined ? { body: { maxHeight: phone ? 280 : '70vh', overflow: 'auto' } } : undefined}
          >
            {tree}
          </Card>
        </Col>
        {drawer ? null : (
          <Col xs={24} md={props.wide ? 10 : 15} xl={props.wide ? 10 : 16}>
            {side}
          </Col>
        )}
      </Row>
      {drawer ? (
        <Drawer open={!!panel} onClose={props.onClosePanel} title={panelTitle} width="100%" destroyOnHidden>
          {panel}
        </Drawer>
      ) : null}
    </>
  );
}
