/**
 * What the server needs to know about a field kind, in one place: one `FieldKindServer` per kind
 * (src/server/fields/kinds/), mapped by src/server/fields/registry.ts. The generic engine (DDL,
 * validation, list filters, access rules as SQL, OpenAPI) asks the registry instead of switching on
 * the kind. Layer: below the engine, above schemas/ only (no crud, workflow or modules imports).
 */
import type { FieldDef } from '../../../schemas/kinds';

export type JsonSchema = Record<string, unknown>;

/** A list filter operator: `campo` (eq), `campo_ne`, `campo_gte`, `campo_lte`, `campo_like`. */
export type FilterOp = 'eq' | 'ne' | 'gte' | 'lte' | 'like';

/**
 * How a value is kept when it is not a plain column value: `object` a JSON object (person,
 * object), `objects` a JSON list of objects (rows, files), `strings` a JSON list of texts (tags).
 */
export type JsonShape = 'object' | 'objects' | 'strings';

/** What `jsonSchema` may call back into (nested fields of an object or of rows). */
export interface JsonSchemaContext {
  /** The schema of a nested field, null allowed when `nullable`. */
  fieldSchema(field: FieldDef, nullable: boolean): JsonSchema;
  /** A reference to a shared component (`Pessoa`, `Arquivo`). */
  ref(name: string): JsonSchema;
}

/** What `validate` may call back into. */
export interface ValidateContext {
  /** The error path of the value (`itens.2.quantidade`). */
  path: string;
  /** Records a pt-BR message at `at` (default: `path`) and returns undefined (the value is refused). */
  error(message: string, at?: string): undefined;
  /** Validates a nested record (an object's or a row's sub-fields); errors go under `prefix`. */
  record(fields: FieldDef[], input: Record<string, unknown>, prefix: string, checkRequired: boolean): Record<string, unknown>;
}

export interface FieldKindServer {
  /**
   * The SQL type of the field's column (`numeric(16,2)`, `jsonb`...). The one kind → SQL type
   * map: the type a value is cast to (filters, `_extra` keys) is this type without its modifier.
   */
  sqlType(field: FieldDef): string;
  /** Kept as JSON (jsonb): its shape; undefined for a scalar column. */
  json: JsonShape | undefined;
  /** Sub-paths a filter, a sort or an access rule may address (`siteManager.mail`, `acesso.full`); [] when none. */
  subFields(field: FieldDef): FieldDef[];
  /**
   * What a list filter or sort on the field's own path (`campo=…`) compares: 'self' its value, the
   * name of a sub-field (a person: 'mail'), undefined when only sub-paths are addressable.
   */
  ownPath: 'self' | string | undefined;
  /** The JSON Schema (OpenAPI 3.1) of a value, without title, help and null. */
  jsonSchema(field: FieldDef, ctx: JsonSchemaContext): JsonSchema;
  /**
   * A value sent by a client (not empty) → the value stored, normalised; a refused value is
   * reported with `ctx.error` (pt-BR message) and gives undefined.
   */
  validate(field: FieldDef, raw: unknown, ctx: ValidateContext): unknown;
  /**
   * A list filter value (a query-string text) that cannot be cast to the field's SQL type: the
   * pt-BR message (`shown`: the value as quoted in messages); undefined when it is fine.
   */
  filterValueError(field: FieldDef, value: string, shown: string): string | undefined;
  /** The list filter operators advertised for the field's own path (OpenAPI); [] when it is not filtered by itself. */
  filterOperators(field: FieldDef): readonly FilterOp[];
  /** The list may be sorted by the field's own path. */
  sortable: boolean;
  /**
   * The index a filtered or sorted field gets (on the same expression its filters use: a person's
   * `ownPath`): 'btree', 'gin' (JSON containment), or undefined for none (long texts, lists of objects).
   */
  index: 'btree' | 'gin' | undefined;
}

/** The target field whose value a reference stores (default 'id'). */
export const refKeyOf = (f: FieldDef) => f.refKey ?? 'id';
