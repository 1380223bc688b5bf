/**
 * The search across every module as `GET /api/v1/busca` answers it and the search box and the
 * results page (`/busca`) show it (issue 39). Plain data: the server and the app share it.
 */

/** A piece of a snippet; `destaque`: a piece that matched the search (shown highlighted). */
export interface SearchPiece {
  texto: string;
  destaque?: boolean;
}

export interface SearchHit {
  /** The module's REST resource (`contratos`, `diarios`…): the record opens at its show route. */
  recurso: string;
  /** The module's name (the entity's `labelPlural`). */
  modulo: string;
  id: number;
  /** The record's code or number (an RDO's number, an SGI code, a contract's number), when it has one. */
  codigo: string | null;
  titulo: string;
  /** The workflow's state, its pt-BR label and its tag colour. */
  estado: { valor: string; rotulo: string; cor: string } | null;
  /** The site (`Obra.Id_Lista`) and its name when the person may read the site. */
  obra: { id: string; nome: string | null } | null;
  /** Where the words matched, from a field the person may read, with the matches highlighted. */
  trecho: { campo: string; partes: SearchPiece[] } | null;
  atualizadoEm: string;
}

export interface SearchModuleCount {
  recurso: string;
  modulo: string;
  /** Results of this module in the answer's ranking window. */
  quantidade: number;
  /** More results of this module exist than `limite` (filter by the module to see them). */
  mais: boolean;
}

export interface SearchAnswer {
  q: string;
  resultados: SearchHit[];
  /** Every module with results, in the order of its best result. */
  modulos: SearchModuleCount[];
  /** A pt-BR note when the search could not look for anything (only punctuation, a single letter). */
  aviso?: string;
}

/** Results per answer: default and largest `limite`. */
export const SEARCH_DEFAULT_LIMIT = 8;
export const SEARCH_MAX_LIMIT = 50;
