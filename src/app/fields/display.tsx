/**
 * Read-only rendering of a field value, for the show view (`mode="full"`) and list cells
 * (`mode="cell"`, compact: rows as "n itens", up to 3 thumbnails, …).
 */
import React, { lazy, Suspense } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { FieldDef, Person, StoredFile } from '../../../schemas/kinds';
import { formatFileSize, formatValue } from '../format';
import { optionLabel } from '../../../schemas/option-labels';
import { fileUrl } from './file-url';
import { ReferenceLink } from './reference-link';
import { EllipsisText } from './ellipsis-text';
import { useReferenceTitle } from './reference-titles';
import { Link } from 'react-router';
import { schemaByName } from '../../../schemas';
import { entityPaths } from '../../../resources/routes';

export interface FieldDisplayProps {
  field: FieldDef;
  value: unknown;
  mode?: 'full' | 'cell';
}

const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;

function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export function FieldDisplay({ field, value, mode = 'full' }: FieldDisplayProps): React.ReactElement {
  if (isEmptyValue(value) && field.kind !== 'boolean') return EMPTY;
  switch (field.kind) {
    case 'money':
    case 'decimal':
    case 'integer':
      if (field.recordOf) return <RecordIdLink schemaName={field.recordOf} id={String(value)} />;
      return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatValue(field, value)}</span>;
    case 'date':
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatValue(field, value)}</span>;
    case 'boolean':
      return isEmptyValue(value) ? EMPTY : <span>{formatValue(field, value)}</span>;
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'enum':
      return mode === 'cell' ? <span>{optionLabel(field, value)}</span> : <Tag>{optionLabel(field, value)}</Tag>;
    case 'person':
      return <PersonDisplay value={value} mode={mode} />;
    case 'reference':
      return <ReferenceDisplay field={field} value={value} />;
    case 'tags':
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(value) ? value : [value]).map((t) => (
            <Tag key={String(t)}>{optionLabel(field, t)}</Tag>
          ))}
        </Space>
      );
    case 'longtext':
      return mode === 'cell' ? (
        <EllipsisText text={String(value)} style={{ maxWidth: 320 }} />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{String(value)}</Typography.Paragraph>
      );
    case 'rows':
      return mode === 'cell' ? <span>{formatValue(field, value)}</span> : <RowsDisplay field={field} value={value as Record<string, unknown>[]} />;
    case 'object':
      return mode === 'cell' ? <span>{formatValue(field, value)}</span> : <ObjectDisplay field={field} value={value as Record<string, unknown>} />;
    case 'images':
      return (
        <Suspense fallback={<span>{formatValue(field, value)}</span>}>
          <ImagesDisplay files={value as StoredFile[]} mode={mode} />
        </Suspense>
      );
    case 'attachments':
      return mode === 'cell' ? <span>{formatValue(field, value)}</span> : <AttachmentsDisplay files={value as StoredFile[]} />;
    default:
      return <span>{formatValue(field, value)}</span>;
  }
}

/** The record an id field names (`recordOf`), as "<label> nº <id>" linked to its page. */
function RecordIdLink({ schemaName, id }: { schemaName: string; id: string }): React.ReactElement {
  const target = schemaByName(schemaName);
  const text = `${target?.label ?? 'Registro'} nº ${id}`;
  if (!target) return <span>{text}</span>;
  return (
    <Link to={entityPaths(target).show.replace(':id', encodeURIComponent(id))} onClick={(e) => e.stopPropagation()}>
      {text}
    </Link>
  );
}

/**
 * A reference as its record's title (the API sends it with the record, reference-titles.tsx),
 * linked to the record when the viewer may open it; the stored key only when no title is known.
 */
function ReferenceDisplay({ field, value }: { field: FieldDef; value: unknown }): React.ReactElement {
  const ref = useReferenceTitle(field, value);
  if (!ref) return <span>{formatValue(field, value)}</span>;
  if (ref.id === undefined) return <span>{ref.title}</span>;
  return <ReferenceLink field={field} id={ref.id} title={ref.title} />;
}

function PersonDisplay({ value, mode }: { value: unknown; mode: 'full' | 'cell' }): React.ReactElement {
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

function RowsDisplay({ field, value }: { field: FieldDef; value: Record<string, unknown>[] }): React.ReactElement {
  const subs = field.fields ?? [];
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
        dataSource={(Array.isArray(value) ? value : []).map((r, i) => ({ ...r, __row: i }))}
        columns={subs.map((sub) => ({
          key: sub.name,
          title: sub.label,
          dataIndex: sub.name,
          align: sub.kind === 'money' || sub.kind === 'decimal' || sub.kind === 'integer' ? ('right' as const) : undefined,
          render: (v: unknown) => <FieldDisplay field={sub} value={v} mode="cell" />,
        }))}
      />
    </div>
  );
}

function ObjectDisplay({ field, value }: { field: FieldDef; value: Record<string, unknown> }): React.ReactElement {
  const subs = (field.fields ?? []).filter((f) => !isEmptyValue(value?.[f.name]));
  if (!subs.length) return EMPTY;
  return (
    <div>
      {subs.map((sub) => (
        <div key={sub.name}>
          <Typography.Text type="secondary">{sub.label}: </Typography.Text>
          <FieldDisplay field={sub} value={value[sub.name]} mode="cell" />
        </div>
      ))}
    </div>
  );
}

const ImagesDisplay = lazy(() => import('./images-display').then((m) => ({ default: m.ImagesDisplay })));

function AttachmentsDisplay({ files }: { files: StoredFile[] }): React.ReactElement {
  const list = Array.isArray(files) ? files : [];
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
