/**
 * Kinds kept as JSON: `person` ({ mail, nome }), `object` (sub-fields), `rows` (a list of sub-rows),
 * `attachments` and `images` (lists of stored files), `tags` (a list of short texts).
 */
import React, { lazy, Suspense } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { Person, StoredFile } from '../../../../schemas/kinds';
import { optionLabel } from '../../../../schemas/option-labels';
import { formatFileSize, formatPerson } from '../../format';
import { formatValue } from '../format-value';
import { FieldDisplay, isEmptyValue } from '../display';
import { fileUrl } from '../file-url';
import { TextDisplay, plural, textCell } from './common';
import type { FieldDisplayProps, FieldKindApp, FormatField } from './types';

/* Person ------------------------------------------------------------------------------------ */

function PersonDisplay({ value, mode }: FieldDisplayProps): React.ReactElement {
  const p: Partial<Person> = typeof value === 'string' ? { mail: value } : ((value ?? {}) as Partial<Person>);
  if (!p.mail) return <span>{p.nome ?? ''}</span>;
  if (mode === 'cell') {
    return (
      <a href={`mailto:${p.mail}`} title={p.mail}>
        {p.nome || p.mail}
      </a>
    );
  }
  return (
    <span>
      {p.nome ? `${p.nome} ` : null}
      <a href={`mailto:${p.mail}`}>{p.nome ? `<${p.mail}>` : p.mail}</a>
    </span>
  );
}

export const person: FieldKindApp = {
  Input: { widget: 'PersonInput' },
  Display: PersonDisplay,
  Filter: { family: 'like', dropdown: 'LikeFilter', key: (field) => `${field.name}.mail`, placeholder: 'e-mail contém…' },
  exportCell: textCell,
  format: (_field, value) => formatPerson(value),
  fromText: null,
};

/* Object ------------------------------------------------------------------------------------ */

function ObjectDisplay({ field, value, mode }: FieldDisplayProps): React.ReactElement {
  if (mode === 'cell') return <TextDisplay field={field} value={value} mode={mode} />;
  const obj = value as Record<string, unknown>;
  const subs = (field.fields ?? []).filter((f) => !f.hidden && !isEmptyValue(obj?.[f.name]));
  if (!subs.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div>
      {subs.map((sub) => (
        <div key={sub.name}>
          <Typography.Text type="secondary">{sub.label}: </Typography.Text>
          <FieldDisplay field={sub} value={obj[sub.name]} mode="cell" />
        </div>
      ))}
    </div>
  );
}

/** "Sub-field: value; …" of the sub-fields with a value (the keys as they are when none are declared). */
function formatObject(field: FormatField, value: unknown): string {
  if (typeof value !== 'object') return String(value);
  const obj = value as Record<string, unknown>;
  const subs = field.fields ?? [];
  const parts = subs.length
    ? subs.filter((f) => !f.hidden && !isEmptyValue(obj[f.name])).map((f) => `${f.label}: ${formatValue(f, obj[f.name])}`)
    : Object.entries(obj).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.join('; ');
}

export const object: FieldKindApp = {
  Input: { group: 'ObjectFormItem' },
  Display: ObjectDisplay,
  Filter: null,
  exportCell: textCell,
  format: formatObject,
  fromText: null,
};

/* Rows -------------------------------------------------------------------------------------- */

const NUMBER_KINDS = new Set(['integer', 'decimal', 'money']);

function RowsDisplay({ field, value, mode }: FieldDisplayProps): React.ReactElement {
  if (mode === 'cell') return <TextDisplay field={field} value={value} mode={mode} />;
  // A hidden sub-field is stored, not shown (the internal key of an SLA target beside its label).
  const subs = (field.fields ?? []).filter((sub) => !sub.hidden);
  // Inside a show page's Descriptions (an auto-layout table) a wide sub-table would widen the cell
  // past its card, its last columns cut off out of reach: `width: 0; min-width: 100%` gives the cell
  // no intrinsic width from it, so the sub-table fills the cell and scrolls sideways inside it.
  return (
    <div style={{ width: 0, minWidth: '100%' }}>
      <Table
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="__row"
        dataSource={(Array.isArray(value) ? (value as Record<string, unknown>[]) : []).map((r, i) => ({ ...r, __row: i }))}
        columns={subs.map((sub) => ({
          key: sub.name,
          title: sub.label,
          dataIndex: sub.name,
          align: NUMBER_KINDS.has(sub.kind) ? ('right' as const) : undefined,
          render: (v: unknown) => <FieldDisplay field={sub} value={v} mode="cell" />,
        }))}
      />
    </div>
  );
}

export const rows: FieldKindApp = {
  Input: { group: 'RowsFormItem' },
  Display: RowsDisplay,
  Filter: null,
  exportCell: textCell,
  format: (_field, value) => (Array.isArray(value) ? plural(value.length, 'item', 'itens') : ''),
  fromText: null,
};

/* Files ------------------------------------------------------------------------------------- */

const formatFiles = (_field: FormatField, value: unknown) => (Array.isArray(value) ? plural(value.length, 'arquivo', 'arquivos') : '');

function AttachmentsDisplay({ field, value, mode }: FieldDisplayProps): React.ReactElement {
  if (mode === 'cell') return <TextDisplay field={field} value={value} mode={mode} />;
  const list = Array.isArray(value) ? (value as StoredFile[]) : [];
  return (
    <Space direction="vertical" size={2}>
      {list.map((f) => (
        <span key={f.key}>
          <FileOutlined />{' '}
          <a href={fileUrl(f)} target="_blank" rel="noopener noreferrer">
            {f.name}
          </a>{' '}
          <Typography.Text type="secondary">({formatFileSize(f.size)})</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

export const attachments: FieldKindApp = {
  Input: { widget: 'FilesInput' },
  Display: AttachmentsDisplay,
  Filter: null,
  exportCell: textCell,
  format: formatFiles,
  fromText: null,
};

// The image viewer loads when a value has images, so lists without images do not download it.
const ImagesViewer = lazy(() => import('../images-display').then((m) => ({ default: m.ImagesDisplay })));

function ImagesDisplay({ field, value, mode }: FieldDisplayProps): React.ReactElement {
  return (
    <Suspense fallback={<span>{formatValue(field, value)}</span>}>
      <ImagesViewer files={value as StoredFile[]} mode={mode} />
    </Suspense>
  );
}

export const images: FieldKindApp = {
  Input: { widget: 'FilesInput' },
  Display: ImagesDisplay,
  Filter: null,
  exportCell: textCell,
  format: formatFiles,
  fromText: null,
};

/* Tags -------------------------------------------------------------------------------------- */

function TagsDisplay({ field, value }: FieldDisplayProps): React.ReactElement {
  return (
    <Space size={[0, 4]} wrap>
      {(Array.isArray(value) ? value : [value]).map((t) => (
        <Tag key={String(t)}>{optionLabel(field, t)}</Tag>
      ))}
    </Space>
  );
}

export const tags: FieldKindApp = {
  Input: { widget: 'TagsInput' },
  Display: TagsDisplay,
  Filter: { family: 'in', dropdown: 'InFilter' },
  exportCell: textCell,
  format: (field, value) => (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field, v)).join(', '),
  fromText: (_field, t) => [t],
};
