/**
 * List column filters, dispatched over the registry of field kinds (each kind's `Filter`:
 * its family, dropdown and key, src/app/fields/kinds/). Each filter writes Refine CrudFilters directly through
 * `setFilters` (merge), which simple-rest turns into the API's query keys:
 *   text/email/longtext → `campo_like` (operator `contains`); person → `campo.mail_like`;
 *   enum/tags/reference → `campo=a&campo=b` (operator `in`); boolean → `campo=true`;
 *   date/datetime/integer/decimal/money → `campo_gte` / `campo_lte`.
 * Values are read back from the current filters (which `useTable` restores from the URL), so a
 * reload shows the same filters in the column headers.
 */
import React, { lazy, Suspense } from 'react';
import type { TableColumnType } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import type { CrudFilter, CrudOperators } from '@refinedev/core';
import type { FieldDef } from '../../../schemas/kinds';
import { appKindOf } from './kinds/registry';
import type { FilterFamily } from './kinds/types';
import { Loading } from '../ui/loading';

// The dropdown widgets (date range picker, selects, number inputs) load when a filter is first opened.
const FilterDropdown = lazy(() => import('./filter-dropdowns').then((m) => ({ default: m.FilterDropdown })));

export type { FilterFamily } from './kinds/types';

/** The filter family of a field's kind ('none' when the list cannot be filtered by it). */
export function filterFamily(field: FieldDef): FilterFamily {
  return appKindOf(field).Filter?.family ?? 'none';
}

/** The filter key the API understands for this field ('siteManager.mail' for a person). */
export function filterKey(field: FieldDef): string {
  return appKindOf(field).Filter?.key?.(field) ?? field.name;
}

/** The CrudFilters this field currently has in `filters` (for header highlight and the export). */
export function activeFilterValues(field: FieldDef, filters: CrudFilter[]): Partial<Record<CrudOperators, unknown>> {
  const key = filterKey(field);
  const out: Partial<Record<CrudOperators, unknown>> = {};
  for (const f of filters) {
    if ('field' in f && f.field === key && f.value !== undefined && f.value !== null && f.value !== '' && !(Array.isArray(f.value) && !f.value.length)) {
      out[f.operator] = f.value;
    }
  }
  return out;
}

export interface FilterBinding {
  filters: CrudFilter[];
  /** Merge-sets filters (Refine `setFilters(filters, 'merge')`); an undefined value removes a filter. */
  setFilters: (filters: CrudFilter[]) => void;
}

/** antd column props giving a field its filter dropdown, bound to Refine's filters. */
export function columnFilterProps<T>(field: FieldDef, binding: FilterBinding): Pick<TableColumnType<T>, 'filterDropdown' | 'filteredValue' | 'filterIcon'> {
  const filter = appKindOf(field).Filter;
  if (!filter) return {};
  const active = Object.keys(activeFilterValues(field, binding.filters)).length > 0;
  return {
    filterDropdown: ({ close }) => (
      <Suspense fallback={<Loading size="small" style={{ margin: 16 }} label="Carregando" />}>
        <FilterDropdown
          dropdown={filter.dropdown}
          placeholder={filter.placeholder}
          field={field}
          filters={binding.filters}
          setFilters={binding.setFilters}
          close={close}
        />
      </Suspense>
    ),
    filteredValue: active ? [true] : null,
    filterIcon: (filtered: boolean) => <FilterFilled aria-label={`Filtro de ${field.label}`} style={{ color: filtered || active ? '#6305c6' : undefined }} />,
  };
}
