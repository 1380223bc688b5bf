/**
 * `/:obra/field/config` and `/:obra/automacao/config`: the site's EAP (work-breakdown structure) of
 * one area as a tree. One request loads the whole EAP (`eap-os?obra=…&area=…`, up to 1000 items,
 * by code); the tree is built here by `pai`. Selecting an item opens its form beside the tree (a
 * drawer at phone width); "Novo item na raiz" and "Novo subitem" open an empty form with the next
 * code of the level; "Excluir" removes an item without items below it; dragging an item onto
 * another (or "Mover") puts it under that item with the next code there, and the API carries the
 * codes of the items below it along. Other codes are never renumbered. Each level shows the sum of
 * its weights, and the levels whose weights do not add up to 100 % are listed in a warning.
 * The buttons follow the ability on `EapOS` with the item's area and site.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Drawer, Empty, Form, Grid, Input, Modal, Popconfirm, Row, Space, Spin, Tag, Tooltip, Tree, TreeSelect, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { DeleteOutlined, DragOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useDelete, useInvalidate, useList, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { subject as caslSubject } from '@casl/ability';
import { schemaByName } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { AppRoute } from '../../../../resources/routes/types';
import { useAbility } from '../../access/ability-context';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { obraLabel } from '../../fields/obra-label';
import { SchemaFormFields } from '../../views/generic-form';
import { allLevels, buildEapTree, flatten, formatPercent, itemLabel, levelWeights, nextCode, subtreeIds, type EapItem, type EapNode } from './tree';

export type EapArea = 'FIELD' | 'AUTOMACAO';

const RESOURCE = 'eap-os';
const MAX_ITEMS = 1000;
const AREA_TITLES: Record<EapArea, string> = { FIELD: 'EAP (Field)', AUTOMACAO: 'EAP (Automação)' };
const ROOT = 'raiz';

/** The item form: the tree decides the site, the area and the parent (moves go through "Mover"). */
const TREE_FIELDS = new Set(['area', 'obra', 'pai']);
function formSchema(): EntitySchema {
  const base = schemaByName('eapOs')!;
  return { ...base, fields: base.fields.map((f) => (TREE_FIELDS.has(f.name) ? { ...f, hidden: true } : f)) };
}

type Panel = { mode: 'edit'; id: number } | { mode: 'create'; parent?: EapItem; codigo: string };

/** The route's screen: the area is the one its entity filters by (`list('eapOs', { filters: { area } })`). */
export function EapRoutePage({ route }: { route: AppRoute }) {
  const area = route.entity?.filters?.area;
  if (area !== 'FIELD' && area !== 'AUTOMACAO') return <Navigate to="/404" replace />;
  return <EapPage key={area} area={area} />;
}

