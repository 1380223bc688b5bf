/**
 * `/:obra/field/config` and `/:obra/automacao/config`: the site's EAP (work-breakdown structure) of
 * one area on the tree screen (src/app/views/tree). One request loads the whole EAP
 * (`eap-os?obra=…&area=…`, up to 1000 items, by code); the tree engine builds it by `pai`.
 * Selecting an item opens its form beside the tree (a drawer at phone width); "Novo item na raiz"
 * and "Novo subitem" open an empty form with the next code of the level; "Excluir" removes an item
 * without items below it; dragging an item onto another (or "Mover") puts it under that item with
 * the next code there, and the API carries the codes of the items below it along. Other codes are
 * never renumbered. Each level shows the sum of its weights, and the levels whose weights do not
 * add up to 100 % are listed in a warning. The buttons follow the ability on `EapOS` with the
 * item's area and site; "Importar planilha" is the generic lists' (src/app/modules/importacao).
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DragOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useList, type HttpError } from '@refinedev/core';
import type { AppRoute } from '../../../../resources/routes/types';
import { Pode, usePode } from '../../access/pode';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { obraLabel } from '../../fields/obra-label';
import { flatten } from '../../views/tree/build';
import { TreeScreen } from '../../views/tree/tree-screen';
import { allLevels, buildEapTree, formatPercent, itemLabel, levelWeights, nextCode, type EapItem, type EapNode } from './tree';
import { ImportButton } from '../importacao/import-button';
import { EAP_SCHEMA, ItemPanel, MoveModal, RESOURCE, type EapArea, type Panel } from './item-panel';

const MAX_ITEMS = 1000;
const AREA_TITLES: Record<EapArea, string> = { FIELD: 'EAP (Field)', AUTOMACAO: 'EAP (Automação)' };
const ROOT = 'raiz';
const textOf = (item: EapItem) => itemLabel(item);

/** The route's screen: the area is the one its entity filters by (`list('eapOs', { filters: { area } })`). */
export function EapRoutePage({ route }: { route: AppRoute }) {
  const area = route.entity?.filters?.area;
  if (area !== 'FIELD' && area !== 'AUTOMACAO') return <Navigate to="/404" replace />;
  return <EapPage key={area} area={area} />;
}

export function EapPage({ area }: { area: EapArea }) {
  const { obra = '' } = useParams();
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
  const selected = panel?.mode === 'edit' ? nodes.get(panel.id) : undefined;

  // An item that is not in the loaded EAP (deleted elsewhere) closes its panel; a new one is
  // selected while the list reloads, so only a settled list decides.
  useEffect(() => {
    if (panel?.mode === 'edit' && query.isSuccess && !query.isFetching && !nodes.has(panel.id)) setPanel(null);
  }, [panel, nodes, query.isSuccess, query.isFetching]);

  const newItem = { area, obra };
  const canMoveAny = usePode({ I: 'update', a: 'EapOS', this: newItem });

  const startCreate = (parent?: EapNode) =>
    setPanel({
      mode: 'create',
      parent: parent?.item,
      codigo: nextCode(
        parent?.item,
        (parent ? parent.children : roots).map((n) => n.item),
        codes,
      ),
    });

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
  const panelTitle =
    panel?.mode === 'edit' ? (selected ? `${selected.item.codigo} — ${selected.item.descricao}` : 'Item da EAP') : panel ? 'Novo item da EAP' : 'Item da EAP';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginBottom: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{site}</Typography.Text>
      </div>
      <TreeScreen
        label={title}
        variant="lines"
        wide
        roots={roots}
        title={
          <Space wrap size={[8, 0]}>
            <span>Itens</span>
            {rootWeights ? <WeightTag label="Raiz" sum={rootWeights.sum} ok={rootWeights.ok} /> : null}
          </Space>
        }
        extra={
          <Space wrap size={8}>
            <Pode I="create" a="EapOS" this={newItem}>
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => startCreate()}>
                Novo item na raiz
              </Button>
            </Pode>
            {/* The generic lists' button (it checks the rights itself); an MS Project schedule goes to this site and area. */}
            <ImportButton schema={EAP_SCHEMA} schedule={{ obra, area }} />
          </Space>
        }
        loading={query.isLoading}
        error={query.isError ? { message: 'Não foi possível carregar a EAP.', description: query.error?.message } : undefined}
        emptyText="Esta EAP ainda não tem itens."
        notice={
          <>
            {(result.total ?? 0) > MAX_ITEMS ? (
              <Alert type="warning" showIcon message={`A EAP tem ${result.total} itens; a árvore mostra os primeiros ${MAX_ITEMS} por código.`} />
            ) : null}
            {wrong.length ? <WeightsWarning levels={wrong} /> : null}
            <Pode I="update" a="EapOS" this={newItem}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <DragOutlined /> Arraste um item sobre outro para colocá-lo abaixo dele, ou use “Mover”. O item movido recebe o próximo código do novo nível e
                os itens abaixo dele acompanham; os códigos dos demais itens não são renumerados.
              </Typography.Text>
            </Pode>
          </>
        }
        textOf={textOf}
        searchPlaceholder="Buscar item por código ou descrição"
        nodeTitle={(n) => {
          const w = n.children.length ? levelWeights(n.children, n.item) : undefined;
          return (
            <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {itemLabel(n.item)} {w ? <WeightTag label="Subitens" sum={w.sum} ok={w.ok} /> : null}
            </span>
          );
        }}
        selectedKey={selected?.key}
        onSelect={(key) => setPanel(key === undefined ? null : { mode: 'edit', id: Number(key) })}
        onMove={canMoveAny ? (n, parent) => setMoving({ id: Number(n.item.id), to: parent ? Number(parent.item.id) : null }) : undefined}
        panel={panelBody}
        panelTitle={panelTitle}
        emptyPanel="Selecione um item da árvore para ver e editar os dados."
        onClosePanel={() => setPanel(null)}
      />
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
