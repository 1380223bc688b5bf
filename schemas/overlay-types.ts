/** The overlay's data types (schemas/overlay.ts): custom fields, overlays of code fields, changes. */
import type { FieldKind } from './kinds';

export const CUSTOM_FIELD_KINDS = ['text', 'longtext', 'integer', 'decimal', 'money', 'date', 'enum', 'boolean', 'person', 'reference', 'attachments'] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number] & FieldKind;

/** Custom field names: `cx`, then a capital letter or digit, then letters and digits (3 to 41 characters). */
export const CUSTOM_FIELD_NAME = /^cx[A-Z0-9][A-Za-z0-9]{0,38}$/;

/** What an administrator may change on any field (code or custom). */
export interface FieldPresentation {
  label?: string;
  help?: string;
  placeholder?: string;
  group?: string;
  /** Position in forms and lists: fields are ordered by it, the others keep their place. */
  order?: number;
  required?: boolean;
  list?: boolean;
  filter?: boolean;
  search?: boolean;
  sort?: boolean;
}

/** Overlay of a code field: its presentation plus the options appended to an enum. */
export interface FieldOverlay extends FieldPresentation {
  /** enum: options added after the code schema's. */
  options?: string[];
}

export interface CustomFieldDef extends FieldPresentation {
  name: string;
  kind: CustomFieldKind;
  label: string;
  options?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** text/longtext: a regular expression the whole value must match. */
  pattern?: string;
  /** reference: the target entity (schema `name`). */
  ref?: string;
  /** Removed by an administrator: not shown nor written any more, the column keeps its data. */
  hidden?: boolean;
  /** For the internal team only: clients and partners can neither read nor write it. */
  internal?: boolean;
  /** Where the values live: a column of its own (default) or a key of the table's `_extra` jsonb column. Fixed at creation. */
  storage?: CustomFieldStorage;
}

export const CUSTOM_FIELD_STORAGES = ['column', 'json'] as const;
export type CustomFieldStorage = (typeof CUSTOM_FIELD_STORAGES)[number];
/** Kinds that need a column of their own: a reference has a foreign key. */
export const COLUMN_ONLY_KINDS: readonly string[] = ['reference'];

export interface SchemaOverlay {
  fields?: Record<string, FieldOverlay>;
  custom?: CustomFieldDef[];
}

/** One change sent by an administrator (the API's POST / PATCH / DELETE on a field). */
export type OverlayChange =
  | { op: 'addField'; field: CustomFieldDef }
  | { op: 'patchField'; name: string; patch: FieldPatch }
  | { op: 'hideField'; name: string }
  /** Deletes a hidden custom field's data (column, or its key in `_extra`) and removes it from the overlay. */
  | { op: 'purgeField'; name: string };

/**
 * A PATCH of a field: presentation, `addOptions` / `removeOptions` of an enum (only options added
 * at run time can be removed, and the server refuses while records use them), and for custom
 * fields their validation bounds and `hidden: false` to show a removed one again.
 */
export interface FieldPatch extends FieldPresentation {
  addOptions?: string[];
  removeOptions?: string[];
  min?: number | null;
  max?: number | null;
  maxLength?: number | null;
  pattern?: string | null;
  hidden?: boolean;
  internal?: boolean;
}

export type OverlayErrors = Record<string, string[]>;