export function EapPage({ area }: { area: EapArea }) {
  const { obra = '' } = useParams();
  const ability = useAbility();
  const phone = Grid.useBreakpoint().md === false;
  const current = useCurrentRoute();
  const site = obraLabel(obra, current?.obra === obra ? current?.obraRecord : undefined);

  const { result, query } = useList<EapItem, HttpError>({
    resource: RESOURCE,
    filters: [
      { field: 'obra', operator: 'eq', value: obra },
      { field: 'area', operator: 'eq', value: area },
    ],
    sorters: [{ field: 'codigo', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: MAX_ITEMS },
    errorNotification: false,
  });
  const items = useMemo(() => (result.data ?? []) as EapItem[], [result.data]);
  const roots = useMemo(() => buildEapTree(items), [items]);
  const nodes = useMemo(() => new Map(flatten(roots).map((n) => [Number(n.item.id), n])), [roots]);
  const codes = useMemo(() => items.map((i) => i.codigo), [items]);
  const levels = useMemo(() => allLevels(roots), [roots]);

  const [panel, setPanel] = useState<Panel | null>(null);
  const [moving, setMoving] = useState<{ id: number; to?: number | null } | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const selected = panel?.mode === 'edit' ? nodes.get(panel.id) : undefined;

  // An item that is not in the loaded EAP (deleted elsewhere) closes its panel; a new one is
  // selected while the list reloads, so only a settled list decides.
  useEffect(() => {
    if (panel?.mode === 'edit' && query.isSuccess && !query.isFetching && !nodes.has(panel.id)) setPanel(null);
  }, [panel, nodes, query.isSuccess, query.isFetching]);

  const newItem = { area, obra };
  const canCreate = ability.can('create', caslSubject('EapOS', { ...newItem }) as never);
  const canMoveAny = ability.can('update', caslSubject('EapOS', { ...newItem }) as never);

  const startCreate = (parent?: EapNode) =>
    setPanel({ mode: 'create', parent: parent?.item, codigo: nextCode(parent?.item, (parent ? parent.children : roots).map((n) => n.item), codes) });

  const treeData = useMemo(() => {
    const toData = (n: EapNode): TreeDataNode => ({ key: String(n.item.id), title: itemLabel(n.item), children: n.children.map(toData) });
    return roots.map(toData);
  }, [roots]);
  const expandedKeys = useMemo(() => [...nodes.values()].filter((n) => n.children.length && !collapsed.has(String(n.item.id))).map((n) => String(n.item.id)), [nodes, collapsed]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = nodes.get(Number(info.dragNode.key));
    const target = nodes.get(Number(info.node.key));
    if (!dragged || !target) return;
    // Onto an item: under it. Into the gap beside an item: at its level (order always follows the code).
    const to = info.dropToGap ? (target.parent ? Number(target.parent.item.id) : null) : Number(target.item.id);
    setMoving({ id: Number(dragged.item.id), to });
  };
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode }) => {
    const dragged = nodes.get(Number(dragNode.key));
    return !!dragged && !subtreeIds(dragged).has(Number(dropNode.key));
  };

  const title = AREA_TITLES[area];
  const rootWeights = roots.length ? levelWeights(roots) : undefined;
  const wrong = levels.filter((l) => !l.ok);

  const panelBody = panel ? (
    <ItemPanel
      key={panel.mode === 'edit' ? `edit:${panel.id}` : `create:${panel.parent?.id ?? ROOT}:${panel.codigo}`}
      panel={panel}
      node={selected}
      area={area}
      obra={obra}
      onSaved={(id) => setPanel({ mode: 'edit', id })}
      onNewChild={(n) => startCreate(n)}
      onMove={(n) => setMoving({ id: Number(n.item.id) })}
      onDeleted={() => setPanel(null)}
      onCancel={() => setPanel(null)}
    />
  ) : null;
  const panelTitle = panel?.mode === 'edit' ? (selected ? `${selected.item.codigo} — ${selected.item.descricao}` : 'Item da EAP') : panel ? 'Novo item da EAP' : '';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginBottom: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{site}</Typography.Text>
      </div>
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} md={14}>
          <Card
            size="small"
            title={
              <Space wrap size={[8, 0]}>
                <span>Itens</span>
                {rootWeights ? <WeightTag label="Raiz" sum={rootWeights.sum} ok={rootWeights.ok} /> : null}
              </Space>
            }
            extra={
              canCreate ? (
                <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => startCreate()}>
                  Novo item na raiz
                </Button>
              ) : null
            }
          >
            {query.isLoading ? (
              <Spin style={{ display: 'block', margin: '32px auto' }} aria-label="Carregando" />
            ) : query.isError ? (
              <Alert type="error" showIcon message="Não foi possível carregar a EAP." description={query.error?.message} />
            ) : !roots.length ? (
              <Empty description="Esta EAP ainda não tem itens." />
            ) : (
              <Space direction="vertical" size="small" style={{ width: '100%' }}>
                {(result.total ?? 0) > MAX_ITEMS ? (
                  <Alert type="warning" showIcon message={`A EAP tem ${result.total} itens; a árvore mostra os primeiros ${MAX_ITEMS} por código.`} />
                ) : null}
                {wrong.length ? <WeightsWarning levels={wrong} /> : null}
                {canMoveAny ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <DragOutlined /> Arraste um item sobre outro para colocá-lo abaixo dele, ou use “Mover”. O item movido recebe o próximo código do novo nível e
                    os itens abaixo dele acompanham; os códigos dos demais itens não são renumerados.
                  </Typography.Text>
                ) : null}
                <Tree
                  aria-label={title}
                  treeData={treeData}
                  blockNode
                  showLine
                  draggable={canMoveAny ? { icon: false } : false}
                  allowDrop={allowDrop}
                  onDrop={onDrop}
                  expandedKeys={expandedKeys}
                  onExpand={(_keys, { expanded, node }) =>
                    setCollapsed((prev) => {
                      const next = new Set(prev);
                      if (expanded) next.delete(String(node.key));
                      else next.add(String(node.key));
                      return next;
                    })
                  }
                  selectedKeys={selected ? [String(selected.item.id)] : []}
                  onSelect={(keys) => {
                    const id = keys.length ? Number(keys[0]) : undefined;
                    setPanel(id === undefined ? null : { mode: 'edit', id });
                  }}
                  titleRender={(d) => {
                    const n = nodes.get(Number(d.key));
                    if (!n) return String(d.title);
                    const w = n.children.length ? levelWeights(n.children, n.item) : undefined;
                    return (
                      <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                        {itemLabel(n.item)} {w ? <WeightTag label="Subitens" sum={w.sum} ok={w.ok} /> : null}
                      </span>
                    );
                  }}
                />
              </Space>
            )}
          </Card>
        </Col>
        {phone ? null : (
          <Col xs={24} md={10}>
            <Card size="small" title={panelTitle || 'Item da EAP'} style={{ position: 'sticky', top: 16 }}>
              {panelBody ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Selecione um item da árvore para ver e editar os dados." />}
            </Card>
          </Col>
        )}
      </Row>
      {phone ? (
        <Drawer open={!!panel} onClose={() => setPanel(null)} title={panelTitle} width="100%" destroyOnHidden>
          {panelBody}
        </Drawer>
      ) : null}
      {moving ? (
        <MoveModal
          node={nodes.get(moving.id)}
          initialTo={moving.to}
          roots={roots}
          codes={codes}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            setPanel({ mode: 'edit', id: moving.id });
          }}
        />
      ) : null}
    </Space>
  );
}

