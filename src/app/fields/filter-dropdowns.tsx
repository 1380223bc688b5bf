/**
 * The filter dropdowns of the list columns, by the names the field kinds' descriptors give them
 * (`Filter.dropdown`, src/app/fields/kinds/; see filters.tsx): the widgets are loaded when a filter
 * is first opened, not with the list.
 */
import React, { useEffect, useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Radio, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudOperators, LogicalFilter } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef } from '../../../schemas/kinds';
import { filterKey, type FilterBinding } from './filters';
import { numberWidgetProps } from './kinds/number';
import type { FilterDropdownName } from './kinds/types';
import { refKeyOf, refTarget } from './options';
import { labelledOptions } from '../../../schemas/option-labels';

function findValue(filters: CrudFilter[], field: string, operator: CrudOperators): unknown {
  const f = filters.find((x): x is LogicalFilter => 'field' in x && x.field === field && x.operator === operator);
  return f?.value;
}

function asArray(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

interface DropdownProps extends FilterBinding {
  field: FieldDef;
  close: () => void;
  /** The text box's placeholder (the kind's `Filter.placeholder`). */
  placeholder?: string;
}

function Footer({ onApply, onClear }: { onApply: () => void; onClear: () => void }): React.ReactElement {
  return (
    <Space style={{ marginTop: 8, display: 'flex', justifyContent: 'space-between' }}>
      <Button size="small" onClick={onClear}>
        Limpar
      </Button>
      <Button size="small" type="primary" icon={<SearchOutlined />} onClick={onApply}>
        Filtrar
      </Button>
    </Space>
  );
}

function LikeFilter({ field, filters, setFilters, close, placeholder }: DropdownProps): React.ReactElement {
  const key = filterKey(field);
  const current = findValue(filters, key, 'contains');
  const [draft, setDraft] = useState<string>(current === undefined ? '' : String(current));
  useEffect(() => setDraft(current === undefined ? '' : String(current)), [current]);
  const apply = (v: string) => {
    setFilters([{ field: key, operator: 'contains', value: v.trim() || undefined }]);
    close();
  };
  return (
    <div style={{ padding: 8, width: 240 }} onKeyDown={(e) => e.stopPropagation()}>
      <Input
        autoFocus
        aria-label={`Filtrar ${field.label}`}
        placeholder={placeholder ?? 'contém…'}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => apply(draft)}
      />
      <Footer onApply={() => apply(draft)} onClear={() => apply('')} />
    </div>
  );
}

/** A list of values as the `in` filter of `key` (clearing an `eq` on the same field), then closes the dropdown. */
function applyIn(setFilters: DropdownProps['setFilters'], key: string, v: string[], close: () => void) {
  setFilters([
    { field: key, operator: 'in', value: v.length ? v : undefined },
    { field: key, operator: 'eq', value: undefined },
  ]);
  close();
}

function InFilter({ field, filters, setFilters, close }: DropdownProps): React.ReactElement {
  const key = filterKey(field);
  const current = asArray(findValue(filters, key, 'in') ?? findValue(filters, key, 'eq'));
  const [draft, setDraft] = useState<string[]>(current);
  useEffect(() => setDraft(current), [current.join('\u0000')]); // eslint-disable-line react-hooks/exhaustive-deps
  const apply = (v: string[]) => applyIn(setFilters, key, v, close);
  return (
    <div style={{ padding: 8, width: 260 }} onKeyDown={(e) => e.stopPropagation()}>
      <Select
        mode={field.options ? 'multiple' : 'tags'}
        aria-label={`Filtrar ${field.label}`}
        style={{ width: '100%' }}
        placeholder="Selecione…"
        value={draft}
        onChange={(v: string[]) => setDraft(v)}
        options={labelledOptions(field)}
        allowClear
        maxTagCount="responsive"
      />
      <Footer onApply={() => apply(draft)} onClear={() => apply([])} />
    </div>
  );
}

function BooleanFilter({ field, filters, setFilters, close }: DropdownProps): React.ReactElement {
  const key = filterKey(field);
  const cur = findValue(filters, key, 'eq');
  const current = cur === undefined ? '' : String(cur);
  const apply = (v: string) => {
    setFilters([{ field: key, operator: 'eq', value: v || undefined }]);
    close();
  };
  return (
    <div style={{ padding: 8 }}>
      <Radio.Group aria-label={`Filtrar ${field.label}`} value={current} onChange={(e) => apply(String(e.target.value))}>
        <Space direction="vertical">
          <Radio value="">Todos</Radio>
          <Radio value="true">Sim</Radio>
          <Radio value="false">Não</Radio>
        </Space>
      </Radio.Group>
    </div>
  );
}

function toDayjs(v: unknown): Dayjs | null {
  if (v === undefined || v === null || v === '') return null;
  const d = dayjs(String(v));
  return d.isValid() ? d : null;
}

/** The `gte`/`lte` pair of `key` in the filters, as a draft, and how to apply it. */
function useRange({ field, filters, setFilters, close }: DropdownProps) {
  const key = filterKey(field);
  const gte = findValue(filters, key, 'gte');
  const lte = findValue(filters, key, 'lte');
  const [from, setFrom] = useState<unknown>(gte);
  const [to, setTo] = useState<unknown>(lte);
  useEffect(() => {
    setFrom(gte);
    setTo(lte);
  }, [gte, lte]);
  const apply = (a: unknown, b: unknown) => {
    const clean = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : v);
    setFilters([
      { field: key, operator: 'gte', value: clean(a) },
      { field: key, operator: 'lte', value: clean(b) },
    ]);
    close();
  };
  return { from, setFrom, to, setTo, apply };
}

