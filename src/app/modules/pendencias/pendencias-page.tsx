/**
 * /pendencias, "Minhas pendências" as a work queue: the records waiting for a step of the
 * signed-in user, each as a card with its entity, title (a link to the record), state, due date
 * ("vence em 3 h", "atrasada há 2 dias") and action tags that open the exact screen of the action.
 * Filters (module, site, due) and sort live in the URL; selected cards share a bulk action bar
 * offering the steps common to all of them that ask nothing, with a summary of partial failures.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Empty, Input, List, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, PauseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { schemaByResource } from '../../../../schemas/index';
import { formatDateTime, formatDaysAgo } from '../../format';
import { showPath } from '../../workflow/links';
import { StateTag } from '../../workflow/state-tag';
import type { Pendencia, PendenciaAction } from '../../workflow/types';
import { bulkConfirmText, bulkResultText } from './bulk-texts';
import { dueText } from './due';
import { actionPath } from './links';
import { InboxSavedViews } from './inbox-saved-views';
import { VENCIMENTOS, useBulkTransition, usePendencias, usePendenciasModules, type BulkResult, type PendenciasOrder, type Vencimento } from './use-pendencias';

const PAGE_SIZE = 20;
const keyOf = (p: Pick<Pendencia, 'resource' | 'id'>) => `${p.resource}/${p.id}`;

/** The actions of an item (older servers send only the labels). */
const actionsOf = (item: Pendencia): PendenciaAction[] =>
  item.actions ?? item.transitions.map((label) => ({ name: label, label, kind: 'transition' as const, needsInput: true }));

const bulkable = (item: Pendencia) => actionsOf(item).filter((a) => a.kind === 'transition' && !a.needsInput && item.version !== undefined);

function DueTag({ item }: { item: Pendencia }) {
  const due = dueText(item.due, item.overdue, undefined, item.paused);
  if (!due) return null;
  const color = due.tone === 'overdue' ? 'error' : due.tone === 'soon' ? 'warning' : 'default';
  return (
    <Tooltip title={item.due ? `Prazo: ${formatDateTime(item.due)}` : 'O prazo está pausado enquanto o registro espera nesta situação.'}>
      <Tag
        color={color}
        icon={due.tone === 'overdue' ? <WarningOutlined /> : due.tone === 'paused' ? <PauseCircleOutlined /> : <ClockCircleOutlined />}
        style={{ marginInlineEnd: 0 }}
      >
        {due.text}
      </Tag>
    </Tooltip>
  );
}