function WeightTag({ label, sum, ok }: { label: string; sum: number; ok: boolean }) {
  return (
    <Tooltip title={ok ? 'Os pesos deste nível somam 100%.' : 'Os pesos deste nível deveriam somar 100%.'}>
      <Tag color={ok ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }} icon={ok ? undefined : <WarningOutlined />}>
        {label}: {formatPercent(sum)}
      </Tag>
    </Tooltip>
  );
}

function WeightsWarning({ levels }: { levels: ReturnType<typeof allLevels> }) {
  return (
    <Alert
      type="warning"
      showIcon
      message="Os pesos destes níveis não somam 100%:"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {levels.map((l) => (
            <li key={l.parent?.id ?? ROOT}>
              {l.parent ? `Abaixo de ${l.parent.codigo} — ${l.parent.descricao}` : 'Raiz da EAP'}: {formatPercent(l.sum)}
              {l.missing ? ` (${l.missing} ${l.missing === 1 ? 'item sem peso' : 'itens sem peso'})` : ''}
            </li>
          ))}
        </ul>
      }
    />
  );
}

interface ItemPanelProps {
  panel: Panel;
  node?: EapNode;
  area: EapArea;
  obra: string;
  onSaved: (id: number) => void;
  onNewChild: (node: EapNode) => void;
  onMove: (node: EapNode) => void;
  onDeleted: () => void;
  onCancel: () => void;
}

