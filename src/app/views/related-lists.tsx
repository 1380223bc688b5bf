/**
 * The records that belong to a record (schema `related`): a contract's products with their total,
 * a ticket's interactions, costs and survey, an SGI record's action plans, a work order's daily
 * reports and checklists. Each section lists the children the viewer may read (the API filters),
 * totals numeric columns over every child (aggregate API, not the visible page), and adds a child
 * in a dialog with the parent (and its site) filled in and locked.
 */
import React, { useMemo, useState } from 'react';
import { Button, Card, Grid, List as AntList, Space, Table, Typography } from 'antd';
import { AccessibleTabs } from './accessible-tabs';
import type { TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useNavigation, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema, FieldDef, RelatedList } from '../../../schemas/kinds';
import { toCaslAction } from '../../access/refine-actions';
import { useAbility, useCurrentPerson, useCurrentUser } from '../access/ability-context';
import { canOnSomeRecordOf } from '../../access/reach';
import { Pode, usePode, usePodeCheck, type PodeCheck, type PodeProps } from '../access/pode';
import { externalKindOf } from '../../access/user';
import { FieldDisplay } from '../fields/display';
import { ReferenceTitlesProvider } from '../fields/reference-titles';
import { defaultValues, lowerLabel, recordTitle } from '../fields/options';
import { formatValue } from '../fields/format-value';
import { StateTag } from '../workflow/state-tag';
import { InteractionTimeline } from './related-timeline';
import { ChildSummary } from './related-child-summary';
import { relatedListActions, type RelatedListActionProps } from './extensions';
import { sumLabel, totalKindOf, totalText } from './list-total';
import { RelatedCreateModal } from './related-create-modal';

/** The buttons feature modules add to a section's header (`registerRelatedListAction`). */
function RelatedListActions(props: RelatedListActionProps) {
  return (
    <>
      {relatedListActions().map((Action, i) => (
        <Action key={i} {...props} />
      ))}
    </>
  );
}

/** The value the child's `via` field holds for this parent: its id, or the key the reference stores (a site's Id_Lista). */
export function parentKey(rel: RelatedList, child: EntitySchema, record: BaseRecord): unknown {
  const via = child.fields.find((f) => f.name === rel.via);
  return record[via?.refKey ?? 'id'];
}

/** What a child added from this parent starts with: the parent, its site and the declared constants. */
export function childInitialValues(parent: EntitySchema, record: BaseRecord, rel: RelatedList, child: EntitySchema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(rel.prefill ?? {}), [rel.via]: parentKey(rel, child, record) };
  if (child.obraField && parent.obraField && record[parent.obraField] !== undefined && record[parent.obraField] !== null) {
    out[child.obraField] = record[parent.obraField];
  }
  return out;
}

/**
 * A related list's `addBy` (access.md decision 30, a ticket's interactions), as the API checks it:
 * the parent's action (`edit` on the ticket) or, for a client, reading the parent; never while the
 * parent is closed.
 */
export function addAllowed(rel: RelatedList, parent: EntitySchema, record: BaseRecord, pode: (check: PodeCheck) => boolean, client: boolean): boolean {
  const gate = rel.addBy;
  if (!gate) return true;
  const state = parent.workflow ? record[parent.workflow.field] : undefined;
  if (typeof state === 'string' && gate.closedIn?.includes(state)) return false;
  if (client) return !!gate.clients && pode({ I: 'read', a: parent.subject, this: record });
  return pode({ I: gate.parentAction as PodeProps['I'], a: parent.subject, this: record });
}

