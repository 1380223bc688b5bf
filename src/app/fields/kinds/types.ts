/**
 * What the app needs to know about a field kind, in one place: one `FieldKindApp` per kind
 * (src/app/fields/kinds/, one file per family like the server's src/server/fields/kinds/), mapped
 * by src/app/fields/kinds/registry.ts. The form (form-items.tsx), the display (display.tsx), the
 * list filters (filters.tsx), the text format (format.ts) and the spreadsheet export
 * (views/export-xlsx.ts) ask the registry instead of switching on the kind.
 *
 * The widgets keep their loading: a descriptor names its form widget (an export of
 * src/app/fields/inputs, loaded with the forms) and its filter dropdown (an export of
 * filter-dropdowns.tsx, loaded when a filter is first opened) by a typed name, so a list page does
 * not download the date pickers and uploads of the forms.
 */
import type React from 'react';
import type { FormItemProps } from 'antd';
import type { FieldDef } from '../../../../schemas/kinds';
import type { GROUP_INPUTS, VALUE_INPUTS } from '../inputs';
import type { DROPDOWNS } from '../filter-dropdowns';

type AnyValue = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What a `Form.Item` hands to a value widget (the kind's own, or a feature module's `registerFieldInput`). */
export interface FieldInputProps {
  field: FieldDef;
  value?: AnyValue;
  onChange?: (value: AnyValue) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  /** Set by the Form.Item: the id of its error text (and of its extra text), to be read with the input. */
  'aria-describedby'?: string;
  /** Set by the Form.Item while the field has an error. */
  'aria-invalid'?: boolean | 'true' | 'false';
  /** Set by the Form.Item of a required field. */
  'aria-required'?: boolean | 'true' | 'false';
}

/**
 * The accessibility props of a widget's input, as its Form.Item hands them (name, error text, state).
 * `select`: an antd Select copies aria props onto its wrapping element too, where aria-required is not
 * allowed (only aria-invalid and aria-describedby are global), so a select does not take it.
 */
export function fieldAria(props: FieldInputProps, { select = false }: { select?: boolean } = {}) {
  return {
    'aria-label': props['aria-label'],
    'aria-describedby': props['aria-describedby'],
    'aria-invalid': props['aria-invalid'],
    ...(select ? {} : { 'aria-required': props['aria-required'] }),
  };
}

/** Form.Item props converting a stored value for the widget and back (dates: text ↔ Dayjs). */
export type ValueAdapters = Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'>;

/** A form widget of src/app/fields/inputs editing one value (wrapped by a `Form.Item`). */
export type ValueInputName = keyof typeof VALUE_INPUTS;
/** A form widget of src/app/fields/inputs that is a whole group of items under a name (object, rows). */
export type GroupInputName = keyof typeof GROUP_INPUTS;

/** The form input of a kind: a value widget (with its value adapters), or a group of sub-field items. */
export type KindInput =
  | {
      widget: ValueInputName;
      adapters?: (field: FieldDef) => ValueAdapters;
      /** The widget always holds an answer (a switch): a required field gets no required mark. */
      answered?: boolean;
    }
  | { group: GroupInputName };

/** The modes of a display: the show view (`full`) and list cells (`cell`, compact). */
export interface FieldDisplayProps {
  field: FieldDef;
  /** Never empty: the dispatcher (display.tsx) shows "—" for null, '' and []. */
  value: unknown;
  mode: 'full' | 'cell';
}

/**
 * The list filter families, by the API keys they write: `like` → `campo_like`; `in` → `campo=a&campo=b`;
 * `boolean` → `campo=true`; `range` → `campo_gte` / `campo_lte`; `reference` → `in` over searched records.
 */
export type FilterFamily = 'like' | 'in' | 'boolean' | 'range' | 'reference' | 'none';

/** A filter dropdown of filter-dropdowns.tsx. */
export type FilterDropdownName = keyof typeof DROPDOWNS;

export interface KindFilter {
  family: Exclude<FilterFamily, 'none'>;
  /** The dropdown (loaded when a filter is first opened). */
  dropdown: FilterDropdownName;
  /** The key the API filters by (a person: `campo.mail`); default the field's name. */
  key?: (field: FieldDef) => string;
  /** The text box's placeholder (like filters). */
  placeholder?: string;
}

/** A spreadsheet cell: its value and number format (exceljs). */
export interface ExcelCell {
  value: string | number | Date | null;
  numFmt?: string;
}

/** A field as `format` needs it (history entries and cards may pass only the kind and a few props). */
export type FormatField = Pick<FieldDef, 'kind'> & Partial<FieldDef>;

export interface FieldKindApp {
  /** The form input. */
  Input: KindInput;
  /** The read-only rendering (show view and list cells) of a value that is not empty. */
  Display: React.ComponentType<FieldDisplayProps>;
  /** The list column filter, or null when the list cannot be filtered by the field. */
  Filter: KindFilter | null;
  /** A value that is not empty → its Excel cell (numbers and dates typed, the rest as `format`). */
  exportCell(field: FieldDef, value: unknown): ExcelCell;
  /** A value that is not empty → plain pt-BR text (list cells, cards, history, export, tooltips). */
  format(field: FormatField, value: unknown): string;
  /**
   * A value given as one text — a create form's query string (`?folha=3&x=0.25`), a route's prefill —
   * → the field's value, or undefined when the text is not one (a number that is not a number, an
   * option the field does not have). Null: the kind takes no value from a text (people, files, rows,
   * objects).
   */
  fromText: ((field: FieldDef, text: string) => unknown) | null;
}
