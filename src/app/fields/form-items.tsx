/**
 * Form widgets per field kind.
 *
 * - `FieldInput({ field, value, onChange })`: the value-level antd widget of a kind (what a
 *   `Form.Item` wraps). Dates are Dayjs here; `FieldFormItem` converts to/from the stored string.
 * - `FieldFormItem({ field, name })`: the complete `Form.Item` (label, rules, help, value
 *   conversion); for `object` a nested group of sub-field items, for `rows` an editable sub-table
 *   (`Form.List`).
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Typography, Upload, message } from 'antd';
import type { FormItemProps, UploadFile } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef, Person, StoredFile } from '../../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../../../schemas/kinds';
import { authHeaders, getApiUrl } from '../providers/data-provider';
import { newRow, refKeyOf, refTarget } from './options';
import { formatCnpj } from '../../../schemas/shared/cnpj';
import { rulesFor, validateFile } from './rules';
import { registeredFieldInput } from '../views/extensions';
import { uploadQuery, useUploadTarget, type UploadTarget } from './upload-target';
import { fileUrl, thumbUrl } from './file-url';
import { labelledOptions } from '../../../schemas/option-labels';
import { refFilterEntries } from '../../../schemas/ref-filter';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '../use-media-query';

export { rulesFor, validateFile, MESSAGES, acceptsType } from './rules';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';

type AnyValue = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface FieldInputProps {
  field: FieldDef;
  value?: AnyValue;
  onChange?: (value: AnyValue) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

const fullWidth: React.CSSProperties = { width: '100%' };

/** The widget for one value of a field. `object` and `rows` need a name: use `FieldFormItem`. */
export function FieldInput(props: FieldInputProps): React.ReactElement | null {
  const { field, value, onChange, id, disabled } = props;
  const ariaLabel = props['aria-label'];
  const common = { id, disabled, 'aria-label': ariaLabel, placeholder: field.placeholder };
  switch (field.kind) {
    case 'text':
      return <Input {...common} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} allowClear={!field.required} />;
    case 'email':
      return <Input {...common} type="email" inputMode="email" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
    case 'longtext':
      return (
        <Input.TextArea
          {...common}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          count={field.maxLength ? { show: true, max: field.maxLength } : undefined}
        />
      );
    case 'integer':
    case 'decimal':
    case 'money': {
      const precision = field.kind === 'integer' ? 0 : field.kind === 'money' ? MONEY_SCALE : (field.scale ?? DEFAULT_DECIMAL_SCALE);
      return (
        <InputNumber<number>
          {...common}
          style={fullWidth}
          value={value === '' || value === null || value === undefined ? null : Number(value)}
          onChange={(v) => onChange?.(v ?? null)}
          precision={precision}
          decimalSeparator=","
          prefix={field.kind === 'money' ? 'R$' : undefined}
          min={field.min}
          max={field.max}
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
        />
      );
    }
    case 'date':
      return (
        <DatePicker
          {...common}
          style={fullWidth}
          format={[DATE_FORMAT, 'DDMMYYYY', 'YYYY-MM-DD']}
          value={(value as Dayjs | null | undefined) ?? null}
          onChange={(d) => onChange?.(d ?? null)}
          placeholder={field.placeholder ?? 'dd/mm/aaaa'}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          {...common}
          style={fullWidth}
          showTime={{ format: 'HH:mm' }}
          format={DATETIME_FORMAT}
          value={(value as Dayjs | null | undefined) ?? null}
          onChange={(d) => onChange?.(d ?? null)}
          placeholder={field.placeholder ?? 'dd/mm/aaaa hh:mm'}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          disabled={disabled}
          aria-label={ariaLabel}
          checked={value === true || value === 'true'}
          onChange={(c) => onChange?.(c)}
          checkedChildren="Sim"
          unCheckedChildren="Não"
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          style={fullWidth}
          value={value ?? undefined}
          onChange={(v) => onChange?.(v ?? null)}
          allowClear={!field.required}
          showSearch
          optionFilterProp="label"
          placeholder={field.placeholder ?? 'Selecione'}
          options={labelledOptions(field)}
        />
      );
    case 'reference':
      return <ReferenceSelect {...props} />;
    case 'person':
      return <PersonInput {...props} />;
    case 'tags':
      return (
        <Select
          {...common}
          mode="tags"
          style={fullWidth}
          value={Array.isArray(value) ? value : []}
          onChange={(v: string[]) => onChange?.(v.map((s) => s.trim()).filter(Boolean))}
          tokenSeparators={[',', ';']}
          open={false}
          suffixIcon={null}
          placeholder={field.placeholder ?? 'Digite e tecle Enter'}
        />
      );
    case 'attachments':
    case 'images':
      return <FilesInput {...props} />;
    case 'object':
    case 'rows':
      return null;
    default:
      return <Input {...common} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Reference                                                                                     */

/** Searchable select of records of `field.ref`, storing `refKey` (default 'id'). */
export function ReferenceSelect({ field, value, onChange, id, disabled, ...rest }: FieldInputProps): React.ReactElement {
  const target = refTarget(field);
  if (!target) {
    return <Input id={id} disabled={disabled} aria-label={rest['aria-label']} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
  return <ReferenceSelectInner field={field} value={value} onChange={onChange} id={id} disabled={disabled} aria-label={rest['aria-label']} />;
}

function ReferenceSelectInner({ field, value, onChange, id, disabled, ...rest }: FieldInputProps): React.ReactElement {
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
  const { selectProps } = useSelect({
    resource: target.resource,
    optionLabel: label,
    optionValue: (item) => String(item[refKey]),
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    // Only the records the reference accepts (e.g. companies of kind 'Fornecedor'); the API checks it too.
    filters: refFilterEntries(field).map(([f, values]) => (values.length === 1 ? { field: f, operator: 'eq' as const, value: values[0] } : { field: f, operator: 'in' as const, value: values })),
    defaultValue: byId && value !== null && value !== undefined && value !== '' ? value : undefined,
    sorters: target.defaultSort ? [target.defaultSort] : undefined,
    pagination: { pageSize: 20 },
    debounce: 300,
  });
  // When the stored key is not the id, getMany cannot fetch the selected record: look it up by key.
  const { result: selected } = useList({
    resource: target.resource,
    filters: [{ field: refKey, operator: 'eq', value }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: !byId && value !== null && value !== undefined && value !== '' },
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
      aria-label={rest['aria-label']}
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

/* ------------------------------------------------------------------------------------------ */
/* Person                                                                                        */

/** Portal users matching the typed text (name or e-mail), for the e-mail box of a person field. */
function usePeopleOptions(field: FieldDef, text: string): { mail: string; nome: string }[] {
  const [query, setQuery] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(t);
  }, [text]);
  const [options, setOptions] = useState<{ mail: string; nome: string }[]>([]);
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({ q: query });
    for (const r of field.personRoles ?? []) params.append('perfil', r);
    void authHeaders()
      .then((headers) => fetch(`${getApiUrl()}/pessoas?${params.toString()}`, { headers }))
      .then((res) => (res.ok ? res.json() : []))
      .then((rows: unknown) => {
        if (live) setOptions(Array.isArray(rows) ? (rows as { mail: string; nome: string }[]) : []);
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [query, field.personRoles]);
  return options;
}

/**
 * A person: the e-mail box searches the portal's users by name or e-mail (limited to the roles that
 * can hold the field, when the schema says) and choosing one fills both e-mail and name; anyone
 * else can still be typed in (an outside contact).
 */
export function PersonInput({ field, value, onChange, id, disabled }: FieldInputProps): React.ReactElement {
  const v: Partial<Person> = value && typeof value === 'object' ? value : typeof value === 'string' ? { mail: value } : {};
  const [typing, setTyping] = useState(false);
  const options = usePeopleOptions(field, typing ? (v.mail ?? '') : '');
  const emit = (patch: Partial<Person>) => {
    const next: Partial<Person> = { ...v, ...patch };
    const mail = next.mail ?? '';
    const nome = next.nome ?? '';
    if (!mail && !nome) return onChange?.(null);
    const out: Partial<Person> = { mail };
    if (nome) out.nome = nome;
    onChange?.(out);
  };
  return (
    <Space.Compact block>
      <AutoComplete
        disabled={disabled}
        value={v.mail ?? ''}
        onFocus={() => setTyping(true)}
        onSearch={() => setTyping(true)}
        onChange={(text: string) => emit({ mail: text })}
        onSelect={(mail: string) => {
          const p = options.find((o) => o.mail === mail);
          emit(p ? { mail: p.mail, nome: p.nome } : { mail });
        }}
        options={options.map((o) => ({ value: o.mail, label: `${o.nome} — ${o.mail}` }))}
        notFoundContent={null}
        style={{ width: '55%' }}
      >
        <Input id={id} type="email" inputMode="email" aria-label={`${field.label}: e-mail`} placeholder="e-mail ou nome" />
      </AutoComplete>
      <Input
        disabled={disabled}
        aria-label={`${field.label}: nome`}
        placeholder="nome"
        value={v.nome ?? ''}
        onChange={(e) => emit({ nome: e.target.value })}
        style={{ width: '45%' }}
      />
    </Space.Compact>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Files                                                                                         */

export { fileUrl, thumbUrl };

function toUploadFile(f: StoredFile): UploadFile<StoredFile> {
  const url = fileUrl(f);
  return { uid: f.key, name: f.name, size: f.size, type: f.type, status: 'done', url, thumbUrl: f.type.startsWith('image/') ? thumbUrl(f) : undefined, response: f };
}

/**
 * POST the file to /arquivos (multipart `file`) with the bearer token, for a field of a record
 * (`target`: the server checks the right to upload and the field's types); resolves the StoredFile.
 * A refusal rejects with the server's pt-BR message.
 */
export function uploadFile(file: File, onProgress?: (percent: number) => void, target?: { record?: UploadTarget; field: string }): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    void authHeaders().then((headers) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${getApiUrl()}/arquivos${target ? `?${uploadQuery(target.record, target.field)}` : ''}`);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'key' in body) resolve(body as StoredFile);
        else {
          const msg = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : `Falha no envio (${xhr.status}).`;
          reject(new Error(msg));
        }
      };
      xhr.onerror = () => reject(new Error('Falha no envio: sem conexão com o servidor.'));
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
  });
}

function sameFiles(a: StoredFile[], b: StoredFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.key === b[i].key);
}

/** antd Upload keeping the field value as the list of StoredFile. */
export function FilesInput({ field, value, onChange, id, disabled }: FieldInputProps): React.ReactElement {
  const stored: StoredFile[] = Array.isArray(value) ? value : [];
  const [list, setList] = useState<UploadFile<StoredFile>[]>(() => stored.map(toUploadFile));
  const lastEmitted = useRef<StoredFile[]>(stored);
  const [messageApi, holder] = message.useMessage();
  const images = field.kind === 'images';
  const target = useUploadTarget();

  // Follow external changes (form reset / reload).
  useEffect(() => {
    if (!sameFiles(stored, lastEmitted.current)) {
      lastEmitted.current = stored;
      setList(stored.map(toUploadFile));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (next: UploadFile<StoredFile>[]) => {
    const files = next.filter((f) => f.status === 'done' && f.response).map((f) => f.response as StoredFile);
    if (!sameFiles(files, lastEmitted.current)) {
      lastEmitted.current = files;
      onChange?.(files);
    }
  };

  const acceptAttr = field.accept?.length ? field.accept.map((a) => (a.endsWith('/') ? `${a}*` : a)).join(',') : undefined;

  return (
    <>
      {holder}
      <Upload<StoredFile>
        id={id}
        disabled={disabled}
        multiple
        accept={acceptAttr}
        listType={images ? 'picture-card' : 'text'}
        fileList={list}
        beforeUpload={(file, batch) => {
          const index = batch.indexOf(file);
          const current = list.filter((f) => f.status !== 'error').length + Math.max(index, 0);
          const error = validateFile(field, { name: file.name, size: file.size, type: file.type }, current);
          if (error) {
            void messageApi.error(error);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          uploadFile(file as File, (percent) => onProgress?.({ percent }), { record: target, field: field.name })
            .then((stored) => onSuccess?.(stored))
            .catch((err: Error) => {
              void messageApi.error(err.message);
              onError?.(err);
            });
        }}
        onChange={({ fileList }) => {
          const next = fileList.map((f) =>
            f.status === 'done' && f.response && !f.url ? { ...f, url: fileUrl(f.response), thumbUrl: images ? thumbUrl(f.response) : undefined } : f,
          );
          setList(next);
          emit(next);
        }}
        onPreview={(f) => {
          if (f.url) window.open(f.url, '_blank', 'noopener');
        }}
      >
        {disabled ? null : images ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Enviar</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>Enviar arquivos</Button>
        )}
      </Upload>
    </>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Form items                                                                                    */

/** Form.Item props converting stored values for the widget (dates) and back. */
export function valueAdapters(field: FieldDef): Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> {
  switch (field.kind) {
    case 'date':
      return {
        getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v).slice(0, 10)) : null }),
        normalize: (d: Dayjs | null | undefined) => (d && dayjs.isDayjs(d) ? d.format('YYYY-MM-DD') : null),
      };
    case 'datetime':
      return {
        getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : null }),
        normalize: (d: Dayjs | null | undefined) => (d && dayjs.isDayjs(d) ? d.toISOString() : null),
      };
    default:
      return {};
  }
}

export interface FieldFormItemProps {
  field: FieldDef;
  /** Form name path; defaults to `field.name`. */
  name?: NamePath;
  /** Hide the label (sub-table cells). */
  noLabel?: boolean;
  /** Extra props for the Form.Item. */
  itemProps?: Partial<FormItemProps>;
  /** Shown but not editable (a value fixed by the context, e.g. the site of a site route). */
  disabled?: boolean;
}

/** The complete Form.Item of a field: label, rules, help and the widget of its kind. */
export function FieldFormItem({ field, name, noLabel, itemProps, disabled }: FieldFormItemProps): React.ReactElement {
  const path = name ?? field.name;
  if (field.kind === 'object') return <ObjectFormItem field={field} name={path} />;
  if (field.kind === 'rows') return <RowsFormItem field={field} name={path} />;
  // A feature module's input for this field (`registerFieldInput`, e.g. the EAP code picker), else the kind's own.
  const Widget = registeredFieldInput(field) ?? FieldInput;
  return (
    <Form.Item
      name={path}
      label={noLabel ? undefined : field.label}
      tooltip={noLabel ? undefined : field.help}
      rules={rulesFor(field)}
      required={field.required && field.kind !== 'boolean'}
      {...valueAdapters(field)}
      {...(noLabel ? { style: { marginBottom: 0 } } : {})}
      {...itemProps}
    >
      <Widget field={field} disabled={disabled} aria-label={noLabel ? field.label : undefined} />
    </Form.Item>
  );
}

function subName(name: NamePath, sub: string): (string | number)[] {
  return [...(Array.isArray(name) ? name : [name]), sub];
}

function ObjectFormItem({ field, name }: { field: FieldDef; name: NamePath }): React.ReactElement {
  return (
    <Form.Item label={field.label} tooltip={field.help} required={field.required} style={{ marginBottom: 8 }}>
      <Card size="small">
        <Row gutter={16}>
          {(field.fields ?? []).map((sub) => (
            <Col key={sub.name} xs={24} md={sub.kind === 'longtext' || sub.kind === 'rows' ? 24 : 12}>
              <FieldFormItem field={sub} name={subName(name, sub.name)} />
            </Col>
          ))}
        </Row>
      </Card>
    </Form.Item>
  );
}

/**
 * Editable sub-table of a `rows` field (Form.List): one line of sub-field inputs per item. On a
 * phone (below 768 px) a table of inputs is wider than the screen: each item is a card instead,
 * its sub-fields stacked with their labels.
 */
function RowsFormItem({ field, name }: { field: FieldDef; name: NamePath }): React.ReactElement {
  const subs = field.fields ?? [];
  const stacked = useMediaQuery(PHONE_MEDIA_QUERY);
  return (
    <Form.Item label={field.label} tooltip={field.help} required={field.required} style={{ marginBottom: 8 }}>
      <Form.List
        name={name}
        rules={
          field.required
            ? [{ validator: (_r, v: unknown[] | undefined) => (v && v.length ? Promise.resolve() : Promise.reject(new Error('Adicione pelo menos uma linha.'))) }]
            : undefined
        }
      >
        {(items, { add, remove }, { errors }) => (
          <>
            {stacked ? (
              <RowCards field={field} items={items} remove={remove} />
            ) : (
              <Table
                size="small"
                bordered
                pagination={false}
                rowKey="key"
                dataSource={items}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <Typography.Text type="secondary">Nenhuma linha</Typography.Text> }}
                columns={[
                  ...subs.map((sub) => ({
                    key: sub.name,
                    title: (
                      <span>
                        {sub.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
                        {sub.label}
                      </span>
                    ),
                    onCell: () => ({ style: { minWidth: sub.kind === 'text' || sub.kind === 'longtext' ? 180 : 120, verticalAlign: 'top' as const } }),
                    render: (_: unknown, item: { key: number; name: number }) => <FieldFormItem field={sub} name={[item.name, sub.name]} noLabel />,
                  })),
                  {
                    key: '_actions',
                    title: '',
                    width: 48,
                    render: (_: unknown, item: { key: number; name: number }) => (
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="Remover linha" title="Remover linha" onClick={() => remove(item.name)} />
                    ),
                  },
                ]}
              />
            )}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newRow(field))} style={{ marginTop: 8 }}>
              Adicionar linha
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The items of a `rows` field as stacked cards ("Linha 1", "Linha 2"…), for phones. */
function RowCards({ field, items, remove }: { field: FieldDef; items: { key: number; name: number }[]; remove: (index: number) => void }): React.ReactElement {
  if (!items.length) return <Typography.Text type="secondary">Nenhuma linha</Typography.Text>;
  return (
    <div role="list" aria-label={field.label} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {items.map((item, i) => (
        <Card
          key={item.key}
          role="listitem"
          size="small"
          title={`Linha ${i + 1}`}
          extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remover linha ${i + 1}`} title="Remover linha" onClick={() => remove(item.name)} />}
        >
          {(field.fields ?? []).map((sub) => (
            <FieldFormItem key={sub.name} field={sub} name={[item.name, sub.name]} itemProps={{ style: { marginBottom: 8 } }} />
          ))}
        </Card>
      ))}
    </div>
  );
}
