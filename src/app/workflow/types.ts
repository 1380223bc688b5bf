/** Shapes of the workflow API (src/server/workflow) as the app reads them. */

/** `GET /api/v1/{resource}/{id}/transitions`: a step the signed-in user may take now. */
export interface TransitionOption {
  name: string;
  /** pt-BR verb shown on the button. */
  label: string;
  /** Target state; null for a step that records a comment and keeps the state ("Comentar"). */
  to: string | null;
  comment: 'required' | 'optional' | 'none';
  /** Why this record asks for a reason now (a contract past its end date): shown in the dialog. */
  notice?: string;
  tone: 'primary' | 'default' | 'danger';
  /**
   * The administrators' "Alterar situação" names its target in the body (`to`): the states it
   * may choose from. Absent for every declared transition.
   */
  choices?: { value: string; label: string }[];
}

/** Body of `POST /api/v1/{resource}/{id}/transitions/{name}`. */
export interface TransitionInput {
  comment?: string;
  /** Target state of the administrators' transition. */
  to?: string;
}

/** `GET /api/v1/pendencias`: a record waiting for the signed-in user. */
export interface Pendencia {
  resource: string;
  id: number;
  title: string;
  /** Entity label ("Contrato"). */
  label: string;
  state: string;
  /** ISO datetime since when it waits. */
  since: string;
  /** Labels of the actions the user can take. */
  transitions: string[];
  obra?: string | null;
}

/** A workflow step in `GET /api/v1/{resource}/{id}/historico` (`action: 'transition'`). */
export interface HistoryTransition {
  name: string;
  label: string;
  from: string | null;
  to: string | null;
}
