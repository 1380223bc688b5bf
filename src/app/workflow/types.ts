/** Shapes of the workflow API (src/server/workflow) as the app reads them. */
import type { FieldDef } from '../../../schemas/kinds';

/** `GET /api/v1/{resource}/{id}/transitions`: a step the signed-in user may take now. */
export interface TransitionOption {
  name: string;
  /** pt-BR verb shown on the button. */
  label: string;
  /** Target state; null for a step that records a comment and keeps the state ("Comentar"). */
  to: string | null;
  comment: 'required' | 'optional' | 'none';
  /** The comment's own name in this step's dialog ("Motivo da anulação"), when it has one. */
  commentLabel?: string;
  /** Why this record asks for a reason now (a contract past its end date): shown in the dialog. */
  notice?: string;
  tone: 'primary' | 'default' | 'danger';
  /**
   * The administrators' "Alterar situação" names its target in the body (`to`): the states it
   * may choose from. Absent for every declared transition.
   */
  choices?: { value: string; label: string }[];
  /**
   * Fields the step's dialog asks for (the schema's definition, required), e.g. who will hold the
   * next state; sent as `values`. Decided by the server (`describeTransition`), never here.
   */
  asks?: FieldDef[];
}

/** Body of `POST /api/v1/{resource}/{id}/transitions/{name}`. */
export interface TransitionInput {
  comment?: string;
  /** Target state of the administrators' transition. */
  to?: string;
  /** The values of the fields the step asks for (`TransitionOption.asks`), by field name. */
  values?: Record<string, unknown>;
}

/** `GET /api/v1/pendencias`: a record waiting for the signed-in user. */
export interface Pendencia {
  resource: string;
  id: number;
  title: string;
  /** Entity label ("Contrato"). */
  label: string;
  state: string;
  /** ISO datetime since when it waits: when it reached its current state. */
  since: string;
  /** Labels of the actions the user can take. */
  transitions: string[];
  obra?: string | null;
  /** The record's version (bulk steps send it). */
  version?: number;
  stateLabel?: string;
  /** Deadline (SLA, ISO) or null; overdue when it passed while the clock runs. */
  due?: string | null;
  overdue?: boolean;
  /** The SLA clock is on hold: no red bar; a late one reads "pausado, atrasado há …". */
  paused?: boolean;
  /** What the user may do now: a workflow step, or the state's work in the edit form (PCP planning). */
  actions?: PendenciaAction[];
  /** Held by an absent person the caller stands in for: that person's name (decision 31). */
  emNomeDe?: string;
}

export interface PendenciaAction {
  name: string;
  label: string;
  /** A workflow step; the state's work in the edit form; work done on the record's page (`?acao=`, e.g. signing a report). */
  kind: 'transition' | 'edit' | 'page';
  /** Asks for a comment or fields: not offered in bulk. */
  needsInput: boolean;
}

/** A workflow step in `GET /api/v1/{resource}/{id}/historico` (`action: 'transition'`). */
export interface HistoryTransition {
  name: string;
  label: string;
  from: string | null;
  to: string | null;
}
