/**
 * A site's impracticable days (issue 26) as `GET /api/v1/obras/{obra}/dias-impraticaveis` answers
 * them: shared by the server that builds the answer (src/server/dias-impraticaveis) and the app that shows
 * and exports it (src/app/modules/dias-impraticaveis).
 */

export interface LostDay {
  id: number;
  numero: number | null;
  data: string;
  status: string;
  /** The impracticable shifts, in the report's order ('Manhã', 'Tarde', 'Noite'). */
  turnos: string[];
  /** The weather of each impracticable shift, aligned with `turnos`. */
  tempo: (string | null)[];
  chuvaMm: number | null;
}

export interface LostDays {
  obra: string;
  /** The period, 'YYYY-MM-DD' to 'YYYY-MM-DD'. */
  de: string;
  ate: string;
  /** Days with at least one impracticable shift. */
  dias: number;
  /** Impracticable shifts. */
  turnos: number;
  /** Days where every recorded shift is impracticable. */
  diasInteiros: number;
  lista: LostDay[];
  /** The latest day with an impracticable shift the caller may read, in any period (null: none). */
  ultimoDia: string | null;
}
