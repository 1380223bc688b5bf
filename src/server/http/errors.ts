/** Messages per field (`{ campo: ['mensagem'] }`), the `errors` of an API error's body. */
export type FieldErrors = Record<string, string[]>;

/** An error the API answers with its own status and a Portuguese message. */
export class ApiError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 503,
    message: string,
    public readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const errorBody = (status: number, message: string, errors?: FieldErrors) =>
  errors && Object.keys(errors).length ? { message, statusCode: status, errors } : { message, statusCode: status };

/** PostgreSQL error codes that are the client's fault, with their Portuguese meaning. */
export function fromDatabaseError(e: unknown, fieldOfConstraint: (c: string) => string | undefined): ApiError | undefined {
  const err = e as { code?: string; constraint?: string; message?: string };
  const constraint = err.constraint ?? /constraint "([^"]+)"/.exec(err.message ?? '')?.[1];
  const field = constraint ? fieldOfConstraint(constraint) : undefined;
  const withField = (msg: string) => (field ? { [field]: [msg] } : undefined);
  switch (err.code) {
    case '23505':
      return new ApiError(409, 'Já existe um registro com este valor.', withField('Já existe um registro com este valor.'));
    case '23503':
      if (/^update or delete on table/.test(err.message ?? '')) {
        return new ApiError(409, 'Este registro está em uso por outros registros e não pode ser excluído.');
      }
      return new ApiError(400, 'Registro relacionado não encontrado.', withField('Registro relacionado não encontrado.'));
    case '23514':
      return new ApiError(400, 'Valor fora das opções permitidas.', withField('Valor fora das opções permitidas.'));
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new ApiError(400, 'Valor inválido.');
    case '40001':
    case '40P01':
      return new ApiError(409, 'Conflito com outra operação simultânea. Tente novamente.');
  }
  return undefined;
}
