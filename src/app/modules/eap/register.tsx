/**
 * The EAP code picker as the input of every text field declared with `eapCodeOf` (a daily report's
 * activity, `atividades.eapCodigo`), through `registerFieldInput`. The picker (antd TreeSelect and
 * the EAP tree) loads with the first form that shows such a field; until then the field is the
 * plain text box the picker itself falls back to.
 */
import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import { registerFieldInput, type FieldInputProps } from '../../views/extensions';

const EapCodeInput = lazy(() => import('./eap-code-input').then((m) => ({ default: m.EapCodeInput })));

export function EapCodeField(props: FieldInputProps) {
  const { field, value, onChange, id, disabled } = props;
  const text = value === null || value === undefined ? '' : String(value);
  const plain = (
    <Input
      id={id}
      disabled={disabled}
      aria-label={props['aria-label']}
      placeholder={field.placeholder}
      value={text}
      onChange={(e) => onChange?.(e.target.value)}
      allowClear={!field.required}
    />
  );
  if (!field.eapCodeOf) return plain;
  return (
    <Suspense fallback={plain}>
      <EapCodeInput {...props} field={{ ...field, eapCodeOf: field.eapCodeOf }} />
    </Suspense>
  );
}

registerFieldInput((field) => field.kind === 'text' && !!field.eapCodeOf, EapCodeField);
