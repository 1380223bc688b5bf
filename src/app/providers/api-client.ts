/**
 * The app's one small client for the API's routes outside the generic CRUD (calendar, SLA, entity
 * configuration, signatures, imports): JSON in and out with the signed-in person's token, and one
 * error type with the API's pt-BR message, the status and the errors per field or key
 * (`{ message, statusCode, errors }`, as every route answers a refusal). A declared route
 * (resources/api-route.ts) is called with `callRoute`, typed by its declaration. The generic CRUD
 * goes through the data provider.
 */
import type { RouteAnswer, RouteBody, RouteDecl, RouteParams, RouteQuery } from '../../../resources/api-route';
import { authHeaders, getApiUrl } from './data-provider';

/** A refusal of the API (or no answer: status 0), with its pt-BR message and errors per key. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
    /** The request's id, for a person to quote to support. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export const UNREACHABLE_MESSAGE = 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.';

export interface ApiCallOptions {
  method?: string;
  /** Sent as JSON; a `FormData` is sent as it is (uploads). */
  body?: unknown;
  /** The API's base URL (default: the data provider's). */
  apiUrl?: string;
  /** The message when the refusal has none: one text, or one by status. */
  fallback?: string | ((status: number) => string);
  signal?: AbortSignal;
}

function fallbackFor(fallback: ApiCallOptions['fallback'], status: number): string {
  if (typeof fallback === 'string') return fallback;
  return fallback?.(status) ?? (status >= 500 ? `Erro ${status} no servidor. Tente de novo.` : 'Alteração recusada.');
}

/** The raw answer of `path` (for downloads); refusals throw `ApiCallError`. */
export async function apiFetch(path: string, opts: ApiCallOptions = {}): Promise<Response> {
  const { method = opts.body === undefined ? 'GET' : 'POST', body } = opts;
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  const json = body !== undefined && !form;
  let res: Response;
  try {
    res = await fetch(`${opts.apiUrl ?? getApiUrl()}${path}`, {
      method,
      headers: { Accept: 'application/json', ...(json ? { 'Content-Type': 'application/json' } : {}), ...(await authHeaders()) },
      body: form ? (body as FormData) : json ? JSON.stringify(body) : undefined,
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiCallError(UNREACHABLE_MESSAGE, 0);
  }
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  let answer: { message?: unknown; errors?: unknown; requestId?: unknown } | undefined;
  try {
    answer = text ? (JSON.parse(text) as typeof answer) : undefined;
  } catch {
    answer = undefined;
  }
  const message = typeof answer?.message === 'string' && answer.message ? answer.message : fallbackFor(opts.fallback, res.status);
  const errors = answer?.errors && typeof answer.errors === 'object' ? (answer.errors as Record<string, string[]>) : {};
  const requestId = typeof answer?.requestId === 'string' ? answer.requestId : (res.headers.get('x-request-id') ?? undefined);
  throw new ApiCallError(message, res.status, errors, requestId);
}

/** The JSON answer of `path` (undefined for an empty one); refusals throw `ApiCallError`. */
export async function apiCall<T>(path: string, opts: ApiCallOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type ParamValue = string | number;
type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** The path of a declared route with each `{name}` replaced by its encoded value. */
export function routePath(route: Pick<RouteDecl, 'path'>, params: Record<string, ParamValue> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`Parâmetro "${name}" faltando em ${route.path}.`);
    return encodeURIComponent(String(params[name]));
  });
}

/** A query string (`?a=1&b=x&b=y`: an array repeats its key), or '' when nothing is sent. */
export function routeQuery(query: Record<string, QueryValue> = {}): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'object' ? value : [value]) q.append(key, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** What a call of `R` sends: its path parameters and body when it declares them, its query, and the call's options. */
export type RouteCall<R extends RouteDecl> = (R['params'] extends object ? { params: RouteParams<R> } : { params?: never }) &
  (R['body'] extends object ? { body: RouteBody<R> } : { body?: never }) &
  (R['query'] extends object ? { query?: RouteQuery<R> } : { query?: never }) &
  Omit<ApiCallOptions, 'method' | 'body'>;

/**
 * Calls a declared route (resources/api-route.ts): its method and path, the parameters, query and
 * body it declares, and its successful answer typed as declared; refusals throw `ApiCallError`.
 */
export function callRoute<R extends RouteDecl>(
  route: R,
  ...[call]: Record<string, never> extends RouteCall<R> ? [RouteCall<R>?] : [RouteCall<R>]
): Promise<RouteAnswer<R>> {
  const { params, query, body, ...opts } = (call ?? {}) as {
    params?: Record<string, ParamValue>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & ApiCallOptions;
  return apiCall<RouteAnswer<R>>(`${routePath(route, params)}${routeQuery(query)}`, { ...opts, method: route.method.toUpperCase(), body });
}

/** The file name an answer gives (Content-Disposition, `filename*=UTF-8''` or `filename="…"`), or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/** Downloads the file `path` answers under the name it gives (or `fallbackName`); resolves with that name. */
export async function downloadFile(path: string, fallbackName: string, opts: ApiCallOptions = {}): Promise<string> {
  const res = await apiFetch(path, opts);
  const name = attachmentName(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}

/** Hands `blob` to the browser as a download named `name` (nothing in jsdom). */
export function saveBlob(blob: Blob, name: string): void {
  if (typeof URL.createObjectURL !== 'function') return; // jsdom
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
