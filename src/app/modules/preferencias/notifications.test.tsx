/**
 * The profile's notifications (issue 41) against the real API in process, with the browser's push
 * API stood in for (jsdom has none): nothing is asked on load; "Ativar notificações neste aparelho"
 * asks the permission, subscribes with the server's VAPID key and stores the device; "Desativar"
 * unsubscribes and removes it; a refused permission, or a browser that cannot reach its push service,
 * is told and nothing is stored; each kind's channels are saved one by one.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import webpush from 'web-push';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { DigestPreferenceCard } from './digest-preference';

const WHO = 'posvendas@portal.local';
const T = { timeout: 30_000 };
const VAPID = webpush.generateVAPIDKeys();
const t = useInProcessApi(WHO);

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/aparelho-de-teste',
  expirationTime: null,
  keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
};
const browser = {
  permission: 'default' as NotificationPermission,
  requestPermission: vi.fn(async (): Promise<NotificationPermission> => 'granted'),
  current: null as null | {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer };
    toJSON: () => typeof subscription;
    unsubscribe: () => Promise<boolean>;
  },
  subscribe: vi.fn(),
  unsubscribe: vi.fn(async () => true),
};

beforeAll(() => {
  Object.assign(process.env, { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return browser.permission;
      },
      requestPermission: () => browser.requestPermission(),
    },
  });
  browser.subscribe.mockImplementation(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    browser.current = {
      endpoint: subscription.endpoint,
      options: { applicationServerKey: applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => subscription,
      unsubscribe: async () => ((browser.current = null), browser.unsubscribe()),
    };
    return browser.current;
  });
  const registration = { pushManager: { getSubscription: async () => browser.current, subscribe: browser.subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
});
afterAll(() => {
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
});
beforeEach(() => {
  browser.permission = 'default';
  browser.requestPermission.mockClear();
  browser.subscribe.mockClear();
});

const render = () =>
  renderViews({ schemas: [], path: '/usuarios', routes: <Route path="/usuarios" element={<DigestPreferenceCard />} />, user: DEMO_USERS[WHO] });
const stored = async () => (await sql<{ endpoint: string }>`select endpoint from push_assinatura where email = ${WHO}`.execute(t.mock.api.db)).rows;

describe('profile: notifications (issue 41)', { timeout: 120_000 }, () => {
  it('asks nothing on load; turns this device on from the button, then off', async () => {
    render();
    const on = await screen.findByRole('button', { name: /Ativar notificações neste aparelho/ }, T);
    expect(await screen.findByText('Nenhum aparelho com notificações ativadas.', undefined, T)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(on);
    await screen.findByText('Ativadas neste aparelho', undefined, T);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [{ applicationServerKey, userVisibleOnly }] = browser.subscribe.mock.calls[0] as [{ applicationServerKey: Uint8Array; userVisibleOnly: boolean }];
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(VAPID.publicKey);
    expect(t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/push/assinaturas')?.body).toMatchObject(subscription);
    const mine = (await screen.findByText('Este aparelho', undefined, T)).closest('li') as HTMLElement;
    expect(within(mine).getByText(/^Ativado em \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
    expect(screen.getByText('Notificações ativadas neste aparelho.').closest('[role="status"]')).not.toBeNull();
    expect(await stored()).toEqual([{ endpoint: subscription.endpoint }]);

    fireEvent.click(screen.getByRole('button', { name: 'Desativar neste aparelho' }));
    await screen.findByRole('button', { name: /Ativar notificações neste aparelho/ }, T);
    expect(browser.unsubscribe).toHaveBeenCalled();
    await waitFor(async () => expect(await stored()).toEqual([]), T);
  });

  it('tells a refused permission and stores nothing', async () => {
    browser.requestPermission.mockResolvedValueOnce('denied');
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Ativar notificações neste aparelho/ }, T));
    expect((await screen.findAllByText(/As notificações estão bloqueadas para o portal/, undefined, T)).length).toBeGreaterThan(0);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(await stored()).toEqual([]);
  });

  it('tells in pt-BR that the browser could not reach its push service, stores nothing and offers to try again', async () => {
    browser.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Ativar notificações neste aparelho/ }, T));
    expect(await screen.findByText(/não conseguiu se registrar no serviço de notificações dele/, undefined, T)).toBeInTheDocument();
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(screen.getByRole('button', { name: /Ativar notificações neste aparelho/ })).toBeEnabled();
    expect(await stored()).toEqual([]);
  });

  it('saves each kind’s channels', async () => {
    render();
    const push = await screen.findByRole('checkbox', { name: 'Respostas de clientes: Notificação no aparelho' }, T);
    await waitFor(() => expect(push).not.toBeDisabled(), T);
    expect(push).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Respostas de clientes: Resumo diário' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Novas pendências: Resumo diário' })).toBeChecked();
    fireEvent.click(push);
    await screen.findByText('Respostas de clientes: notificação no aparelho desligado.', undefined, T);
    expect(push).not.toBeChecked();
    expect(t.requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/v1/preferencias')?.body).toEqual({
      notificacoes: { respostaCliente: { push: false } },
    });
    const row = await sql<{ notificacoes: unknown }>`select notificacoes from preferencia_usuario where email = ${WHO}`.execute(t.mock.api.db);
    expect(row.rows[0].notificacoes).toEqual({ respostaCliente: { push: false } });
  });
});