/** The related lists as tabs (a site's home: its RDOs, work orders, contracts…), each loaded when opened. */
export function RelatedTabs({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement | null {
  const ability = useAbility();
  const items = (schema.related ?? []).flatMap((rel) => {
    const child = schemaByName(rel.entity);
    if (!child || !canOnSomeRecordOf(ability, toCaslAction(child.subject, 'list', child.actions), child.subject, child)) return [];
    return [
      {
        key: `${rel.entity}.${rel.via}`,
        label: rel.label ?? child.labelPlural,
        children: <RelatedSectionBody parent={schema} record={record} rel={rel} child={child} />,
      },
    ];
  });
  if (!items.length || record.id === undefined) return null;
  return <AccessibleTabs items={items} aria-label={`Registros de ${lowerLabel(schema.label)}`} />;
}

/** Up to three related lists are stacked below the record; more become tabs (a site's many modules). */
export function RelatedLists({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement | null {
  if (!schema.related?.length || record.id === undefined) return null;
  if (schema.related.length > 3) return <RelatedTabs schema={schema} record={record} />;
  return (
    <>
      {schema.related.map((rel) => {
        const child = schemaByName(rel.entity);
        return child ? <RelatedSection key={`${rel.entity}.${rel.via}`} parent={schema} record={record} rel={rel} child={child} /> : null;
      })}
    </>
  );
}

function RelatedSection({ parent, record, rel, child }: { parent: EntitySchema; record: BaseRecord; rel: RelatedList; child: EntitySchema }) {
  const ability = useAbility();
  const listAction = toCaslAction(child.subject, 'list', child.actions);
  // Only a section whose records the user may read (a client reads a ticket, not its costs, though both are POSVENDAS).
  if (canOnSomeRecordOf(ability, listAction, child.subject, child)) return <RelatedSectionBody parent={parent} record={record} rel={rel} child={child} />;
  // Some people add records they may not read back (access.md: the field team creates work-order reports).
  return (
    <Pode I={toCaslAction(child.subject, 'create', child.actions) as PodeProps['I']} a={child.subject}>
      <RelatedAddOnly parent={parent} record={record} rel={rel} child={child} />
    </Pode>
  );
}

function RelatedSectionBody({ parent, record, rel, child }: { parent: EntitySchema; record: BaseRecord; rel: RelatedList; child: EntitySchema }) {
  const pode = usePodeCheck();
  const screens = Grid.useBreakpoint();
  const { show } = useNavigation();
  const title = rel.label ?? child.labelPlural;
  const key = parentKey(rel, child, record);
  const permanent: CrudFilter[] = useMemo(() => [{ field: rel.via, operator: 'eq', value: key }], [rel.via, key]);
  const initial = useMemo(() => childInitialValues(parent, record, rel, child), [parent, record, rel, child]);
  const timeline = rel.display === 'timeline';
  const { tableProps, result, tableQuery } = useTable<BaseRecord>({
    resource: child.resource,
    syncWithLocation: false,
    filters: { permanent },
    sorters: { initial: child.defaultSort ? [child.defaultSort] : [{ field: 'id', order: 'desc' }] },
    pagination: { pageSize: timeline ? 50 : 10 },
  });
  const createAction = toCaslAction(child.subject, 'create', child.actions) as PodeProps['I'];
  // The check sees the new record as the form will send it: the defaults (the signed-in user as the
  // interaction's author…) and the parent's values.
  const me = useCurrentPerson();
  // A child checked through its parent (a folder's files) needs the right on the parent record.
  const user = useCurrentUser();
  const canCreate =
    (child.accessVia === rel.via
      ? pode({ I: createAction, a: parent.subject, this: record })
      : pode({ I: createAction, a: child.subject, this: { ...defaultValues(child, me), ...initial } })) &&
    addAllowed(rel, parent, record, pode, !!user && externalKindOf(user) === 'cliente');
  // Decision 30: a client writes only what `addBy.clientFields` names (the API sets the rest).
  const clientFields = !!user && externalKindOf(user) === 'cliente' && rel.addBy?.clients ? rel.addBy.clientFields : undefined;
  const [adding, setAdding] = useState<Record<string, unknown> | null>(null);

  const columns: TableColumnType<BaseRecord>[] = child.fields
    .filter((f) => f.list && !f.hidden && f.name !== rel.via)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: f.label,
      align: f.kind === 'money' || f.kind === 'decimal' || f.kind === 'integer' ? ('right' as const) : undefined,
      render: (v: unknown) => (f.name === child.workflow?.field ? <StateTag schema={child} value={v} /> : <FieldDisplay field={f} value={v} mode="cell" />),
    }));
  const rows = (tableProps.dataSource ?? []) as BaseRecord[];
  const total = typeof result.total === 'number' ? result.total : undefined;
  const headingId = `rel-${child.name}-${rel.via}`;

  return (
    <Card
      size="small"
      title={
        <span id={headingId}>
          {title}
          {total !== undefined ? <Typography.Text type="secondary"> ({totalText(total, totalKindOf(tableQuery.data))})</Typography.Text> : null}
        </span>
      }
      role="region"
      aria-labelledby={headingId}
      extra={
        canCreate ? (
          <Space size={8} wrap>
            <RelatedListActions parent={parent} record={record} child={child} />
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(initial)}>
              {clientFields ? 'Responder' : timeline ? 'Nova interação' : child.gender === 'f' ? 'Nova' : 'Novo'}
            </Button>
          </Space>
        ) : null
      }
    >
      <ReferenceTitlesProvider schema={child} rows={rows}>
        {timeline ? (
          <InteractionTimeline
            child={child}
            rows={rows}
            loading={!!tableProps.loading}
            onReply={(r) => setAdding({ ...initial, respostaA: r.id })}
            canReply={canCreate}
          />
        ) : screens.md === false ? (
          <AntList
            loading={!!tableProps.loading}
            dataSource={rows}
            locale={{ emptyText: `Nenhum registro em ${lowerLabel(title)}` }}
            renderItem={(r) => (
              <AntList.Item onClick={() => show(child.resource, r.id!)} style={{ cursor: 'pointer' }}>
                <AntList.Item.Meta title={recordTitle(child, r)} description={<ChildSummary child={child} rel={rel} record={r} />} />
              </AntList.Item>
            )}
          />
        ) : (
          <Table<BaseRecord>
            {...tableProps}
            rowKey="id"
            size="small"
            columns={columns}
            scroll={{ x: 'max-content' }}
            onRow={(r) => ({ onClick: () => show(child.resource, r.id!), style: { cursor: 'pointer' } })}
            locale={{ emptyText: `Nenhum registro em ${lowerLabel(title)}` }}
          />
        )}
      </ReferenceTitlesProvider>
      {rel.sum?.length ? <RelatedTotals child={child} rel={rel} parentId={key as NonNullable<BaseRecord['id']>} /> : null}
      {adding ? (
        <RelatedCreateModal
          parent={parent}
          parentId={record.id}
          child={child}
          locked={Object.keys(adding)}
          initialValues={adding}
          defaults={clientFields ? undefined : rel.formDefaults}
          only={addFormFields(child, rel, clientFields ?? rel.formFields, adding)}
          clientReply={!!clientFields}
          onClose={() => setAdding(null)}
          title={clientFields ? 'Responder' : timeline ? 'Nova interação' : `${child.gender === 'f' ? 'Nova' : 'Novo'} ${lowerLabel(child.label)}`}
        />
      ) : null}
    </Card>
  );
}