/** The selected item's form with its actions, or the form of a new item. */
function ItemPanel({ panel, node, area, obra, onSaved, onNewChild, onMove, onDeleted, onCancel }: ItemPanelProps) {
  const ability = useAbility();
  const schema = useMemo(formSchema, []);
  const invalidate = useInvalidate();
  const { mutate: remove, mutation: removal } = useDelete<BaseRecord, HttpError>();
  const isEdit = panel.mode === 'edit';
  const item = node?.item;
  const check = (action: string, values: Record<string, unknown>) => ability.can(action as never, caslSubject('EapOS', { ...values }) as never);
  const canSave = isEdit ? !!item && check('update', item) : check('create', { area, obra });
  const canDelete = !!item && check('delete', item);
  const canAddChild = !!item && check('create', { area, obra });
  const canMove = !!item && check('update', item);
  const parent = isEdit ? node?.parent?.item : panel.parent;

  const { formProps, saveButtonProps, formLoading } = useForm<BaseRecord, HttpError, BaseRecord>({
    resource: RESOURCE,
    action: panel.mode,
    id: isEdit ? panel.id : undefined,
    redirect: false,
    mutationMode: 'pessimistic',
    warnWhenUnsavedChanges: false,
    queryOptions: { refetchOnWindowFocus: false },
    // The record is refetched only after a successful save (a failed one keeps what was typed).
    invalidates: ['list', 'many'],
    successNotification: () => ({ type: 'success', message: isEdit ? 'Item da EAP atualizado.' : 'Item da EAP criado.' }),
    errorNotification: (error) => ({
      type: 'error',
      message: error?.message ?? 'Não foi possível salvar.',
      description: error?.errors ? 'Verifique os campos destacados.' : undefined,
    }),
    onMutationSuccess: (data) => {
      const id = Number(data.data.id);
      void invalidate({ resource: RESOURCE, invalidates: ['detail'], id });
      onSaved(id);
    },
  });
  const initialValues = isEdit
    ? formProps.initialValues
    : { area, obra, pai: panel.parent ? Number(panel.parent.id) : null, codigo: panel.codigo };

  if (isEdit && !item) return <Spin style={{ display: 'block', margin: '32px auto' }} aria-label="Carregando" />;

  const actions: ReactNode[] = [];
  if (isEdit && node && canAddChild) {
    actions.push(
      <Button key="sub" icon={<PlusOutlined />} onClick={() => onNewChild(node)}>
        Novo subitem
      </Button>,
    );
  }
  if (isEdit && node && canMove) {
    actions.push(
      <Button key="mover" icon={<DragOutlined />} onClick={() => onMove(node)}>
        Mover
      </Button>,
    );
  }
  if (isEdit && node && canDelete) {
    actions.push(
      node.children.length ? (
        <Tooltip key="excluir" title="Exclua ou mova antes os itens abaixo deste.">
          <Button danger icon={<DeleteOutlined />} disabled>
            Excluir
          </Button>
        </Tooltip>
      ) : (
        <Popconfirm
          key="excluir"
          title={`Excluir o item ${node.item.codigo}?`}
          description={node.item.descricao}
          okText="Excluir"
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          onConfirm={() =>
            remove(
              {
                resource: RESOURCE,
                id: node.item.id,
                mutationMode: 'pessimistic',
                successNotification: () => ({ type: 'success', message: `Item ${node.item.codigo} excluído.` }),
                errorNotification: (error) => ({ type: 'error', message: error?.message ?? 'Não foi possível excluir.' }),
              },
              { onSuccess: onDeleted },
            )
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={removal.isPending}>
            Excluir
          </Button>
        </Popconfirm>
      ),
    );
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {parent ? `Abaixo de ${parent.codigo} — ${parent.descricao}` : 'Na raiz da EAP'}
        {isEdit && node?.children.length ? ` · ${node.children.length} ${node.children.length === 1 ? 'subitem' : 'subitens'}` : ''}
      </Typography.Text>
      {actions.length ? <Space wrap>{actions}</Space> : null}
      <Form {...formProps} initialValues={initialValues} layout="vertical" disabled={!canSave} scrollToFirstError aria-label={isEdit ? 'Dados do item' : 'Novo item'}>
        {isEdit ? (
          <Form.Item name="version" hidden>
            <Input type="hidden" />
          </Form.Item>
        ) : (
          ['area', 'obra', 'pai'].map((name) => (
            <Form.Item key={name} name={name} hidden>
              <Input type="hidden" />
            </Form.Item>
          ))
        )}
        <SchemaFormFields schema={schema} />
        {canSave ? (
          <Space style={{ marginTop: 16 }} wrap>
            <Button type="primary" {...saveButtonProps} loading={formLoading}>
              Salvar
            </Button>
            {isEdit ? null : <Button onClick={onCancel}>Cancelar</Button>}
          </Space>
        ) : null}
      </Form>
    </Space>
  );
}

/** The API's message about the code or the parent (the fields a move writes), else its general message. */
function firstError(error?: HttpError): string | undefined {
  for (const field of ['codigo', 'pai']) {
    const msgs = error?.errors?.[field];
    if (Array.isArray(msgs) && msgs.length) return String(msgs[0]);
  }
  return error?.message || undefined;
}

interface MoveOption {
  value: string;
  title: string;
  children: MoveOption[];
}

/** Puts an item (and the items below it) under another item or at the root, with the next code there. */
function MoveModal({
  node,
  initialTo,
  roots,
  codes,
  onClose,
  onMoved,
}: {
  node?: EapNode;
  initialTo?: number | null;
  roots: EapNode[];
  codes: string[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const currentParent = node?.parent ? Number(node.parent.item.id) : null;
  const [to, setTo] = useState<number | null>(initialTo === undefined ? currentParent : initialTo);
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError>();
  const excluded = useMemo(() => (node ? subtreeIds(node) : new Set<number>()), [node]);
  const options = useMemo(() => {
    const toOption = (n: EapNode): MoveOption => ({
      value: String(n.item.id),
      title: `${n.item.codigo} — ${n.item.descricao}`,
      children: n.children.filter((c) => !excluded.has(Number(c.item.id))).map(toOption),
    });
    const root: MoveOption = { value: ROOT, title: 'Raiz da EAP (sem item pai)', children: [] };
    return [root, ...roots.filter((r) => !excluded.has(Number(r.item.id))).map(toOption)];
  }, [roots, excluded]);
  if (!node) return null;

  const all = flatten(roots);
  const target = to === null ? undefined : all.find((n) => Number(n.item.id) === to);
  const siblings = (target ? target.children : roots).filter((n) => n !== node).map((n) => n.item);
  const same = to === currentParent;
  const codigo = same ? node.item.codigo : nextCode(target?.item, siblings, codes);
  const below = subtreeIds(node).size - 1;

  return (
    <Modal
      open
      title={`Mover ${node.item.codigo} — ${node.item.descricao}`}
      okText="Mover"
      cancelText="Cancelar"
      okButtonProps={{ disabled: same }}
      confirmLoading={mutation.isPending}
      onCancel={onClose}
      onOk={() =>
        mutate(
          {
            resource: RESOURCE,
            id: node.item.id,
            values: { version: node.item.version, pai: to, codigo },
            mutationMode: 'pessimistic',
            successNotification: () => ({ type: 'success', message: `Item movido: agora ${codigo}.` }),
            errorNotification: (error) => ({ type: 'error', message: firstError(error) ?? 'Não foi possível mover o item.' }),
          },
          { onSuccess: onMoved },
        )
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Novo item pai" htmlFor="eap-mover-para">
          <TreeSelect
            id="eap-mover-para"
            style={{ width: '100%' }}
            treeData={options}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            value={to === null ? ROOT : String(to)}
            onChange={(v: string) => setTo(v === ROOT || v === undefined ? null : Number(v))}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph>
        {same
          ? 'O item já está neste nível. A ordem dos itens de um nível segue o código: para mudá-la, edite o código.'
          : `O item passa a ${codigo}${below ? `, e ${below === 1 ? 'o item abaixo dele acompanha' : `os ${below} itens abaixo dele acompanham`} o novo código` : ''}. Os códigos dos demais itens não mudam.`}
      </Typography.Paragraph>
    </Modal>
  );
}
