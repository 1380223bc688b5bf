/** The form widgets of the plain kinds: texts, numbers, dates, yes/no, options and tags. */
import React, { useContext, useEffect, useMemo, useRef } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { labelledOptions } from '../../../../schemas/option-labels';
import { numberWidgetProps } from '../kinds/number';
import { fieldAria, type FieldInputProps } from '../kinds/types';
import { RowPathContext } from './row-path';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';

const fullWidth: React.CSSProperties = { width: '100%' };

/** The props every widget passes on: id, disabled, the aria props of its Form.Item and the field's placeholder. */
function common(props: FieldInputProps, select = false) {
  const { field, id, disabled } = props;
  return { id, disabled, ...fieldAria(props, { select }), placeholder: field.placeholder };
}

export function TextInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  return <Input {...common(props)} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} allowClear={!field.required} />;
}

export function EmailInput(props: FieldInputProps): React.ReactElement {
  const { value, onChange } = props;
  return <Input {...common(props)} type="email" inputMode="email" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
}

export function LongTextInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  return (
    <Input.TextArea
      {...common(props)}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      autoSize={{ minRows: 3, maxRows: 12 }}
      count={field.maxLength ? { show: true, max: field.maxLength } : undefined}
    />
  );
}

/** integer, decimal and money: the field's decimals, "R$" for money, a comma as decimal separator. */
export function NumberInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  const { precision, prefix, inputMode } = numberWidgetProps(field);
  return (
    <InputNumber<number>
      {...common(props)}
      style={fullWidth}
      value={value === '' || value === null || value === undefined ? null : Number(value)}
      onChange={(v) => onChange?.(v ?? null)}
      precision={precision}
      decimalSeparator=","
      prefix={prefix}
      min={field.min}
      max={field.max}
      inputMode={inputMode}
    />
  );
}

/** The value is a Dayjs here: the date kinds' value adapters convert to and from the stored text. */
export function DateInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  return (
    <DatePicker
      {...common(props)}
      style={fullWidth}
      format={[DATE_FORMAT, 'DDMMYYYY', 'YYYY-MM-DD']}
      value={(value as Dayjs | null | undefined) ?? null}
      onChange={(d) => onChange?.(d ?? null)}
      placeholder={field.placeholder ?? 'dd/mm/aaaa'}
    />
  );
}

export function DateTimeInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  return (
    <DatePicker
      {...common(props)}
      style={fullWidth}
      showTime={{ format: 'HH:mm' }}
      format={DATETIME_FORMAT}
      value={(value as Dayjs | null | undefined) ?? null}
      onChange={(d) => onChange?.(d ?? null)}
      placeholder={field.placeholder ?? 'dd/mm/aaaa hh:mm'}
    />
  );
}

export function BooleanInput(props: FieldInputProps): React.ReactElement {
  const { value, onChange, id, disabled } = props;
  return (
    <Switch
      id={id}
      disabled={disabled}
      {...fieldAria(props)}
      checked={value === true || value === 'true'}
      onChange={(c) => onChange?.(c)}
      checkedChildren="Sim"
      unCheckedChildren="Não"
    />
  );
}

export function EnumInput(props: FieldInputProps): React.ReactElement {
  const rowPath = useContext(RowPathContext);
  if (props.field.optionsBy && rowPath) return <DependentEnumInput {...props} rowPath={rowPath} />;
  return <EnumSelect {...props} />;
}

function EnumSelect(props: FieldInputProps & { options?: { value: string; label: string }[] }): React.ReactElement {
  const { field, value, onChange } = props;
  return (
    <Select
      {...common(props, true)}
      style={fullWidth}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear={!field.required}
      showSearch
      optionFilterProp="label"
      placeholder={field.placeholder ?? 'Selecione'}
      options={props.options ?? labelledOptions(field)}
    />
  );
}

/**
 * An option of a row that depends on another sub-field of the row (`optionsBy`: the role on the
 * company): offers the options that value allows, and clears a choice the new value no longer allows.
 */
function DependentEnumInput(props: FieldInputProps & { rowPath: (string | number)[] }): React.ReactElement {
  const { field, value, onChange, rowPath } = props;
  const by = field.optionsBy!;
  const form = Form.useFormInstance();
  const other = Form.useWatch([...rowPath, by.field], form) as unknown;
  const allowed = typeof other === 'string' ? by.options?.[other] : undefined;
  const options = useMemo(() => {
    const all = labelledOptions(field);
    return allowed ? all.filter((o) => allowed.includes(String(o.value))) : all;
  }, [field, allowed]);
  const previous = useRef(other);
  useEffect(() => {
    if (previous.current === other) return;
    previous.current = other;
    if (allowed && value && !allowed.includes(String(value))) onChange?.(null);
  }, [other, allowed, value, onChange]);
  return <EnumSelect {...props} options={options} />;
}

/** Free texts typed and confirmed with Enter (or separated by "," and ";"), trimmed. */
export function TagsInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange } = props;
  return (
    <Select
      {...common(props, true)}
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
}
