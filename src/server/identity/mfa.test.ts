/**
 * The second factor (TOTP) of the local identity stack, through real Amplify 6 (setUpTOTP,
 * verifyTOTPSetup, updateMFAPreference, the CONFIRM_SIGN_IN_WITH_TOTP_CODE step) and through the
 * front's raw Cognito calls: a code counts once, a challenge is answered only with its session, wrong
 * codes are throttled like wrong passwords, an administrator turns the factor off.
 */
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { generateSync } from 'otplib';
import { startTestStack, type TestStack } from './test-helpers';
import { publicRuntimeConfig } from '../auth/config-route';
import { configureAmplify } from '../../app/auth/amplify';
import { ADMIN_SECRET_HEADER } from './admin-secret';
import { localIdentityAdmin } from '../site-users/identity-admin';

const PASSWORD = 'Segredo#2026';
const flow = { options: { authFlowType: 'USER_PASSWORD_AUTH' as const } };
/** The code of the authenticator app `steps` periods of 30 s from now (the pool accepts one step of drift). */
const code = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let stack: TestStack;
const store = new Map<string, string>();

async function newUser(email: string) {
  await stack.emulator!.call('AdminCreateUser', {
    UserPoolId: stack.config.userPoolId,
    Username: email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  await stack.emulator!.call('AdminSetUserPassword', { UserPoolId: stack.config.userPoolId, Username: email, Password: PASSWORD, Permanent: true });
}

/** Signs in and enrols an authenticator (as the profile does); returns the secret. */
async function enrol(email: string): Promise<string> {
  expect((await signIn({ username: email, password: PASSWORD, ...flow })).isSignedIn).toBe(true);
  const setup = await setUpTOTP();
  const uri = setup.getSetupUri('Portal', email).toString();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Portal:/);
  await verifyTOTPSetup({ code: code(setup.sharedSecret) });
  await updateMFAPreference({ totp: 'PREFERRED' });
  expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
  await signOut();
  return setup.sharedSecret;
}

beforeAll(async () => {
  stack = await startTestStack();
  configureAmplify(publicRuntimeConfig(stack.config, '3.5.1') as never);
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (k, v) => void store.set(k, v),
    getItem: async (k) => store.get(k) ?? null,
    removeItem: async (k) => void store.delete(k),
    clear: async () => store.clear(),
  });
  expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(stack.config.userPoolEndpoint);
});
afterAll(async () => {
  await signOut().catch(() => undefined);
  await stack?.dispose();
});
afterEach(async () => {
  await signOut().catch(() => undefined);
});

