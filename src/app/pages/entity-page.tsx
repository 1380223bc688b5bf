/**
 * Opens the generated view of a route's entity (route table `entity`): list with the route's
 * permanent filters (site, SGI area, CRE category…), show/edit of the record named by a
 * route param (looked up by a field when it is not the id, e.g. a site by `Id_Lista`), and
 * create with initial values (the site of a site route…).
 *
 * Views registered as overrides (`registerViewOverride`) are used as they are; the generic
 * views receive the extra props below.
 */
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useList, type BaseKey, type CrudFilter } from '@refinedev/core';
import { resolveEntity, resolveValue } from '../../../resources/routes';
import { permanentFilters } from '../views/route-filters';
import type { AppRoute } from '../../../resources/routes/types';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
// Only the list is loaded with the page: show, create and edit (forms, upload, steps…) and the
// registered overrides load when opened, so the first list downloads none of their code.
import { GenericList } from '../views/generic-list';
import { getViewOverride } from '../views/overrides';
import { SelectObraPrompt } from '../views/select-obra-prompt';
import { useSchemaVersion } from '../modules/schema-config/effective-schemas';
import { Loading } from '../views/loading';
import { appKindOf } from '../fields/kinds/registry';

/**
 * Props the page hands to the generic views. `filters` are permanent list filters (not
 * removable by the user), `initialValues` prefill a create form, `id` is the record.
 */
export interface EntityViewProps {
  schema: EntitySchema;
  id?: BaseKey;
  filters?: CrudFilter[];
  initialValues?: Record<string, unknown>;
  /** Create: values the link's query string suggests for declared fields (not locked). */
  defaults?: Record<string, unknown>;
}

const ListView = GenericList as ComponentType<EntityViewProps>;
const CreateView = lazy(() => import('../views/generic-create').then((m) => ({ default: m.GenericCreate as ComponentType<EntityViewProps> })));
const ShowView = lazy(() => import('../views/generic-show').then((m) => ({ default: m.GenericShow as ComponentType<EntityViewProps> })));
const EditView = lazy(() => import('../views/generic-edit').then((m) => ({ default: m.GenericEdit as ComponentType<EntityViewProps> })));

const RecordNotFound = lazy(() => import('./entity-notices').then((m) => ({ default: m.RecordNotFound })));

function ViewLoading() {
  return <Loading style={{ margin: '48px auto' }} label="Carregando" />;
}

/** Suspense around a lazily loaded view. */
function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ViewLoading />}>{children}</Suspense>;
}

type Params = Record<string, string | undefined>;

/** A text of the URL as the value of a field (list fields such as `tags` get a one-item list). */
/** A text (a route's prefill, a query parameter) as the field's value, by its kind (fields/kinds). */
const fromText = (def: FieldDef, value: string): unknown => appKindOf(def).fromText?.(def, value);

/** Route `prefill` as form initial values. */
export function initialValuesFor(schema: EntitySchema, prefill: Record<string, string> | undefined, params: Params, search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, ref] of Object.entries(prefill ?? {})) {
    const value = resolveValue(ref, params, search);
    if (value === undefined) continue;
    const def = schema.fields.find((f) => f.name === field);
    if (!def) continue;
    // The route declares its prefill: a text its kind does not read is kept as it is.
    const v = fromText(def, value);
    out[field] = v === undefined ? value : v;
  }
  return out;
}

/**
 * A create form's query string (`/itens-verificacao/novo?obra=101&folha=3&x=0.25&y=0.4`, the plan
 * viewer's "Novo item aqui"): each parameter naming a declared field the person fills in (not
 * read-only, hidden or internal) suggests its value; numbers that are not numbers and options the
 * field does not have are left out. The route's own `prefill` is applied apart (and locked).
 */
export function queryDefaultsFor(schema: EntitySchema, search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const def = schema.fields.find((f) => f.name === name);
    if (!def || def.readOnly || def.hidden || def.internal || value === '') continue;
    const v = fromText(def, value);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function RecordByField({ schema, field, value, view }: { schema: EntitySchema; field: string; value: string; view: 'show' | 'edit' }) {
  const { result, query } = useList({
    resource: schema.resource,
    filters: [{ field, operator: 'eq', value }],
    pagination: { currentPage: 1, pageSize: 1 },
  });
  if (query.isLoading) return <ViewLoading />;
  const id = result.data[0]?.id;
  if (id === undefined) {
    return (
      <Loaded>
        <RecordNotFound schema={schema} />
      </Loaded>
    );
  }
  return <Loaded>{view === 'show' ? <ShowView schema={schema} id={id} /> : <EditView schema={schema} id={id} />}</Loaded>;
}

export function EntityPage({ route }: { route: AppRoute }) {
  const params = useParams() as Params;
  const { search } = useLocation();
  // Effective schemas (issue 15): resolve again when an administrator's change was installed.
  const schemaVersion = useSchemaVersion();
  const resolved = useMemo(() => (route.entity ? resolveEntity(route.entity, params) : undefined), [route.entity, params, schemaVersion]); // eslint-disable-line react-hooks/exhaustive-deps
  const filters = useMemo(() => (resolved ? permanentFilters(resolved.filters, params, search) : []), [resolved, params, search]);
  const initialValues = useMemo(() => (resolved ? initialValuesFor(resolved.schema, resolved.prefill, params, search) : {}), [resolved, params, search]);
  const defaults = useMemo(() => (resolved?.view === 'create' ? queryDefaultsFor(resolved.schema, search) : undefined), [resolved, search]);

  if (!resolved) return <Navigate to="/404" replace />;
  const { schema, view } = resolved;
  const needsObraQuery = route.obraObrigatoria && !route.path.includes(':obra') && !new URLSearchParams(search).get('obra');
  if (needsObraQuery) return <SelectObraPrompt title={route.title} />;

  const override = getViewOverride(schema.name)?.[view];
  if (override) {
    const View = override;
    return (
      <Loaded>
        <View key={`${route.id}:${search}`} schema={schema} defaults={defaults} />
      </Loaded>
    );
  }

  switch (view) {
    case 'list':
      // Remounted on a schema change so the default columns follow (its state lives in the URL).
      return <ListView key={`${route.id}:${schemaVersion}`} schema={schema} filters={filters} />;
    case 'create':
      return (
        <Loaded>
          <CreateView key={route.id} schema={schema} initialValues={initialValues} defaults={defaults} />
        </Loaded>
      );
    case 'show':
    case 'edit': {
      const ref = resolved.record;
      const value = ref ? params[ref.param] : undefined;
      if (!ref || value === undefined) return <Navigate to="/404" replace />;
      if (ref.field && ref.field !== 'id') return <RecordByField key={`${route.id}:${value}`} schema={schema} field={ref.field} value={value} view={view} />;
      return <Loaded>{view === 'show' ? <ShowView key={value} schema={schema} id={value} /> : <EditView key={value} schema={schema} id={value} />}</Loaded>;
    }
  }
}
