/** The form widget of a `reference`: a searchable select of records of `field.ref`. */
import React, { useMemo } from 'react';
import { Input, Select } from 'antd';
import { useList } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { formatCnpj } from '../../../../schemas/shared/cnpj';
import { refKeyOf, refTarget } from '../options';
import { REFERENCE_PAGE_SIZE, referenceOptionsQuery } from './reference-options-query';
import { fieldAria, type FieldInputProps } from '../kinds/types';

const fullWidth: React.CSSProperties = { width: '100%' };

/**
 * The picker's reads run even while the browser says it is offline: the service worker answers them
 * from what the device kept (the first page, site-data.tsx). React Query's default ('online') would
 * pause them once the network drops with the form open, leaving the picker empty ("Nenhum resultado").
 */
export const PICKER_NETWORK_MODE = 'offlineFirst' as const;

/** Searchable select of records of `field.ref`, storing `refKey` (default 'id'). */
export function ReferenceSelect(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange, id, disabled } = props;
  const target = refTarget(field);
  if (!target) {
    return <Input id={id} disabled={disabled} {...fieldAria(props)} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
  return <ReferenceSelectInner {...props} />;
}

function ReferenceSelectInner(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange, id, disabled } = props;
  const target = refTarget(field)!;
  const refKey = refKeyOf(field);
  const byId = refKey === 'id';
  const label = (item: Record<string, unknown>) => {
    const title = item[target.titleField];
    const titleText = title === undefined || title === null ? '' : String(title);
    if (byId || target.titleField === refKey) return titleText || `#${String(item[refKey])}`;
    // A company reads by name, then its CNPJ (both searched by `q`); other keys lead ('101 — Obra…').
    if (target.fields.find((f) => f.name === refKey)?.format === 'cnpj') {
      const cnpj = formatCnpj(String(item[refKey]));
      return titleText ? `${titleText} — ${cnpj}` : cnpj;
    }
    return titleText ? `${String(item[refKey])} — ${titleText}` : String(item[refKey]);
  };
  const query = referenceOptionsQuery(field)!;
  const { selectProps } = useSelect({
    resource: query.resource,
    optionLabel: label,
    optionValue: (item) => String(item[refKey]),
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    filters: query.filters,
    defaultValue: byId && value !== null && value !== undefined && value !== '' ? value : undefined,
    sorters: query.sorters,
    pagination: { pageSize: REFERENCE_PAGE_SIZE },
    debounce: 300,
    queryOptions: { networkMode: PICKER_NETWORK_MODE },
    defaultValueQueryOptions: { networkMode: PICKER_NETWORK_MODE },
  });
  // When the stored key is not the id, getMany cannot fetch the selected record: look it up by key.
  const { result: selected } = useList({
    resource: target.resource,
    filters: [{ field: refKey, operator: 'eq', value }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: !byId && value !== null && value !== undefined && value !== '', networkMode: PICKER_NETWORK_MODE },
  });
  const options = useMemo(() => {
    const opts = [...((selectProps.options ?? []) as { label: string; value: string }[])];
    const sel = !byId ? selected?.data?.[0] : undefined;
    if (sel && !opts.some((o) => o.value === String(sel[refKey]))) opts.unshift({ label: label(sel), value: String(sel[refKey]) });
    if (value !== null && value !== undefined && value !== '' && !opts.some((o) => o.value === String(value))) {
      opts.unshift({ label: String(value), value: String(value) });
    }
    return opts;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectProps.options, selected?.data, value]);
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      id={id}
      disabled={disabled}
      {...fieldAria(props, { select: true })}
      style={fullWidth}
      allowClear={!field.required}
      placeholder={field.placeholder ?? `Selecione ${target.gender === 'f' ? 'a' : 'o'} ${target.label.toLowerCase()}`}
      notFoundContent="Nenhum resultado"
      options={options}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      onChange={(v: unknown) => {
        if (v === undefined || v === null || v === '') return onChange?.(null);
        onChange?.(byId && /^\d+$/.test(String(v)) ? Number(v) : String(v));
      }}
    />
  );
}
