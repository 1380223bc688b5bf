/**
 * Field kinds and the entity schema shape.
 *
 * A schema is plain data (JSON-serializable): no functions, no classes. The
 * server derives tables, indexes and validation from it; the app derives the
 * Refine resource, the list/show/edit/create views and the export from it.
 */
import type { Subject } from '../src/access/subjects';
import type { SlaDecl } from './sla-types';
import type { Workflow } from './workflow-types';

export type { StampValue, StateEditRight, Workflow, WorkflowState, WorkflowTransition } from './workflow-types';

export type FieldKind =
  | 'text' // single line
  | 'longtext' // multi line
  | 'email'
  | 'integer'
  | 'decimal' // numeric with `scale` decimals
  | 'money' // BRL, 2 decimals
  | 'date' // yyyy-mm-dd
  | 'datetime' // ISO 8601 with zone
  | 'boolean'
  | 'enum' // one of `options`
  | 'reference' // value of `refKey` (default 'id') of a record of `ref`
  | 'person' // { mail, nome }
  | 'object' // a nested object with its own `fields` (e.g. Diretorio.acesso)
  | 'rows' // list of sub-rows with their own `fields`
  | 'attachments' // list of stored files
  | 'images' // list of stored images
  | 'tags'; // list of short texts

/** Columns of a site's responsibility matrix (one row per discipline). */
export type MatrixRole = 'siteManager' | 'substituto' | 'verificador' | 'coordenador' | 'quantificador' | 'planejamento';

/** A stored file, as kept inside `attachments` / `images` fields. */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  type: string;
  url?: string;
  /** When a photo was taken (ISO date-time, from its EXIF, sent with the upload). */
  tiradaEm?: string;
  /** Where a photo was taken, when the person allowed sending it. */
  latitude?: number;
  longitude?: number;
}

export interface Person {
  mail: string;
  nome?: string;
}

/** How much a field weighs in the search across every module (PostgreSQL's setweight: A the most, D the least). */
export type SearchWeight = 'A' | 'B' | 'C' | 'D';