export function PendenciaItem({
  item,
  selected,
  onSelect,
}: {
  item: Pendencia;
  /** With `onSelect`: a checkbox for the bulk action (only when some step of the item asks nothing). */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
}) {
  const schema = schemaByResource(item.resource);
  const to = showPath(item.resource, item.id);
  const title = item.title || `#${item.id}`;
  const canSelect = !!onSelect && bulkable(item).length > 0;
  return (
    <List.Item style={item.overdue && !item.paused ? { borderInlineStart: '3px solid #ff4d4f' } : undefined} data-pendencia={keyOf(item)}>
      <Space align="start" size={12} style={{ width: '100%', minWidth: 0 }}>
        {onSelect ? (
          <Checkbox
            checked={!!selected}
            disabled={!canSelect}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Selecionar ${title}`}
            style={{ marginTop: 2 }}
          />
        ) : null}
        <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.label}
            {item.obra ? ` · Obra ${item.obra}` : ''}
          </Typography.Text>
          <Space size={8} wrap>
            {to ? (
              <Link to={to}>
                <Typography.Text strong style={{ color: 'inherit' }}>
                  {title}
                </Typography.Text>
              </Link>
            ) : (
              <Typography.Text strong>{title}</Typography.Text>
            )}
            <StateTag schema={schema} value={item.state} />
            {item.emNomeDe ? (
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                em nome de {item.emNomeDe}
              </Tag>
            ) : null}
          </Space>
          <Space size={[4, 4]} wrap>
            <DueTag item={item} />
            <Tooltip title={`Desde ${formatDateTime(item.since)}`}>
              <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
                {formatDaysAgo(item.since)}
              </Typography.Text>
            </Tooltip>
            {actionsOf(item).map((a) => {
              const path = item.actions ? actionPath(item, a) : undefined;
              const tag = (
                <Tag bordered={false} color="processing" style={{ marginInlineEnd: 0 }}>
                  {a.label}
                </Tag>
              );
              return path ? (
                <Link key={a.name} to={path} aria-label={`${a.label}: ${title}`}>
                  {tag}
                </Link>
              ) : (
                <span key={a.name}>{tag}</span>
              );
            })}
          </Space>
        </Space>
      </Space>
    </List.Item>
  );
}

function Filters() {
  // The modules the person can act on (issue 36), and the one the URL names while they load.
  const modules = usePendenciasModules();
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  const [obra, setObra] = useState(params.get('obra') ?? '');
  const obraParam = params.get('obra') ?? '';
  useEffect(() => setObra(obraParam), [obraParam]); // a saved view applied, back/forward
  return (
    <Space wrap size={[8, 8]} style={{ marginBottom: 12, width: '100%' }} role="search" aria-label="Filtrar pendências">
      <Select
        allowClear
        placeholder="Módulo"
        aria-label="Módulo"
        style={{ minWidth: 180 }}
        options={moduleOptions(modules, params.get('modulo'))}
        value={params.get('modulo') ?? undefined}
        onChange={(v?: string) => set('modulo', v)}
      />
      <Input
        allowClear
        placeholder="Obra"
        aria-label="Obra"
        style={{ width: 110 }}
        value={obra}
        onChange={(e) => {
          setObra(e.target.value);
          if (!e.target.value) set('obra', undefined);
        }}
        onPressEnter={() => set('obra', obra.trim() || undefined)}
        onBlur={() => set('obra', obra.trim() || undefined)}
      />
      <Select
        allowClear
        placeholder="Vencimento"
        aria-label="Vencimento"
        style={{ minWidth: 160 }}
        options={VENCIMENTOS.map((v) => ({ value: v.value, label: v.label }))}
        value={params.get('vencimento') ?? undefined}
        onChange={(v?: string) => set('vencimento', v)}
      />
      <Select
        aria-label="Ordenar por"
        style={{ minWidth: 170 }}
        value={params.get('ordem') === 'antigas' ? 'antigas' : 'vencimento'}
        options={[
          { value: 'vencimento', label: 'Ordem: vencimento' },
          { value: 'antigas', label: 'Ordem: mais antigas' },
        ]}
        onChange={(v: string) => set('ordem', v === 'vencimento' ? undefined : v)}
      />
    </Space>
  );
}

/** The filter's options, with the module the URL names even when it is not (yet) among them. */
function moduleOptions(modules: { value: string; label: string }[], current: string | null) {
  if (!current || modules.some((m) => m.value === current)) return modules;
  return [{ value: current, label: schemaByResource(current)?.labelPlural ?? current }, ...modules];
}

function BulkBar({ selected, onDone, onClear }: { selected: Pendencia[]; onDone: (r: BulkResult, label: string) => void; onClear: () => void }) {
  const { run, pending } = useBulkTransition();
  const [running, setRunning] = useState<string>();
  // The steps every selected record offers and that ask nothing.
  const common = useMemo(() => {
    const [first, ...rest] = selected.map(bulkable);
    if (!first) return [];
    return first.filter((a) => rest.every((list) => list.some((b) => b.name === a.name)));
  }, [selected]);
  if (!selected.length) return null;
  const n = selected.length;
  return (
    <div
      role="region"
      aria-label="Ação em lote"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', padding: '8px 12px', marginBottom: 12, background: '#e6f4ff', borderRadius: 8 }}
    >
      <Typography.Text strong>{n === 1 ? '1 selecionada' : `${n} selecionadas`}</Typography.Text>
      {common.length ? (
        common.map((a) => (
          <Popconfirm
            key={a.name}
            title={bulkConfirmText(a.label, n)}
            okText="Confirmar"
            cancelText="Cancelar"
            onConfirm={async () => {
              setRunning(a.name);
              try {
                const result = await run(
                  a.name,
                  selected.map((p) => ({ resource: p.resource, id: p.id, version: p.version as number })),
                );
                onDone(result, a.label);
              } catch (e) {
                onDone(
                  { ok: [], failed: selected.map((p) => ({ resource: p.resource, id: p.id, message: (e as Error).message || 'Falha na ação em lote.' })) },
                  a.label,
                );
              } finally {
                setRunning(undefined);
              }
            }}
          >
            <Button type="primary" loading={running === a.name} disabled={pending && running !== a.name}>
              {a.label} ({n})
            </Button>
          </Popconfirm>
        ))
      ) : (
        <Typography.Text type="secondary">Nenhuma ação comum às selecionadas pode ser feita em lote.</Typography.Text>
      )}
      <Button type="link" onClick={onClear} disabled={pending}>
        Limpar seleção
      </Button>
    </div>
  );
}

function BulkSummary({ result, label, titles, onClose }: { result: BulkResult; label: string; titles: Map<string, string>; onClose: () => void }) {
  const done = result.ok.length;
  const failed = result.failed.length;
  const message = bulkResultText(label, done, failed);
  return (
    <Alert
      type={failed ? (done ? 'warning' : 'error') : 'success'}
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 12 }}
      message={message}
      description={
        failed ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {result.failed.map((f) => (
              <li key={`${f.resource}/${f.id}`}>
                <Typography.Text strong>{titles.get(`${f.resource}/${f.id}`) ?? `#${f.id}`}</Typography.Text>: {f.message}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

export function PendenciasPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const search = params.toString();
  const view = useMemo(() => {
    const p = new URLSearchParams(search);
    return {
      resource: p.get('modulo') ?? undefined,
      obra: p.get('obra') ?? undefined,
      vencimento: (p.get('vencimento') ?? undefined) as Vencimento | undefined,
      order: (p.get('ordem') === 'antigas' ? 'antigas' : 'vencimento') as PendenciasOrder,
    };
  }, [search]);
  const { items, total, isLoading, error } = usePendencias(page, PAGE_SIZE, false, view);
  const [selection, setSelection] = useState<Map<string, Pendencia>>(new Map());
  const [summary, setSummary] = useState<{ result: BulkResult; label: string; titles: Map<string, string> }>();
  const selected = [...selection.values()];
  const selectable = items.filter((p) => bulkable(p).length > 0);
  const allOnPage = selectable.length > 0 && selectable.every((p) => selection.has(keyOf(p)));

  const toggle = (item: Pendencia, on: boolean) =>
    setSelection((prev) => {
      const next = new Map(prev);
      if (on) next.set(keyOf(item), item);
      else next.delete(keyOf(item));
      return next;
    });
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('pagina', String(p));
        else next.delete('pagina');
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="pendencias-titulo" style={{ maxWidth: 900, margin: '0 auto' }}>
      <Typography.Title level={3} id="pendencias-titulo">
        Minhas pendências
      </Typography.Title>
      <Typography.Paragraph type="secondary">Registros que aguardam uma ação sua{total ? ` (${total})` : ''}.</Typography.Paragraph>
      <InboxSavedViews view={view} />
      <Filters />
      {summary ? <BulkSummary {...summary} onClose={() => setSummary(undefined)} /> : null}
      <BulkBar
        selected={selected}
        onClear={() => setSelection(new Map())}
        onDone={(result, label) => {
          setSummary({ result, label, titles: new Map(selected.map((p) => [keyOf(p), p.title || `#${p.id}`])) });
          // What failed stays selected (to retry or inspect); what was done leaves the queue.
          setSelection(new Map(selected.filter((p) => result.failed.some((f) => f.resource === p.resource && f.id === p.id)).map((p) => [keyOf(p), p])));
        }}
      />
      {error ? (
        <Alert type="error" showIcon message="Não foi possível carregar as pendências." description={error.message} />
      ) : (
        <List<Pendencia>
          bordered
          loading={isLoading}
          dataSource={items}
          rowKey={keyOf}
          header={
            selectable.length ? (
              <Checkbox
                checked={allOnPage}
                indeterminate={!allOnPage && selectable.some((p) => selection.has(keyOf(p)))}
                onChange={(e) => selectable.forEach((p) => toggle(p, e.target.checked))}
              >
                Selecionar as desta página
              </Checkbox>
            ) : undefined
          }
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada pendente por aqui." /> }}
          pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false, size: 'small' } : false}
          renderItem={(item) => <PendenciaItem item={item} selected={selection.has(keyOf(item))} onSelect={(on) => toggle(item, on)} />}
        />
      )}
    </section>
  );
}
