import { afterEach, describe, expect, it, vi } from 'vitest';
import { unregisteredOriginMessage } from './origin-check';
import { toPortuguese } from './messages';
import { createAuthProvider } from './auth-provider';
import { configureAmplify, type RuntimeConfig } from './amplify';

const config = (redirectSignIn: string[]): RuntimeConfig =>
  ({
    region: 'local',
    userPoolId: 'local_abc',
    userPoolClientId: 'c',
    userPoolEndpoint: 'http://localhost:9229',
    oauth: { domain: 'localhost:9230', scopes: ['openid'], redirectSignIn, redirectSignOut: [], responseType: 'code', providerName: 'Corporativo' },
    version: 't',
    helpUrl: 'https://ajuda.example',
  }) as RuntimeConfig;

describe('corporate sign-in from an address that is not registered', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says in Portuguese which address was used and which to use', () => {
    expect(unregisteredOriginMessage('http://127.0.0.1:3000', ['http://localhost:3000/acessoFederado'])).toBe(
      'O endereço usado (http://127.0.0.1:3000) não está autorizado para o login corporativo. Use http://localhost:3000.',
    );
    expect(unregisteredOriginMessage('http://localhost:3000', ['https://portal.example/acessoFederado', 'http://localhost:3000/acessoFederado'])).toBeNull();
    expect(unregisteredOriginMessage('http://x', [])).toBeNull();
  });

  it('login() refuses before leaving for the hosted sign-in, with that message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAmplify(config(['http://portal.example/acessoFederado']));
    const auth = { signInWithRedirect: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    const r = await p.login({ providerName: 'corporativo' });
    expect(r.success).toBe(false);
    expect((r as { error?: Error }).error?.message).toBe(
      `O endereço usado (${window.location.origin}) não está autorizado para o login corporativo. Use http://portal.example.`,
    );
    expect(auth.signInWithRedirect).not.toHaveBeenCalled();

    configureAmplify(config([`${window.location.origin}/acessoFederado`]));
    expect((await p.login({ providerName: 'corporativo' })).success).toBe(true);
    expect(auth.signInWithRedirect).toHaveBeenCalledTimes(1);
  });

  it('shows the local pool’s throttling message as it is (it says how long to wait)', () => {
    expect(toPortuguese('Muitas tentativas. Tente novamente em 14 minutos.', 'TooManyRequestsException')).toBe(
      'Muitas tentativas. Tente novamente em 14 minutos.',
    );
    expect(toPortuguese('Muitas tentativas. Tente novamente em 1 minuto.', 'TooManyRequestsException')).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    // Real Cognito's own throttling, in English, still becomes Portuguese.
    expect(toPortuguese('Password attempts exceeded', 'NotAuthorizedException')).toBe('Limite de tentativas excedido. Tente novamente mais tarde.');
    expect(toPortuguese('Rate exceeded', 'TooManyRequestsException')).toBe('Muitas solicitações. Aguarde um momento e tente novamente.');
  });
});
