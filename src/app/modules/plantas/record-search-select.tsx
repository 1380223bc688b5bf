/**
 * The pickers of "Fixar registro aqui" (issue 42): a searchable select of the site's records of one
 * kind (the kind's list route filtered by site, `q` as typed, as the reference fields' pickers ask,
 * src/app/fields/inputs/reference-select.tsx), and, for a checklist, the select of its
 * non-conforming items (the pin names one of them).
 */
import React from 'react';
import { Select } from 'antd';
import { useOne, type BaseRecord } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import type { EntitySchema } from '../../../../schemas/kinds';
import { NAO_CONFORME } from '../../../../schemas/shared/checklist-answers';
import { formatDate } from '../../format';

const PAGE_SIZE = 20;
type Rec = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** A record as people name it in the picker: its code or number, its title, and what it is about. */
export function recordLabel(schema: EntitySchema, row: Rec): string {
  const codeField = schema.numbering?.field ?? (schema.fields.some((f) => f.name === 'codigo') ? 'codigo' : undefined);
  const code = codeField ? text(row[codeField]) : '';
  const titleDef = schema.fields.find((f) => f.name === schema.titleField);
  const rawTitle = row[schema.titleField];
  const title = titleDef?.kind === 'date' ? formatDate(rawTitle) : text(rawTitle);
  const parts = [/^\d+$/.test(code) ? `nº ${code}` : code];
  if (title && title !== code) parts.push(title);
  if (schema.titleField !== 'titulo' && text(row.titulo)) parts.push(text(row.titulo));
  const label = parts.filter(Boolean).join(' — ');
  return label || `#${text(row.id)}`;
}

export interface RecordSearchSelectProps {
  schema: EntitySchema;
  obra: string;
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

/** The site's records of `schema`, searched by what is typed. */
export function RecordSearchSelect({ schema, obra, id, value, onChange, ...aria }: RecordSearchSelectProps): React.ReactElement {
  const { selectProps } = useSelect<BaseRecord>({
    resource: schema.resource,
    optionLabel: (row) => recordLabel(schema, row as Rec),
    optionValue: (row) => String(row.id),
    filters: schema.obraField ? [{ field: schema.obraField, operator: 'eq', value: obra }] : [],
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    sorters: schema.defaultSort ? [schema.defaultSort] : undefined,
    pagination: { pageSize: PAGE_SIZE },
    debounce: 300,
    errorNotification: false,
  });
  return (
    <Select
      showSearch
      filterOption={false}
      id={id}
      {...aria}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      options={(selectProps.options ?? []) as { label: string; value: string }[]}
      placeholder={`Busque ${schema.gender === 'f' ? 'a' : 'o'} ${schema.label.toLowerCase()} pelo código ou título`}
      notFoundContent={selectProps.loading ? 'Carregando…' : 'Nenhum registro desta obra encontrado'}
      style={{ width: '100%' }}
      value={value === undefined ? undefined : String(value)}
      onChange={(v: unknown) => onChange?.(v === undefined || v === null || v === '' ? undefined : Number(v))}
    />
  );
}

/** The non-conforming answers of a filled checklist, by item number. */
export function nonConformities(row: Rec | undefined): { item: number; label: string }[] {
  const answers = Array.isArray(row?.respostas) ? (row.respostas as Rec[]) : [];
  return answers.flatMap((a, i) => {
    if (a.conformidade !== NAO_CONFORME) return [];
    const item = typeof a.item === 'number' && a.item > 0 ? a.item : i + 1;
    const question = text(a.pergunta);
    return [{ item, label: question ? `Item ${item}: ${question}` : `Item ${item}` }];
  });
}

export interface NonConformitySelectProps {
  schema: EntitySchema;
  /** The checklist's id. */
  record: number | undefined;
  id?: string;
  value?: number;
  onChange?: (item: number | undefined) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

/** The non-conforming items of the chosen checklist. */
export function NonConformitySelect({ schema, record, id, value, onChange, ...aria }: NonConformitySelectProps): React.ReactElement {
  const { result, query } = useOne<BaseRecord>({
    resource: schema.resource,
    id: record ?? '',
    queryOptions: { enabled: record !== undefined },
    errorNotification: false,
  });
  const items = record === undefined ? [] : nonConformities(result as Rec | undefined);
  return (
    <Select
      id={id}
      {...aria}
      disabled={record === undefined}
      loading={query.isFetching}
      options={items.map((x) => ({ value: x.item, label: x.label }))}
      placeholder={record === undefined ? 'Escolha antes o checklist' : 'Escolha o item não conforme'}
      notFoundContent={query.isFetching ? 'Carregando…' : 'Este checklist não tem itens não conformes.'}
      style={{ width: '100%' }}
      value={value}
      onChange={(v: number | undefined) => onChange?.(v ?? undefined)}
    />
  );
}
