/**
 * The form of a field, dispatched over the registry of field kinds (src/app/fields/kinds/): each
 * kind's descriptor names its widget (src/app/fields/inputs/) and its value adapters.
 *
 * - `FieldInput({ field, value, onChange })`: the value-level widget of a kind (what a
 *   `Form.Item` wraps). Dates are Dayjs here; `FieldFormItem` converts to/from the stored string.
 * - `FieldFormItem({ field, name })`: the complete `Form.Item` (label, rules, help, value
 *   conversion); for `object` a nested group of sub-field items, for `rows` an editable sub-table
 *   (`Form.List`). A feature module's input registered for the field (`registerFieldInput`, e.g.
 *   the EAP code picker) wins over the kind's own.
 */
import React from 'react';
import { Form } from 'antd';
import type { FormItemProps, FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { FieldDef } from '../../../schemas/kinds';
import { rulesFor } from './rules';
import { registeredFieldInput } from './input-registry';
import { appKindOf } from './kinds/registry';
import type { FieldInputProps, ValueAdapters } from './kinds/types';
import { GROUP_INPUTS, VALUE_INPUTS } from './inputs';

export { rulesFor, validateFile, MESSAGES, acceptsType } from './rules';
export { fileUrl, thumbUrl } from './file-url';
export { DATE_FORMAT, DATETIME_FORMAT } from './inputs/basic';
export { ReferenceSelect } from './inputs/reference-select';
export { PersonInput } from './inputs/person-input';
export { FilesInput, uploadFile } from './inputs/files-input';
export type { FieldInputProps } from './kinds/types';

/** The widget for one value of a field. `object` and `rows` need a name: use `FieldFormItem`. */
export function FieldInput(props: FieldInputProps): React.ReactElement | null {
  const input = appKindOf(props.field).Input;
  if (!('widget' in input)) return null;
  const Widget = VALUE_INPUTS[input.widget];
  return <Widget {...props} />;
}

/**
 * An error message in a role="alert" element (WCAG 3.3.1, 4.1.3): antd shows it in the field's error
 * text, which the input names in aria-describedby, and screen readers announce it as it appears
 * (antd 5's error list itself is no live region).
 */
export function alertMessage(message: React.ReactNode): React.ReactElement {
  return <span role="alert">{message}</span>;
}

/** The field's rules with their messages (fixed or from a validator's rejection) as alerts. */
export function announcedRules(rules: FormRule[]): FormRule[] {
  return rules.map((rule) => {
    if (typeof rule === 'function') return rule;
    const out = { ...rule };
    if (out.message !== undefined) out.message = alertMessage(out.message);
    const validator = rule.validator;
    if (validator) {
      out.validator = (r, value, callback) =>
        Promise.resolve(validator(r, value, callback)).catch((e: unknown) => {
          // async-validator keeps an error object's own `message` (here an element) as the field's error.
          throw { message: alertMessage(e instanceof Error ? e.message : String(e)) };
        });
    }
    return out;
  });
}

/** Form.Item props converting stored values for the widget (dates) and back. */
export function valueAdapters(field: FieldDef): ValueAdapters {
  const input = appKindOf(field).Input;
  return 'widget' in input && input.adapters ? input.adapters(field) : {};
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
  const input = appKindOf(field).Input;
  if ('group' in input) {
    const Group = GROUP_INPUTS[input.group];
    return <Group field={field} name={path} />;
  }
  // A feature module's input for this field (`registerFieldInput`, e.g. the EAP code picker), else the kind's own.
  const Widget = registeredFieldInput(field) ?? VALUE_INPUTS[input.widget];
  return (
    <Form.Item
      name={path}
      label={noLabel ? undefined : field.label}
      tooltip={noLabel ? undefined : field.help}
      rules={announcedRules(rulesFor(field))}
      required={field.required && !input.answered}
      {...valueAdapters(field)}
      {...(noLabel ? { style: { marginBottom: 0 } } : {})}
      {...itemProps}
    >
      <Widget field={field} disabled={disabled} aria-label={noLabel ? field.label : undefined} />
    </Form.Item>
  );
}
