/**
 * The process an entity declares (`workflow` of an EntitySchema), plain data like the rest of the
 * schema: its states, who edits and who must act in each, and the transitions between them. One
 * generic engine (src/server/workflow/) runs every workflow; re-exported by schemas/kinds.ts.
 */

/** A value a transition writes into a field: the moment, today, today plus N days, the actor or the comment. */
export type StampValue = '$now' | '$today' | `$today+${number}` | '$actor' | '$comment' | '$nextRevision' | null;

/** Who may edit the fields of a record in one state, when it is not the entity's usual edit right. */
export interface StateEditRight {
  /** CASL action checked against the record (e.g. `editarpcp`, `manage`). */
  action: string;
  /** The fields this right may change; all writable fields when absent. */
  fields?: string[];
}

export interface WorkflowState {
  /** Stored value (exact string of the spec). */
  value: string;
  /** pt-BR label when it differs from the value. */
  label?: string;
  /** antd tag colour. */
  color: string;
  /** No transition leaves it (except the administrators' "Alterar situação"). */
  final?: boolean;
  /**
   * Not yet submitted (a draft): external users (clients, suppliers, law firms) never receive a
   * record in this state (docs/access.md decision 29).
   */
  draft?: boolean;
  /**
   * Who edits the fields in this state. Absent: the entity's usual edit right, all fields.
   * An empty list: nobody (read-only). Otherwise any of these rights.
   */
  editBy?: StateEditRight[];
  /** Person fields whose holder must act in this state ("Minhas pendências"). */
  assignees?: string[];
  /**
   * Work done in this state by editing rather than by a transition (pcp plans a released list):
   * records in it are pending for whoever has this action on them, shown with this label.
   */
  inbox?: {
    action: string;
    label: string;
    /** The work is done once this field is filled (set by a step, e.g. "Concluir planejamento"): the record then leaves the inbox. */
    untilFilled?: string;
  };
}

export interface WorkflowTransition {
  /** URL name: POST /api/v1/{resource}/{id}/transitions/{name}. */
  name: string;
  /** pt-BR verb shown on the button ("Emitir para o Jurídico"). */
  label: string;
  from: string[];
  /** Target state; absent for a transition that records a comment and keeps the state. */
  to?: string;
  /** CASL action checked against the record in its current state. */
  action: string;
  /** Only the person in one of these person fields may take it (a user who manages the subject also may). */
  by?: string[];
  /** Only clients (external users) or only staff may take it. */
  audience?: 'cliente' | 'staff';
  comment?: 'required' | 'optional' | 'none';
  /** What the dialog calls the comment when it is something else (a reason: "Motivo da anulação"). */
  commentLabel?: string;
  /** Fields that must be filled before the transition. */
  requires?: string[];
  /** The step is open only while this field is empty (a step done once per stay in the state, which fills it with `set`). */
  untilFilled?: string;
  /**
   * Fields the step's dialog asks for (e.g. the person who will hold the next state): the body
   * carries them as `values: { campo: valor }`, each required and validated like the field, and
   * the step writes them. A person must be an active portal user with one of its `personRoles`.
   */
  asks?: string[];
  /** Fields written by the transition. */
  set?: Record<string, StampValue>;
  /** Append the comment, with author and date, to this long-text field. */
  appendComment?: string;
  /** Assign the entity's `numbering` (declared `on: 'transition'`) to its field, unless it already has a value. */
  assignsNumber?: true;
  /** Named server-side check of records beyond this one (e.g. every checklist of the OS filled). */
  guard?: string;
  /**
   * While this date field of the record is before today (a contract approved after its "Fim da
   * vigência"), the step asks for confirmation: the comment becomes a required reason and `notice`
   * (pt-BR, `{data}` = the date) says why, in the dialog and in the refusal.
   */
  reasonWhenPast?: { field: string; notice: string };
  /** Named server-side effect on other records, in the same transaction (e.g. finalise the SGI record). */
  after?: string;
  /** Who is told by e-mail, besides the people who must act next: person/email fields of the record. */
  notify?: string[];
  /**
   * The kind of notice its message is, for people's preferences per kind (resources/notificacoes.ts):
   * 'documento' for a client's decision on a document; default, a new pending item.
   */
  notifyAs?: 'documento';
  /** Shown in "Minhas pendências" (forward and decision steps); false for returns and cancellations. */
  inbox?: boolean;
  /** antd button type: primary for the main way forward, danger for cancellations. */
  tone?: 'primary' | 'default' | 'danger';
  /**
   * false: never a one-click button in e-mails (a step that needs the record looked at first, such
   * as concluding a daily report returned for correction); the portal's page still offers it.
   */
  mailButton?: false;
}

export interface Workflow {
  /** The state field (an enum of the schema). */
  field: string;
  initial: string;
  states: WorkflowState[];
  transitions: WorkflowTransition[];
  /** States in which a record may be deleted (any state when absent). */
  deleteIn?: string[];
  /** Why a record outside `deleteIn` cannot be deleted (pt-BR), in place of the generic sentence naming the states. */
  deleteRefusal?: string;
  /**
   * Who holds a state when none of its `assignees` is filled (or it names none): state → roles.
   * They see the record in "Minhas pendências" and are told by e-mail when it enters the state.
   */
  roleInbox?: Record<string, string[]>;
  /**
   * Effects (registered like a transition's `after`, src/server/workflow/hooks.ts) run in the step's
   * transaction whenever a record leaves a group of states for a state outside it, whatever the step:
   * the declared ones and the administrators' "Alterar situação" alike (e.g. a signed daily report
   * leaving its concluded states voids its signatures).
   */
  onLeave?: { states: string[]; after: string }[];
  /**
   * Segregation of duties: groups of the person fields holding stages (their states' `assignees`)
   * that must be done by different people on one record (the contract's gestor and validador).
   * Nobody stands in, during an absence, for the holder of one of them on a record where they
   * hold another of the same group: the absence refuses such a substitute
   * (src/server/modules/entities/ausencia.ts) and the engine refuses the step "em nome de"
   * (src/server/workflow/segregation.ts).
   */
  distinctHolders?: string[][];
  /**
   * A document of record: once a record reaches one of `states` (its PDF went out), no step — the
   * administrators' "Alterar situação" included — takes it back to a state outside them, and a
   * record in `voided` never leaves it. With `deleteIn` outside these states, such a record is never
   * deleted. `message` says why a step is refused (pt-BR).
   */
  ofRecord?: { states: string[]; voided?: string; message: string };
}