export interface FieldDef {
  /** Column / JSON property name; kept exactly as docs/access.md spells it. */
  name: string;
  kind: FieldKind;
  /** Portuguese label shown to the user. */
  label: string;
  required?: boolean;
  /** text/longtext/email/tags item: length bounds. */
  minLength?: number;
  maxLength?: number;
  /** text/longtext: a regular expression the whole value must match (custom fields, schemas/overlay.ts). */
  pattern?: string;
  /** integer/decimal/money: value bounds. date: 'yyyy-mm-dd' bounds are not supported. */
  min?: number;
  max?: number;
  /** decimal: number of decimals (default 2). */
  scale?: number;
  /** enum: the allowed values, as stored. */
  options?: string[];
  /**
   * A sub-field of `rows` whose options depend on another sub-field of the same row (`field`): the
   * RDO's labour role ("Função") on its company ("Empresa"). `options` maps each value of that field
   * to the options then offered (a value without an entry offers them all); a feature may fill it at
   * run time from its data (the site's RDO configuration pairs companies and roles,
   * schemas/configuracao-rdo.ts). The form offers only those and clears a choice the other field no
   * longer allows; the feature's API check refuses other pairs.
   */
  optionsBy?: { field: string; options?: Record<string, string[]> };
  /**
   * enum/tags: the pt-BR label shown for a stored value when it is a code ('FIELD' → 'Campo'); a
   * value without one is shown as stored. A workflow's state field takes its states' labels
   * (schemas/option-labels.ts). Display only: the API, filters and stored values keep the code.
   */
  optionLabels?: Record<string, string>;
  /**
   * enum (top-level): values an earlier version of the schema stored, each mapped to the option that
   * now stands for it (`{ Revisado: 'Emitido' }`). Upgrading a database rewrites the rows holding one
   * before the new CHECK of the options is added (src/server/db/migrate.ts), so it never refuses them.
   */
  formerOptions?: Record<string, string>;
  /**
   * Initial value on create. Any kind may declare a default; a person field may use
   * CURRENT_USER ('$usuario') to start as the signed-in user (e.g. the RDO's site manager); a date
   * field TODAY ('$hoje'), a datetime field NOW ('$agora').
   */
  default?: string | number | boolean | null;
  /** reference: target entity name (schema `name`). */
  ref?: string;
  /** reference: the target field whose value is stored (default 'id'). */
  refKey?: string;
  /**
   * reference: what deleting the target does to this record (src/server/trash). 'cascade': it goes
   * with the target, into the same trash entry, and comes back with it (a ticket's interactions, a
   * contract's products). Absent: the target refuses to be deleted while this record points at it,
   * and the answer names what depends on it (a site with daily reports).
   */
  onDelete?: 'cascade';
  /**
   * reference: only target records with these values may be chosen (target field → value, or the
   * list of values it may hold), e.g. an SGI record's supplier is a company of `tipo` 'Fornecedor',
   * a contract's counterparty one of `tipo` ['Fornecedor', 'Cliente']. The picker offers only those
   * and the API refuses any other with a 400 on the field (read through schemas/ref-filter.ts).
   */
  refFilter?: Record<string, string | string[]>;
  /** text: a value with a known format, checked and stored normalised ('cnpj': the digits, check digits verified). */
  format?: 'cnpj';
  /**
   * reference, on create: choosing a record here copies its fields into this record's empty ones
   * (this record's field → the chosen record's field), e.g. a materials list takes its template's items.
   */
  copies?: Record<string, string>;
  /** rows/object: the sub-fields (no nested rows). Empty sub-values of an object are not stored. */
  fields?: FieldDef[];
  /** attachments/images: accepted MIME types (prefix match, e.g. 'image/') and max size. */
  accept?: string[];
  maxSizeMb?: number;
  maxFiles?: number;
  /**
   * person: the column of the site's responsibility matrix (obra.matrizResponsabilidade) that gives
   * this field its value on create when none is sent, for the record's discipline (or "Geral").
   */
  matrixRole?: MatrixRole;
  /** person: roles of the people who can hold it; the picker offers only portal users with one of them. */
  personRoles?: string[];
  /** person: the picker offers only the people of the record's site (`obraField`), e.g. the RDO's site manager. */
  personOfSite?: boolean;
  /** A value that must be unique across the table. */
  unique?: boolean;
  /**
   * text: the code of an item of a site's EAP (`eapOs`), picked from the tree of the site (and of
   * the area, when named) held by these fields of the record (a daily report's activity). The API
   * refuses a new code that is not an item of that EAP (src/server/modules/entities/eap-os.ts).
   */
  eapCodeOf?: { obra: string; area?: string };
  /**
   * integer: the id of a record of this schema, set by the server (a checklist answer's SGI record);
   * shown as a link to that record. Not a `reference` where the two records refer to each other.
   */
  recordOf?: string;

  /** Shown as a list column by default. */
  list?: boolean;
  /** Offered as a list filter (gets an index). */
  filter?: boolean;
  /** Sortable in the list (gets an index). */
  sort?: boolean;
  /**
   * Part of the searches: a list's `q`, and the search across every module (src/server/search) with
   * a weight, A (codes, numbers, titles) to D (internal notes); `true` takes the weight of its kind
   * (codes and the title A, short texts and people B, long texts C, internal fields D).
   */
  search?: boolean | SearchWeight;

  /** UI hints. */
  group?: string; // section title in forms and show view
  help?: string;
  placeholder?: string;
  width?: number; // list column width in px
  span?: 'full' | 'half' | 'third'; // form layout
  readOnly?: boolean; // never written by the client (set by the server or a workflow)
  hidden?: boolean; // not shown in forms/show (internal)
  /** False: left out of the create form (filled later, on edit or by the workflow step that asks for it). */
  onCreate?: false;
  /** For the internal team only: clients and partners can neither read nor write it (field-level rule, src/access/ability.ts). */
  internal?: boolean;
  /**
   * Custom fields (schemas/overlay.ts): where the value lives. 'json': a key of the table's `_extra`
   * jsonb column (expression index when filterable or sortable); absent or 'column': a column of its own.
   */
  storage?: 'column' | 'json';
}

