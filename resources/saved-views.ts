/**
 * Saved views of the lists (issue 39), shared by the API (`/api/v1/visoes`, src/server/saved-views)
 * and the app (the bar above every generic list and above "Minhas pendências").
 *
 * A view keeps the list's state in the shape the list already sends to the API and keeps in its
 * URL: Refine's `CrudFilter`s (`field`, `operator`, `value`) and `CrudSort`s (`field`, `order`),
 * which simple-rest turns into `campo`, `campo_ne`, `campo_gte`, `campo_lte`, `campo_like`, `q`,
 * `_sort` and `_order`; plus the visible columns and the page size. Applying a view only adds
 * conditions to the list's own request: the API's access rules still decide what is read.
 */

/** The list key of the inbox ("Minhas pendências"); every other key is an entity's REST resource. */
export const INBOX_LIST = 'pendencias';

/** Operators a saved filter may use: those the lists' column filters and search box write. */
export const VIEW_OPERATORS = ['eq', 'ne', 'in', 'gte', 'lte', 'contains'] as const;
export type ViewOperator = (typeof VIEW_OPERATORS)[number];

export type ViewFilterValue = string | number | boolean | (string | number)[];

export interface ViewFilter {
  field: string;
  operator: ViewOperator;
  value: ViewFilterValue;
}

export interface ViewSort {
  field: string;
  order: 'asc' | 'desc';
}

/** What a view stores. */
export interface SavedViewState {
  filtros: ViewFilter[];
  ordenacao: ViewSort[];
  /** Visible columns, in order (generic lists only). */
  colunas?: string[];
  /** Rows per page (generic lists only). */
  tamanhoPagina?: number;
}

/** With whom a view is shared: everyone holding one of the roles or assigned to one of the sites. */
export interface ViewSharing {
  papeis: string[];
  obras: string[];
}

export interface SavedView extends ViewSharing {
  id: number;
  lista: string;
  nome: string;
  estado: SavedViewState;
  /** The owner's e-mail and name. */
  dono: string;
  donoNome: string;
  /** The caller owns it (may change and delete it). */
  minha: boolean;
  version: number;
  criadoEm: string;
  atualizadoEm: string;
}

/** `GET /api/v1/visoes?lista=`. */
export interface SavedViewsAnswer {
  lista: string;
  /** The caller may share views of this list (administrators of the entity). */
  podeCompartilhar: boolean;
  /** The caller's default view of this list, applied when it opens without a query string. */
  padrao: number | null;
  visoes: SavedView[];
}

/** `POST /api/v1/visoes`. */
export interface SavedViewCreate extends Partial<ViewSharing> {
  lista: string;
  nome: string;
  estado: SavedViewState;
}

/** `PATCH /api/v1/visoes/{id}`: the version read and what changes. */
export interface SavedViewChange extends Partial<ViewSharing> {
  version: number;
  nome?: string;
  estado?: SavedViewState;
}

/** `PUT /api/v1/visoes/padrao`: the caller's default of a list (null: none). */
export interface SavedViewDefault {
  lista: string;
  visao: number | null;
}

export const VIEW_NAME_MAX = 80;
export const VIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const VIEW_FILTERS_MAX = 40;
export const VIEW_SORTS_MAX = 5;
export const VIEW_COLUMNS_MAX = 200;
export const VIEW_SHARES_MAX = 30;
/** Views one person keeps per list. */
export const VIEWS_PER_LIST_MAX = 50;