/** A range of days; `bound` writes a chosen day as the start (`end` false) or the end of the range. */
function DayRangeFilter(props: DropdownProps & { bound: (d: Dayjs, end: boolean) => string }): React.ReactElement {
  const { field, bound } = props;
  const { from, setFrom, to, setTo, apply } = useRange(props);
  return (
    <div style={{ padding: 8 }} onKeyDown={(e) => e.stopPropagation()}>
      <DatePicker.RangePicker
        aria-label={`Filtrar ${field.label}`}
        format="DD/MM/YYYY"
        placeholder={['De', 'Até']}
        allowEmpty={[true, true]}
        value={[toDayjs(from), toDayjs(to)]}
        onChange={(range) => {
          setFrom(range?.[0] ? bound(range[0], false) : undefined);
          setTo(range?.[1] ? bound(range[1], true) : undefined);
        }}
      />
      <Footer onApply={() => apply(from, to)} onClear={() => apply(undefined, undefined)} />
    </div>
  );
}

/** `date`: calendar days (yyyy-mm-dd). */
function DateRangeFilter(props: DropdownProps): React.ReactElement {
  return <DayRangeFilter {...props} bound={(d) => d.format('YYYY-MM-DD')} />;
}

/** `datetime`: from the start of the first day to the end of the last, as instants. */
function DateTimeRangeFilter(props: DropdownProps): React.ReactElement {
  return <DayRangeFilter {...props} bound={(d, end) => (end ? d.endOf('day') : d.startOf('day')).toISOString()} />;
}

function NumberRangeFilter(props: DropdownProps): React.ReactElement {
  const { field } = props;
  const { from, setFrom, to, setTo, apply } = useRange(props);
  const { precision, prefix } = numberWidgetProps(field);
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  return (
    <div style={{ padding: 8, width: 240 }} onKeyDown={(e) => e.stopPropagation()}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <InputNumber<number>
          aria-label={`${field.label} a partir de`}
          style={{ width: '100%' }}
          placeholder="De"
          decimalSeparator=","
          precision={precision}
          prefix={prefix}
          value={num(from)}
          onChange={(v) => setFrom(v ?? undefined)}
        />
        <InputNumber<number>
          aria-label={`${field.label} até`}
          style={{ width: '100%' }}
          placeholder="Até"
          decimalSeparator=","
          precision={precision}
          prefix={prefix}
          value={num(to)}
          onChange={(v) => setTo(v ?? undefined)}
        />
      </Space>
      <Footer onApply={() => apply(from, to)} onClear={() => apply(undefined, undefined)} />
    </div>
  );
}

function ReferenceFilter(props: DropdownProps): React.ReactElement {
  const target = refTarget(props.field);
  if (!target) return <InFilter {...props} />;
  return <ReferenceFilterInner {...props} />;
}

function ReferenceFilterInner({ field, filters, setFilters, close }: DropdownProps): React.ReactElement {
  const target = refTarget(field)!;
  const refKey = refKeyOf(field);
  const key = filterKey(field);
  const current = asArray(findValue(filters, key, 'in') ?? findValue(filters, key, 'eq'));
  const [draft, setDraft] = useState<string[]>(current);
  useEffect(() => setDraft(current), [current.join('\u0000')]); // eslint-disable-line react-hooks/exhaustive-deps
  const { selectProps } = useSelect({
    resource: target.resource,
    optionLabel: (item) => {
      const t = item[target.titleField];
      return refKey === 'id' || refKey === target.titleField ? String(t ?? item[refKey]) : `${String(item[refKey])} — ${String(t ?? '')}`;
    },
    optionValue: (item) => String(item[refKey]),
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    defaultValue: refKey === 'id' && current.length ? current : undefined,
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  const apply = (v: string[]) => applyIn(setFilters, key, v, close);
  return (
    <div style={{ padding: 8, width: 300 }} onKeyDown={(e) => e.stopPropagation()}>
      <Select
        showSearch
        filterOption={false}
        onSearch={selectProps.onSearch}
        loading={selectProps.loading}
        options={selectProps.options as { label: string; value: string }[] | undefined}
        mode="multiple"
        aria-label={`Filtrar ${field.label}`}
        style={{ width: '100%' }}
        placeholder="Pesquisar…"
        notFoundContent="Nenhum resultado"
        value={draft}
        onChange={(v: unknown) => setDraft(asArray(v))}
        maxTagCount="responsive"
      />
      <Footer onApply={() => apply(draft)} onClear={() => apply([])} />
    </div>
  );
}

/** The dropdowns by name (a kind's `Filter.dropdown`). */
export const DROPDOWNS = {
  LikeFilter,
  InFilter,
  BooleanFilter,
  DateRangeFilter,
  DateTimeRangeFilter,
  NumberRangeFilter,
  ReferenceFilter,
};

export function FilterDropdown({ dropdown, ...props }: DropdownProps & { dropdown: FilterDropdownName }): React.ReactElement {
  const Dropdown = DROPDOWNS[dropdown];
  return <Dropdown {...props} />;
}