export interface EntitySchema {
  /** Singular key, kebab/camel case, unique: 'obra', 'diario', 'contrato'. Also the SQL table name. */
  name: string;
  /** REST resource and Refine resource name: plural Portuguese ('obras', 'diarios'). */
  resource: string;
  label: string; // 'Diário de obra'
  labelPlural: string; // 'Diários de obra'
  /** Grammatical gender of the label, for messages ('este contrato' / 'esta obra'). */
  gender: 'm' | 'f';
  /** Gender of `labelPlural` when it differs from the label's ('esta apólice' but 'os seguros'). */
  pluralGender?: 'm' | 'f';
  /**
   * The toasts of the generic forms, when the generic ones ("Contrato criado.", "Alterações salvas.":
   * src/app/views/save-messages.ts) do not read well for the entity (a ticket's interaction:
   * "Interação registrada.").
   */
  messages?: { created?: string; saved?: string };
  /** CASL subject (exact string of docs/access.md). */
  subject: Subject;
  /** Field shown as the record's title. */
  titleField: string;
  fields: FieldDef[];
  /** Default list order. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * Refine action → CASL action, when it differs from the defaults
   * (list/show → read, create → create, edit → update, delete → delete).
   */
  actions?: Partial<Record<'list' | 'show' | 'create' | 'edit' | 'delete', string>>;
  /**
   * When creating a record needs a different right depending on one of its values (a legal
   * case's "Documentos DP" need `upload_dp`): field, value → CASL action; other values use `actions.create`.
   */
  createActionBy?: { field: string; actions: Record<string, string> };
  /** Menu group (pt-BR) and icon name (antd icon component name). */
  /**
   * Menu group and icon. `action`: the right the list page (and so its menu entry) asks for, when
   * reading is wider than managing, e.g. a registry every staff member reads through pickers but
   * only its administrators open as a page.
   */
  menu?: { group: string; icon?: string; action?: string };
  /** Optional field holding the site id (Obra.Id_Lista) the record belongs to. */
  obraField?: string;
  /**
   * Optional reference field (kind 'reference', refKey 'id') whose target record is the one the
   * CASL check is made against, instead of this record: a `documento` is allowed exactly when its
   * folder (`diretorio`, with its `acesso` lists) is. The subject is the target schema's subject.
   */
  accessVia?: string;
  /** The record's process: its state field moves only through these transitions. */
  workflow?: Workflow;
  /**
   * Records of other entities that belong to this one and are shown, listed and added inside its
   * page: a contract's products, a ticket's interactions and costs, an SGI record's action plans.
   */
  related?: RelatedList[];
  /** A server-generated number or code of a field (an RDO's number per site, an ethics protocol, an SGI code). */
  numbering?: Numbering;
  /** The records form a tree, shown and edited as one (the app's tree engine, src/app/views/tree). */
  tree?: TreeDecl;
  /** Service-level targets (schemas/sla-types.ts); the schema spreads `slaFields()` (schemas/shared/sla.ts) into its fields. */
  sla?: SlaDecl;
  /**
   * Written in the field (issue 26): its forms keep a draft on the device as the person types, and
   * "Salvar" without network queues the record (with its photos) in the device's outbox.
   */
  offline?: boolean;
  /**
   * The natural key a spreadsheet import (src/server/import) finds an existing record by, to update
   * it instead of creating another: `['numero']`, `['cnpj']`, an RDO's `['obra', 'numero']`. Absent:
   * the first `unique` field, else the `numbering` field with its `per` fields; `[]`: always create.
   */
  importKey?: string[];
}

/**
 * How the records of an entity form a tree: each record under the one its `parent` reference
 * names, or, without `parent`, under the record whose `code` is the longest prefix of its own
 * (1.2.3 under 1.2). A record whose parent is not among the loaded ones stays at the root.
 */
export interface TreeDecl {
  /** Reference field (by id) to the parent record. */
  parent?: string;
  /** A hierarchical code ('1.2.3'): its field and the separator of its levels. */
  code?: { field: string; separator: string };
  /** Field the siblings are sorted by: the code field sorts in natural order (1.2 before 1.10), any other field as pt-BR text. */
  order: string;
}

/**
 * A generated number or code, declared with its entity; one implementation assigns every one
 * (src/server/crud/numbering.ts): a transaction lock per table and scope, held until commit, so
 * concurrent writers take consecutive numbers and a rolled-back write gives its number back.
 */
