/**
 * The policy's second factor in the app (issue 35): a sign-in of a person the policy names who has not
 * enrolled goes to the profile's enrolment, and the API's 403 `mfa-obrigatorio` does the same later on.
 */
import { createAuthProvider } from './auth-provider';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const ID_TOKEN = `${b64({ alg: 'none' })}.${b64({ email: 'cliente@portal.local', 'custom:roles': '["cliente"]' })}.x`;

function provider(state: object | null) {
  const fetchImpl = vi.fn(async (url: string) =>
    url.endsWith('/mfa') && state ? new Response(JSON.stringify(state), { status: 200 }) : new Response('{}', { status: 404 }),
  );
  const auth = {
    signIn: vi.fn(async () => ({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })),
    fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => ID_TOKEN } } })),
  };
  return createAuthProvider({ auth: auth as never, ready: async () => undefined, fetchImpl: fetchImpl as never, storedToken: () => undefined });
}

describe('second factor required by the policy', () => {
  it('signing in without the enrolment opens the profile’s enrolment; enrolled or not required, the usual route', async () => {
    const required = await provider({ obrigatorio: true, ativo: false }).login({ email: 'cliente@portal.local', password: 'x' });
    expect(required).toMatchObject({ success: true, redirectTo: '/usuarios?mfa=obrigatorio' });
    const enrolled = await provider({ obrigatorio: true, ativo: true, registrado: true }).login({
      email: 'cliente@portal.local',
      password: 'x',
      redirectTo: '/obras',
    });
    expect(enrolled).toMatchObject({ success: true, redirectTo: '/obras' });
    const free = await provider({ obrigatorio: false, ativo: false }).login({ email: 'cliente@portal.local', password: 'x', redirectTo: '/obras' });
    expect(free).toMatchObject({ redirectTo: '/obras' });
    // After a recovery code the profile says why; the API unreachable does not block the sign-in.
    const recovered = await provider({ obrigatorio: true, ativo: false }).login({ email: 'c@p.pt', password: 'x', redirectTo: '/usuarios?mfa=recuperacao' });
    expect(recovered).toMatchObject({ redirectTo: '/usuarios?mfa=recuperacao' });
    expect(await provider(null).login({ email: 'c@p.pt', password: 'x', redirectTo: '/obras' })).toMatchObject({ redirectTo: '/obras' });
  });

  it('the API’s 403 mfa-obrigatorio sends the person to the enrolment; other 403s do not', async () => {
    const p = provider(null);
    expect(await p.onError({ statusCode: 403, codigo: 'mfa-obrigatorio', message: 'A verificação…' })).toEqual({ redirectTo: '/usuarios?mfa=obrigatorio' });
    expect(await p.onError({ statusCode: 403, message: 'Você não tem permissão.' })).toEqual({});
  });
});