describe('TOTP on the local stack', () => {
  it('enrols with Amplify, then signs in with the password and a code; GetUser / AdminGetUser report it', async () => {
    const email = 'totp1@portal.local';
    await newUser(email);
    const secret = await enrol(email);

    const first = await signIn({ username: email, password: PASSWORD, ...flow });
    expect(first.isSignedIn).toBe(false);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    // The enrolment's code was used: the next step's code signs in.
    const done = await confirmSignIn({ challengeResponse: code(secret, 1) });
    expect(done.isSignedIn).toBe(true);

    const admin = await stack.emulator!.call<{ UserMFASettingList?: string[]; PreferredMfaSetting?: string }>('AdminGetUser', {
      UserPoolId: stack.config.userPoolId,
      Username: email,
    });
    expect(admin).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    const status = await localIdentityAdmin(stack.emulator!, stack.config.userPoolId).mfaStatus(email);
    expect(status).toEqual({ totp: true });
  });

  it('a wrong code and a code used before: CodeMismatchException, and the challenge stays open', async () => {
    const email = 'totp2@portal.local';
    await newUser(email);
    const secret = await enrol(email);
    await signIn({ username: email, password: PASSWORD, ...flow });
    const wrong = await confirmSignIn({ challengeResponse: '000000' === code(secret) ? '111111' : '000000' }).catch((e) => e);
    expect(wrong.name).toBe('CodeMismatchException');
    expect(wrong.message).toBe('Invalid code received for user');
    // The code the enrolment used, again: refused.
    const reused = await confirmSignIn({ challengeResponse: code(secret) }).catch((e) => e);
    expect(reused.name).toBe('CodeMismatchException');
    // The same challenge then accepts a fresh code, once.
    const fresh = code(secret, 1);
    expect((await confirmSignIn({ challengeResponse: fresh })).isSignedIn).toBe(true);
    await signOut();
    await signIn({ username: email, password: PASSWORD, ...flow });
    expect((await confirmSignIn({ challengeResponse: fresh }).catch((e) => e)).name).toBe('CodeMismatchException');
  });

  it('the challenge is answered only with the session of this user’s password check', async () => {
    const email = 'totp3@portal.local';
    await newUser(email);
    const secret = await enrol(email);
    const base = { ClientId: stack.config.userPoolClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA' };
    const forged = await stack.cognito('RespondToAuthChallenge', {
      ...base,
      Session: 'made-up',
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code(secret, 1) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
    // Another user's session does not answer this one's challenge.
    const other = 'totp3b@portal.local';
    await newUser(other);
    await enrol(other);
    const started = await stack.cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.config.userPoolClientId,
      AuthParameters: { USERNAME: other, PASSWORD },
    });
    expect(started.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const crossed = await stack.cognito('RespondToAuthChallenge', {
      ...base,
      Session: started.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code(secret, 1) },
    });
    expect(crossed.body.__type).toBe('NotAuthorizedException');
  });

  it('wrong codes count as failed sign-ins: the sixth attempt is refused in Portuguese, even with the right code', async () => {
    const email = 'totp4@portal.local';
    await newUser(email);
    const secret = await enrol(email);
    await signIn({ username: email, password: PASSWORD, ...flow });
    for (let i = 0; i < 5; i++) {
      const e = await confirmSignIn({ challengeResponse: '12345' + i }).catch((x) => x);
      expect(e.name).toBe('CodeMismatchException');
    }
    const blocked = await confirmSignIn({ challengeResponse: code(secret, 1) }).catch((x) => x);
    expect(blocked.name).toBe('TooManyRequestsException');
    expect(blocked.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    // The password alone does not clear the count.
    const again = await stack.cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    expect(again.body.__type).toBe('TooManyRequestsException');
  });

  it('a wrong code at enrolment: EnableSoftwareTokenMFAException, nothing enabled', async () => {
    const email = 'totp5@portal.local';
    await newUser(email);
    await signIn({ username: email, password: PASSWORD, ...flow });
    const setup = await setUpTOTP();
    const bad = String((Number(code(setup.sharedSecret)) + 1) % 1_000_000).padStart(6, '0');
    const e = await verifyTOTPSetup({ code: bad }).catch((x) => x);
    expect(e.name).toBe('EnableSoftwareTokenMFAException');
    expect(await fetchMFAPreference()).toEqual({});
    const enabling = await updateMFAPreference({ totp: 'PREFERRED' }).catch((x) => x);
    expect(enabling.name).toBe('InvalidParameterException');
  });

  it('an administrator turns the factor off (AdminSetUserMFAPreference): the password alone signs in again', async () => {
    const email = 'totp6@portal.local';
    await newUser(email);
    await enrol(email);
    const call = { UserPoolId: stack.config.userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } };
    // Through the front: an administration call, refused without the secret.
    expect((await stack.cognito('AdminSetUserMFAPreference', call)).status).toBe(403);
    const r = await fetch(stack.config.userPoolEndpoint + '/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminSetUserMFAPreference',
        [ADMIN_SECRET_HEADER]: stack.adminSecret!,
      },
      body: JSON.stringify(call),
    });
    expect(r.status).toBe(200);
    expect((await signIn({ username: email, password: PASSWORD, ...flow })).isSignedIn).toBe(true);
    expect(await localIdentityAdmin(stack.emulator!, stack.config.userPoolId).mfaStatus(email)).toEqual({ totp: false });
  });
});