export interface Numbering {
  /** The field that receives it: read-only; kind 'integer' when the format is only the counter (`{#}`). */
  field: string;
  /**
   * Literal text and tokens: `{campo}` a field of the record; `{campo:tabela}` that field's value
   * coded through `codes[tabela]`; `{YYYY}` today's year (portal time zone), `{YYYY:campo}` the year
   * of a date field of the record; `{#}` the counter, `{#####}` zero-padded to as many digits as #.
   * The counter restarts per scope: the values of the tokens before it (`ET-{YYYY}-{#####}`: per
   * year), plus the fields of `per`.
   */
  format: string;
  /** Record fields the counter restarts by that are not written in the value (an RDO's number is per site). */
  per?: string[];
  /** The code tables of `{campo:tabela}` tokens. */
  codes?: Record<string, NumberingCodes>;
  /**
   * When it is assigned: when the record is created, or by the transitions that declare
   * `assignsNumber` (once: a value already there is kept).
   */
  on: 'create' | 'transition';
}

/** Value → code of a `{campo:tabela}` token (an SGI area → its prefix). */
export interface NumberingCodes {
  values: Record<string, string>;
  /** A value not in `values`: its first `firstLetters` characters in capitals (absent: the value as it is). */
  firstLetters?: number;
  /** The code when the value (or what `firstLetters` gives) is empty. */
  empty?: string;
}

/** Records of `entity` whose reference field `via` points at this record (by id). */
export interface RelatedList {
  entity: string;
  via: string;
  /** Section title; default: the entity's plural label. */
  label?: string;
  /** 'timeline': a conversation ordered by date (interactions); default: a table of the listed fields. */
  display?: 'table' | 'timeline';
  /** Numeric fields totalled under the table (computed by the aggregate API over every matching record). */
  sum?: string[];
  /** Constant values of a record added here (a field work order's daily reports are of area FIELD). */
  prefill?: Record<string, string | number | boolean>;
  /**
   * Starting values of the add form here, which the person may change (unlike `prefill`, locked), over
   * the child's own `default`s: a staff answer on a ticket starts visible to the client. Form only:
   * the API still applies the child's defaults to a body without the field.
   */
  formDefaults?: Record<string, string | number | boolean>;
  /**
   * The fields the add form here shows to staff (besides `via`, and a locked reply-to); the child's
   * defaults fill the others (the API applies them to a body without the field): a staff answer on a
   * ticket is its text, whether the client sees it, its kind and attachments, not nine fields.
   */
  formFields?: string[];
  /**
   * Who adds (and changes) a record here, besides the child's own rights (docs/access.md decision 30, a
   * ticket's interactions): whoever holds `parentAction` on the parent record and, with `clients`,
   * an external client who reads the parent (their record is always `clientVisible`); never while
   * the parent's workflow state is one of `closedIn`. The API refuses with the pt-BR messages.
   */
  addBy?: {
    parentAction: string;
    clients?: boolean;
    /** Boolean field of the child set to true when a client writes it. */
    clientVisible?: string;
    /**
     * What a client fills in when adding here (besides `via`); everything else of the body is
     * ignored and the child gets `clientSets`: constants, or '$actor' (the client as a person),
     * '$now' (the moment). Access.md decision 30: a client's reply on a ticket.
     */
    clientFields?: string[];
    clientSets?: Record<string, string | number | boolean>;
    /**
     * A transition of the parent's workflow (by name) the portal takes when a client adds here and
     * the step is open from the parent's state: a client's answer puts a ticket waiting for the
     * client back in service, so its SLA clock runs again. Recorded in the parent's history.
     */
    clientReplyTakes?: string;
    closedIn?: string[];
    refusal: string;
    closedRefusal: string;
  };
}

/** The administrators' escape hatch every workflow gets: audited, comment required. */
export const ADMIN_TRANSITION = 'alterar-situacao';

/** System columns every table has, managed by the server. */
export const SYSTEM_FIELDS = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;

/** Default of a person field that stands for the signed-in user. */
export const CURRENT_USER = '$usuario';
/** Default of a date field that starts as today (portal time zone) / of a datetime field that starts as now. */
export const TODAY = '$hoje';
export const NOW = '$agora';

export const MONEY_SCALE = 2;
export const DEFAULT_DECIMAL_SCALE = 2;