/**
 * The fields the add form shows (undefined: all): `via`, and of `fields` those set by the reply being
 * answered or that are not references (a reply-to appears only when replying).
 */
function addFormFields(child: EntitySchema, rel: RelatedList, fields: string[] | undefined, adding: Record<string, unknown>): string[] | undefined {
  if (!fields) return undefined;
  return [rel.via, ...fields.filter((f) => f in adding || !child.fields.some((x) => x.name === f && x.kind === 'reference'))];
}

/** A section for people who may add children here but not list them. */
function RelatedAddOnly({ parent, record, rel, child }: { parent: EntitySchema; record: BaseRecord; rel: RelatedList; child: EntitySchema }) {
  const me = useCurrentPerson();
  const initial = useMemo(() => childInitialValues(parent, record, rel, child), [parent, record, rel, child]);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(0);
  const createAction = toCaslAction(child.subject, 'create', child.actions) as PodeProps['I'];
  const allowed = usePode({ I: createAction, a: child.subject, this: { ...defaultValues(child, me), ...initial } });
  if (!allowed) return null;
  const title = rel.label ?? child.labelPlural;
  const headingId = `rel-${child.name}-${rel.via}`;
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={headingId}
      title={<span id={headingId}>{title}</span>}
      extra={
        <Space size={8} wrap>
          <RelatedListActions parent={parent} record={record} child={child} />
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {child.gender === 'f' ? 'Nova' : 'Novo'}
          </Button>
        </Space>
      }
    >
      <Typography.Text type="secondary">
        {added ? `${added} registro${added === 1 ? '' : 's'} adicionado${added === 1 ? '' : 's'} agora. ` : ''}Seu perfil pode adicionar{' '}
        {lowerLabel(child.labelPlural)} aqui, mas não consultá-los.
      </Typography.Text>
      {adding ? (
        <RelatedCreateModal
          parent={parent}
          parentId={record.id}
          child={child}
          locked={Object.keys(initial)}
          initialValues={initial}
          defaults={rel.formDefaults}
          onClose={() => setAdding(false)}
          onSaved={() => setAdded((n) => n + 1)}
          title={`${child.gender === 'f' ? 'Nova' : 'Novo'} ${lowerLabel(child.label)}`}
        />
      ) : null}
    </Card>
  );
}

interface AggregateAnswer {
  total?: number | null;
}

function RelatedTotal({ child, rel, parentId, field }: { child: EntitySchema; rel: RelatedList; parentId: NonNullable<BaseRecord['id']>; field: FieldDef }) {
  const apiUrl = useApiUrl();
  const { result, query } = useCustom<AggregateAnswer>({
    url: `${apiUrl}/${child.resource}/aggregate`,
    method: 'get',
    config: { query: { measure: `sum:${field.name}`, [rel.via]: parentId } },
    queryOptions: { queryKey: ['agregado', child.resource, rel.via, String(parentId), field.name] },
    errorNotification: false,
  });
  const value = query.isError ? '—' : query.isLoading ? '…' : formatValue(field, result?.data?.total ?? 0);
  return (
    <Typography.Text strong>
      {sumLabel(field.label)}: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>
    </Typography.Text>
  );
}

function RelatedTotals({ child, rel, parentId }: { child: EntitySchema; rel: RelatedList; parentId: NonNullable<BaseRecord['id']> }) {
  const fields = (rel.sum ?? []).map((n) => child.fields.find((f) => f.name === n)).filter((f): f is FieldDef => !!f);
  return (
    <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 8 }} wrap>
      {fields.map((f) => (
        <RelatedTotal key={f.name} child={child} rel={rel} parentId={parentId} field={f} />
      ))}
    </Space>
  );
}
