/**
 * Checks on raw client input that hold for every field and parameter, before any schema rule:
 * no NUL character (PostgreSQL text and jsonb cannot store it), no absurdly deep JSON, and a safe
 * way to quote a client's value back in a message.
 */
import { ApiError, type FieldErrors } from './errors';

export const NUL_MESSAGE = 'O texto contém um caractere inválido (NUL).';
export const DEPTH_MESSAGE = 'Estrutura aninhada demais.';
/** Deepest JSON a body may have (the schemas nest at most record → rows/object → value → list). */
export const MAX_JSON_DEPTH = 12;

export const hasNul = (s: string) => s.includes('\u0000');

/** A client's value as quoted back in a message: short, without control characters. */
export function quoted(value: string, max = 40): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '�');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The path of a body value as error keys spell it: `itens.0.nome`. */
const pathOf = (parts: (string | number)[]) => (parts.length ? parts.map((p) => quoted(String(p), 60)).join('.') : '_');

/** Errors of a parsed JSON body: NUL characters in any key or string, nesting beyond MAX_JSON_DEPTH. */
export function jsonInputErrors(body: unknown): FieldErrors | undefined {
  const errors: FieldErrors = Object.create(null);
  const add = (parts: (string | number)[], msg: string) => {
    const key = pathOf(parts);
    if (!(errors[key] ?? []).includes(msg)) (errors[key] ??= []).push(msg);
  };
  // Iterative walk: a hostile body must not exhaust the stack.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  let visited = 0;
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (++visited > 200_000) break;
    if (typeof value === 'string') {
      if (hasNul(value)) add(path, NUL_MESSAGE);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      add(path.slice(0, 3), DEPTH_MESSAGE);
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
      continue;
    }
    for (const [k, v] of Object.entries(value)) {
      if (hasNul(k)) add([...path, k], NUL_MESSAGE);
      stack.push({ value: v, path: [...path, k] });
    }
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** Refuse a body with NUL characters or absurd nesting (400 with the fields). */
export function assertCleanJson(body: unknown): unknown {
  const errors = jsonInputErrors(body);
  if (errors) throw new ApiError(400, 'Verifique os campos destacados.', errors);
  return body;
}

/** A request's JSON body, checked by `assertCleanJson` (an empty body: `{}`; not JSON: 400). */
export async function jsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'JSON inválido no corpo da requisição.');
  }
  return assertCleanJson(body);
}

/** A percent-encoded control character (NUL, line breaks...) in a URL path: never part of an id, a site or an e-mail. */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

/** Refuse a path with a control character before any route reads its parameters (400, in Portuguese). */
export function assertCleanPath(pathname: string): void {
  // eslint-disable-next-line no-control-regex
  if (CONTROL_IN_PATH.test(pathname) || /[\u0000-\u001f\u007f]/.test(pathname)) {
    throw new ApiError(400, 'Endereço inválido: há um caractere de controle (como NUL) no caminho.');
  }
}
