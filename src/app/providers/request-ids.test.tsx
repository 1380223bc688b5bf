/**
 * "Código do erro" (issue 35): an API error's request id (body `requestId` or header
 * `x-request-id`) rides on the HttpError and on the error notification showing its message, and the
 * toast shows it, copyable.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { toHttpError } from './data-provider';
import { createNotificationProvider } from './notification-provider';
import { createToastStore } from './toast-store';
import { requestIdFor } from './request-ids';
import { ToastStack } from '../root/toast-stack';

function apiError(status: number, data: unknown, headers: Record<string, string> = {}) {
  const response = { status, statusText: '', data, headers: new AxiosHeaders(headers), config: { headers: new AxiosHeaders() } };
  return new AxiosError('falhou', 'ERR_BAD_RESPONSE', response.config as never, {}, response as never);
}

describe('request id of an API error', () => {
  it('comes from the body, else from the header, and is kept by message', () => {
    const a = toHttpError(apiError(409, { message: 'Conflito no registro X.', statusCode: 409, requestId: 'req-body-123' }));
    expect(a).toMatchObject({ statusCode: 409, message: 'Conflito no registro X.', requestId: 'req-body-123' });
    const b = toHttpError(apiError(502, '<html>gateway</html>', { 'x-request-id': 'req-header-456' }));
    expect(b.requestId).toBe('req-header-456');
    expect(requestIdFor(['outra coisa', 'Conflito no registro X.'])).toBe('req-body-123');
    expect(requestIdFor(['Conflito no registro X.'], Date.now() + 60_000)).toBeUndefined();
    const none = toHttpError(apiError(404, { message: 'Sem id aqui.', statusCode: 404 }));
    expect(none.requestId).toBeUndefined();
  });

  it('shows "Código do erro" on the error toast of that message, not on others', () => {
    toHttpError(apiError(500, { message: 'Erro interno do servidor. Tente novamente em instantes.', statusCode: 500, requestId: 'abc-789-def' }));
    const store = createToastStore();
    const provider = createNotificationProvider(store);
    provider.open({ type: 'error', message: 'Erro interno do servidor. Tente novamente em instantes.', description: 'Erro' });
    provider.open({ type: 'error', message: 'Outra falha qualquer' });
    provider.open({ type: 'success', message: 'Erro interno do servidor. Tente novamente em instantes.' });
    const [first, second, third] = store.getState().visible;
    expect(first.options.requestId).toBe('abc-789-def');
    expect(second.options.requestId).toBeUndefined();
    expect(third.options.requestId).toBeUndefined();
    render(<ToastStack store={store} />);
    expect(screen.getAllByTestId('codigo-erro')).toHaveLength(1);
    expect(screen.getByTestId('codigo-erro')).toHaveTextContent('Código do erro: abc-789-def');
    expect(screen.getByRole('button', { name: /Copiar código|copy/i })).toBeInTheDocument();
  });
});
