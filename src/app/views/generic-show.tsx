/**
 * Generic show view: fields grouped by `group` (a Card with Descriptions per group), rows as
 * sub-tables, files with preview, and the record's history (GET /<resource>/<id>/historico) as a
 * Timeline. A record with a workflow gets its state and steps above the fields (src/app/workflow).
 */
import React, { useMemo } from 'react';
import { Alert, Card, Descriptions, Empty, Space, Spin, Timeline, Typography } from 'antd';
import { useApiUrl, useCustom, useResourceParams, useShow, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import { DeleteButton, EditButton, ListButton, RefreshButton, Show } from '@refinedev/antd';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { isEmptyValue } from '../../../schemas/messages';
import { FieldDisplay } from '../fields/display';
import { ReferenceTitlesProvider, useReferenceTitle } from '../fields/reference-titles';
import { personName, usePersonNames } from '../fields/person-names';
import { RelatedLists } from './related-lists';
import { RevertButton } from './revert-button';
import { PageTitle, RECORD_PAGE_CLASS } from './page-title';
import type { Action } from '../../access/subjects';
import { usePodeCheck } from '../access/pode';
import { toCaslAction } from '../../access/refine-actions';
import { canEditHere } from '../workflow/can-edit';
import { deleteConfirmProps, fieldByName, groupFields, recordTitle, visibleFields } from '../fields/options';
import { formatDateTime } from '../format';
import { formatValue } from '../fields/format-value';
import { TransitionComment, TransitionHeading, authorText, transitionDotColor, WorkflowPanel, historyKey, type HistoryTransition } from '../workflow';

export interface GenericShowProps {
  schema: EntitySchema;
  /** Record id; defaults to the id in the route. */
  id?: BaseKey;
  /** Extra header buttons of this entity's page (a view override's "Baixar PDF"), given the loaded record. */
  headerExtra?: (record: BaseRecord) => React.ReactNode;
  /** What the entity's page shows right under the workflow, before the fields (a daily report's signatures). */
  top?: (record: BaseRecord) => React.ReactNode;
}

const WIDE = new Set(['rows', 'object', 'attachments', 'images', 'longtext']);

export function FieldGroups({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement {
  const pode = usePodeCheck();
  // Fields the signed-in user may not read (the API never sends them) get no empty slot either.
  // Read by the entity's show action too: a supplier reads the action plans naming its company with
  // `readAcoes` (access.md decision 29), not `read` on the SGI subject.
  const showAction = toCaslAction(schema.subject, 'show', schema.actions);
  const readable = (f: FieldDef) =>
    pode({ I: 'read', a: schema.subject, this: record, field: f.name }) ||
    (showAction !== 'read' && pode({ I: showAction as Action, a: schema.subject, this: record, field: f.name }));
  const shownElsewhere = (f: FieldDef) => f.name === schema.workflow?.field;
  // A group only the server fills (a voided report's "Anulação") is left out while it is empty.
  const serverOnlyAndEmpty = (g: { fields: FieldDef[] }) => g.fields.every((f) => f.readOnly && isEmptyValue(record[f.name]));
  const groups = groupFields(visibleFields(schema).filter((f) => readable(f) && !shownElsewhere(f))).filter((g) => !serverOnlyAndEmpty(g));
  const names = usePersonNames([record.created_by, record.updated_by]);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {groups.map((g) => (
        <Card key={g.title} title={g.title} size="small">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 4 }}
            layout="vertical"
            items={g.fields.map((f) => ({
              key: f.name,
              label: f.label,
              span: WIDE.has(f.kind) || f.span === 'full' ? 'filled' : 1,
              children: <FieldDisplay field={f} value={record[f.name]} mode="full" />,
            }))}
          />
        </Card>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {record.created_at ? `Criado em ${formatDateTime(record.created_at)}${record.created_by ? ` por ${personName(names, record.created_by)}` : ''}. ` : ''}
        {record.updated_at
          ? `Atualizado em ${formatDateTime(record.updated_at)}${record.updated_by ? ` por ${personName(names, record.updated_by)}` : ''}.`
          : ''}
      </Typography.Text>
    </Space>
  );
}

export interface HistoryEntry {
  id: BaseKey;
  action: 'create' | 'update' | 'delete' | 'transition' | 'restore' | 'revert';
  at: string;
  user?: string | null;
  changes?: Record<string, { de?: unknown; para?: unknown }> | null;
  /** action 'transition': the workflow step and its comment. */
  transition?: HistoryTransition;
  comment?: string | null;
  /** The absent person the author stood in for (docs/access.md decision 31), by address (staff) or name. */
  emNomeDe?: string | null;
  /** The titles of the referenced records before and after a change (`_titles.campo.de` / `.para`), as the API sends them. */
  _titles?: Record<string, { de?: { title: string; id?: number }; para?: { title: string; id?: number } }>;
}

const ACTION_LABELS: Record<HistoryEntry['action'], string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  transition: 'Mudança de situação',
  restore: 'Restauração da lixeira',
  revert: 'Versão restaurada',
};
const ACTION_COLORS: Record<HistoryEntry['action'], string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  transition: 'blue',
  restore: 'green',
  revert: 'purple',
};
const HIDDEN_CHANGES = new Set(['version', 'updated_at', 'updated_by']);

function changeText(field: FieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '(vazio)';
  if (!field) return typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A person by name (the address stays in the record itself).
  if (field.kind === 'person' && typeof v === 'object') {
    const p = v as { nome?: unknown; mail?: unknown };
    if (typeof p.nome === 'string' && p.nome) return p.nome;
  }
  return formatValue(field, v) || '(vazio)';
}

/** One value of a change, in words: a reference by its record's title, a person by name, an option by its label. */
function ChangeValue({ field, value }: { field: FieldDef | undefined; value: unknown }): React.ReactElement {
  const ref = useReferenceTitle(field ?? ({ name: '', kind: 'text', label: '' } as FieldDef), field?.kind === 'reference' ? value : undefined);
  return <>{ref ? ref.title : changeText(field, value)}</>;
}

/** The referenced values a history mentions, as rows of the schema with the titles the API sent. */
function changedValues(entries: HistoryEntry[]): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const e of entries) {
    const de: Record<string, unknown> = { _titles: {} };
    const para: Record<string, unknown> = { _titles: {} };
    for (const [name, c] of Object.entries(e.changes ?? {})) {
      de[name] = c?.de;
      para[name] = c?.para;
      const t = e._titles?.[name];
      if (t?.de) (de._titles as Record<string, unknown>)[name] = t.de;
      if (t?.para) (para._titles as Record<string, unknown>)[name] = t.para;
    }
    rows.push(de, para);
  }
  return rows;
}

