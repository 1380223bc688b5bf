/**
 * Refine data provider: `@refinedev/simple-rest` over an axios instance that
 * - sends `Authorization: Bearer <token>` when a token getter is given;
 * - turns the API's error bodies `{ message, statusCode, errors: { campo: ["msg"] } }` into Refine
 *   `HttpError`s, so `useForm` puts server messages on their fields and notifications show the
 *   server's Portuguese message (409 conflicts included).
 *
 * `update` is simple-rest's PATCH `/<resource>/<id>` with the form values as body (the edit form
 * keeps `version` as a hidden field, so it is sent).
 *
 * Writes (create, update, deleteOne, custom) send `meta.idempotencyKey` as the `Idempotency-Key`
 * header (see idempotency.ts: one key per submit, kept for its retries).
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import simpleRestDataProvider from '@refinedev/simple-rest';
import type { BaseRecord, DataProvider, GetListParams, HttpError } from '@refinedev/core';
import { headersWithKey } from './idempotency';
import { rememberRequestId, requestIdOf } from './request-ids';

const maintenanceRefusalListeners = new Set<() => void>();

/**
 * Called when the API refuses a write because of a maintenance (issue 40): the guard's switch
 * (src/app/guard/maintenance-state.ts, above the data provider) reads it again.
 */
export function onMaintenanceRefusal(listener: () => void): void {
  maintenanceRefusalListeners.add(listener);
}

export type TokenGetter = () => Promise<string | undefined> | string | undefined;

export const DEFAULT_API_URL = '/api/v1';

const TOTAL_ESTIMATED = Symbol('totalEstimated');
const TOTAL_COUNT = Symbol('totalCount');

/** The `x-total-count` of a list fetched outside getList (a custom call answering a page of an array). */
export function totalCountOf(rows: unknown): number | undefined {
  const n = Array.isArray(rows) ? (rows as unknown as Record<symbol, unknown>)[TOTAL_COUNT] : undefined;
  return typeof n === 'number' ? n : undefined;
}
const TOTAL_AT_LEAST = Symbol('totalAtLeast');

let currentTokenGetter: TokenGetter | undefined;
let currentApiUrl = DEFAULT_API_URL;

/** The API base URL of the last created data provider (used by uploads and the history view). */
export function getApiUrl(): string {
  return currentApiUrl;
}

/** Authorization header for direct `fetch` calls (uploads), from the last registered token getter. */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await currentTokenGetter?.();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Dados inválidos.',
  401: 'Sessão expirada. Entre novamente.',
  403: 'Você não tem permissão para esta ação.',
  404: 'Registro não encontrado.',
  409: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
  413: 'Arquivo grande demais.',
  422: 'Dados inválidos.',
  500: 'Erro interno do servidor. Tente novamente mais tarde.',
};

interface ApiErrorBody {
  message?: unknown;
  statusCode?: unknown;
  errors?: unknown;
}

function normalizeErrors(errors: unknown): Record<string, string[]> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, val] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(val)) out[key] = val.map(String);
    else if (typeof val === 'string') out[key] = [val];
    else if (val && typeof val === 'object' && 'message' in val) out[key] = [String((val as { message: unknown }).message)];
  }
  return Object.keys(out).length ? out : undefined;
}

/** Any thrown value (axios error, API body, network failure) → Refine HttpError. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AxiosError || (error && typeof error === 'object' && 'isAxiosError' in error)) {
    const ax = error as AxiosError<ApiErrorBody>;
    const status = ax.response?.status;
    if (status === undefined) {
      return { message: 'Não foi possível conectar ao servidor. Verifique sua conexão.', statusCode: 0 };
    }
    const body = ax.response?.data;
    const data: ApiErrorBody = body && typeof body === 'object' ? body : {};
    const statusCode = typeof data.statusCode === 'number' ? data.statusCode : status;
    const message =
      typeof data.message === 'string' && data.message ? data.message : (STATUS_MESSAGES[statusCode] ?? `Erro ${statusCode} ao comunicar com o servidor.`);
    const errors = normalizeErrors(data.errors);
    // A refusal the app acts on by name (a revoked access signs the person out, issue 35).
    const codigo = typeof (data as { codigo?: unknown }).codigo === 'string' ? { codigo: (data as { codigo: string }).codigo } : {};
    // The request's id: the notification showing this message shows it as "Código do erro" (issue 35).
    const requestId = requestIdOf(data, ax.response?.headers as Record<string, unknown> | undefined);
    rememberRequestId(message, requestId);
    const id = requestId ? { requestId } : {};
    return errors ? { message, statusCode, errors, ...codigo, ...id } : { message, statusCode, ...codigo, ...id };
  }
  if (error && typeof error === 'object' && 'statusCode' in error && 'message' in error) return error as HttpError;
  return { message: error instanceof Error ? error.message : String(error), statusCode: 0 };
}

/** The axios instance used by the data provider (exported for tests and custom calls). */
export function createHttpClient(getToken?: TokenGetter): AxiosInstance {
  const http = axios.create();
  http.interceptors.request.use(async (config) => {
    const token = await getToken?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      // A list whose total is the server's estimate or a lower bound (large lists): flag the array for getList.
      if (Array.isArray(response.data)) {
        if (response.headers?.['x-total-count-estimate'] === 'true') Object.defineProperty(response.data, TOTAL_ESTIMATED, { value: true });
        if (response.headers?.['x-total-count-at-least'] === 'true') Object.defineProperty(response.data, TOTAL_AT_LEAST, { value: true });
        const total = Number(response.headers?.['x-total-count']);
        if (response.headers?.['x-total-count'] !== undefined && Number.isFinite(total)) Object.defineProperty(response.data, TOTAL_COUNT, { value: total });
      }
      return response;
    },
    (error: unknown) => {
      const e = toHttpError(error);
      // A write refused by a maintenance (issue 40): the guard reads the switch again, the next navigation shows the page.
      if ((e as { codigo?: string }).codigo === 'manutencao') for (const listener of maintenanceRefusalListeners) listener();
      return Promise.reject(e);
    },
  );
  return http;
}

export function createDataProvider(apiUrl: string = DEFAULT_API_URL, getToken?: TokenGetter): DataProvider {
  currentTokenGetter = getToken;
  currentApiUrl = apiUrl;
  const http = createHttpClient(getToken);
  const base = simpleRestDataProvider(apiUrl, http);
  return {
    ...base,
    // `totalEstimated: true` when the API answered `x-total-count-estimate: true`, `totalAtLeast: true`
    // for `x-total-count-at-least: true` (see views/list-total.ts).
    getList: async <TData extends BaseRecord = BaseRecord>(params: GetListParams) => {
      const r = await base.getList<TData>(params);
      const flags = r.data as unknown as Record<symbol, unknown>;
      if (flags[TOTAL_ESTIMATED]) return { ...r, totalEstimated: true };
      if (flags[TOTAL_AT_LEAST]) return { ...r, totalAtLeast: true };
      return r;
    },
    // simple-rest already PATCHes; kept explicit so the contract (PATCH + body with `version`) is visible here.
    update: async ({ resource, id, variables, meta }) => {
      const { data } = await http.patch(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`, variables, { headers: headersWithKey(meta) });
      return { data };
    },
    create: (params) => base.create({ ...params, meta: { ...params.meta, headers: headersWithKey(params.meta) } }),
    deleteOne: (params) => base.deleteOne({ ...params, meta: { ...params.meta, headers: headersWithKey(params.meta) } }),
    custom: (params) => base.custom!({ ...params, headers: headersWithKey({ headers: params.headers, idempotencyKey: params.meta?.idempotencyKey }) }),
  };
}
