/**
 * Field inputs a feature module registers (EAP's code picker for text fields declared with
 * `eapCodeOf`): the form widget of the fields a predicate picks, instead of their kind's own. The
 * form items (form-items.tsx) ask it; modules register through src/app/views/extensions.ts, which
 * re-exports this.
 */
import type React from 'react';
import type { FieldDef } from '../../../schemas/kinds';

/** What a `Form.Item` hands to its input (the same props as the kind's own `FieldInput`). */
export interface FieldInputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

export type FieldInputComponent = React.ComponentType<FieldInputProps>;

interface FieldInputEntry {
  applies: (field: FieldDef) => boolean;
  Component: FieldInputComponent;
}

const FIELD_INPUTS: FieldInputEntry[] = [];

/** Renders `Component` as the input of every field `applies` picks (the first match wins). */
export function registerFieldInput(applies: (field: FieldDef) => boolean, Component: FieldInputComponent): void {
  if (!FIELD_INPUTS.some((e) => e.Component === Component)) FIELD_INPUTS.push({ applies, Component });
}

/** The registered input of a field, if a module claims it. */
export function registeredFieldInput(field: FieldDef): FieldInputComponent | undefined {
  return FIELD_INPUTS.find((e) => e.applies(field))?.Component;
}