export function HistoryTimeline({
  schema,
  entries,
  revertButton,
}: {
  schema: EntitySchema;
  entries: HistoryEntry[];
  /** "Restaurar esta versão" of an entry (issue 35), where the person may change the record. */
  revertButton?: (entry: HistoryEntry) => React.ReactNode;
}): React.ReactElement {
  const rows = useMemo(() => changedValues(entries), [entries]);
  const authors = useMemo(() => entries.flatMap((e) => [e.user, e.emNomeDe]), [entries]);
  const names = usePersonNames(authors);
  if (!entries.length) return <Empty description="Sem histórico" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ReferenceTitlesProvider schema={schema} rows={rows}>
      <Timeline
        items={entries.map((e, i) => {
          const step = e.action === 'transition' ? e.transition : undefined;
          // A step's state change is its heading; what else it wrote (stamps) is listed below.
          const changes = Object.entries(e.changes ?? {}).filter(([name]) => !HIDDEN_CHANGES.has(name) && !(step && name === schema.workflow?.field));
          return {
            key: String(e.id),
            color: step ? transitionDotColor(schema, step) : (ACTION_COLORS[e.action] ?? 'gray'),
            children: (
              <div>
                {step ? (
                  <TransitionHeading
                    schema={schema}
                    transition={step}
                    at={e.at}
                    user={e.user ? personName(names, e.user) : e.user}
                    emNomeDe={e.emNomeDe ? personName(names, e.emNomeDe) : null}
                  />
                ) : (
                  <>
                    <Typography.Text strong>{ACTION_LABELS[e.action] ?? e.action}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      em {formatDateTime(e.at)}
                      {authorText(e.user ? personName(names, e.user) : null, e.emNomeDe ? personName(names, e.emNomeDe) : null)}
                    </Typography.Text>
                  </>
                )}
                {e.action !== 'delete' && changes.length ? (
                  <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                    {changes.map(([name, c]) => {
                      const field = fieldByName(schema, name);
                      const label = field?.label ?? name;
                      return (
                        <li key={name}>
                          <Typography.Text>{label}: </Typography.Text>
                          {e.action === 'create' ? (
                            <Typography.Text>
                              <ChangeValue field={field} value={c?.para} />
                            </Typography.Text>
                          ) : (
                            <>
                              <Typography.Text delete type="secondary">
                                <ChangeValue field={field} value={c?.de} />
                              </Typography.Text>
                              {' → '}
                              <Typography.Text>
                                <ChangeValue field={field} value={c?.para} />
                              </Typography.Text>
                            </>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                {step ? <TransitionComment comment={e.comment} /> : null}
                {!step && e.comment ? (
                  <div>
                    <Typography.Text type="secondary">{e.comment}</Typography.Text>
                  </div>
                ) : null}
                {revertButton && i > 0 && e.action !== 'delete' ? revertButton(e) : null}
              </div>
            ),
          };
        })}
      />
    </ReferenceTitlesProvider>
  );
}

function History({ schema, id, canRevert }: { schema: EntitySchema; id: BaseKey; canRevert: boolean }): React.ReactElement {
  const apiUrl = useApiUrl();
  const { query, result } = useCustom<any, HttpError>({
    // eslint-disable-line @typescript-eslint/no-explicit-any
    url: `${apiUrl}/${schema.resource}/${encodeURIComponent(String(id))}/historico`,
    method: 'get',
    queryOptions: { enabled: id !== undefined && id !== null && id !== '', queryKey: historyKey(schema.resource, id) },
    errorNotification: false,
  });
  const entries = (Array.isArray(result?.data) ? result.data : []) as HistoryEntry[];
  return (
    <Card title="Histórico" size="small">
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <Alert type="warning" showIcon message="Não foi possível carregar o histórico." description={query.error?.message} />
      ) : (
        <HistoryTimeline
          schema={schema}
          entries={[...entries].sort((a, b) => String(b.at).localeCompare(String(a.at)))}
          revertButton={canRevert ? (e) => <RevertButton schema={schema} id={id} entry={e} /> : undefined}
        />
      )}
    </Card>
  );
}

export function GenericShow({ schema, id: idProp, headerExtra, top }: GenericShowProps): React.ReactElement {
  const { id: idFromRoute } = useResourceParams({ resource: schema.resource });
  const id = idProp ?? idFromRoute;
  const { query, result: record } = useShow<BaseRecord>({ resource: schema.resource, id });
  const title = record ? `${schema.label}: ${recordTitle(schema, record)}` : schema.label;
  const pode = usePodeCheck();
  return (
    <Show
      goBack={false}
      resource={schema.resource}
      recordItemId={id}
      // Wraps on a phone instead of being cut.
      title={<PageTitle>{title}</PageTitle>}
      wrapperProps={{ className: RECORD_PAGE_CLASS }}
      isLoading={query.isLoading}
      deleteButtonProps={{
        meta: record ? { record } : undefined,
        ...deleteConfirmProps(schema),
      }}
      headerButtons={({ listButtonProps, editButtonProps, deleteButtonProps, refreshButtonProps }) => (
        <>
          {listButtonProps ? <ListButton {...listButtonProps} /> : null}
          {editButtonProps && (!record || canEditHere(schema, record, pode)) ? (
            <EditButton {...editButtonProps} meta={{ ...editButtonProps.meta, record }} />
          ) : null}
          {deleteButtonProps ? <DeleteButton {...deleteButtonProps} /> : null}
          {refreshButtonProps ? <RefreshButton {...refreshButtonProps} /> : null}
          {record && headerExtra ? headerExtra(record) : null}
        </>
      )}
    >
      {query.isError ? (
        <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar o registro.'} />
      ) : record ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {schema.workflow && id !== undefined ? <WorkflowPanel schema={schema} id={id} record={record} /> : null}
          {top ? top(record) : null}
          <ReferenceTitlesProvider schema={schema} rows={[record]}>
            <FieldGroups schema={schema} record={record} />
          </ReferenceTitlesProvider>
          <RelatedLists schema={schema} record={record} />
          {id !== undefined ? <History schema={schema} id={id} canRevert={canEditHere(schema, record, pode)} /> : null}
        </Space>
      ) : null}
    </Show>
  );
}
