/**
 * The local identity stack in the backup (issue 35): a portal without Cognito keeps its accounts in
 * cognito-local's files under DATA_DIR/cognito. Backed up while the pool is being written, restored
 * on a new machine (an empty DATA_DIR), the stack started there keeps the pool, the app client, a
 * changed password and a TOTP enrolment: the password signs in and the second factor is asked and
 * answered with the enrolled secret; the old password does not. Then the refusals: a DATA_DIR whose
 * stack already has accounts (unless `substituir`, which moves them aside), a corrupt identity file,
 * an identity path outside the copied folders — in pt-BR, with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import { SCHEMAS } from '../../schemas';
import { openDatabase } from '../../src/server/boot/open-database';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { startIdentityStack } from '../../src/server/identity/start';
import { startTestStack, type TestStack } from '../../src/server/identity/test-helpers';
import { createBackup } from '../../src/server/backup/create';
import { restoreBackup } from '../../src/server/backup/restore';
import { IDENTITY_DIR, localIdentityDataDir } from '../../src/server/backup/identity';
import { MANIFEST_FILE, type BackupManifest } from '../../src/server/backup/manifest';
import { expectRefused, sha, tempDirs } from './backup-helpers';

const tmp = tempDirs();
const EMAIL = 'restaurada@portal.local';
const PASSWORD = 'Restaurada#2026';
const code = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const PUBLIC_URL = 'http://localhost:3999';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack(PUBLIC_URL);
});
afterAll(async () => {
  await stack?.dispose();
});

/** The parts of the pool's answers read here. */
interface Answer {
  __type?: string;
  ChallengeName?: string;
  Session?: string;
  SecretCode?: string;
  Status?: string;
  AuthenticationResult?: { AccessToken: string; IdToken: string };
}
type Call = (target: string, body: Record<string, unknown>) => Promise<{ status: number; body: Answer }>;
/** Calls the user-pool endpoint (the front) of a stack, as Amplify does. */
const callerOf =
  (endpoint: string): Call =>
  async (target, body) => {
    const r = await fetch(`${endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Answer };
  };
const signIn = (call: Call, clientId: string, password: string) =>
  call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: EMAIL, PASSWORD: password } });

describe('the local identity in the backup', { timeout: 180_000 }, () => {
  it('restores accounts, passwords and TOTP enrolments on a new machine; refuses what it must', async () => {
    expect(localIdentityDataDir('/dados', {})).toBe('/dados');
    expect(localIdentityDataDir('/dados', { COGNITO_USER_POOL_ID: 'us-east-1_abc', COGNITO_CLIENT_ID: 'x', COGNITO_DOMAIN: 'd' })).toBeUndefined();

    // An account with its own password and an authenticator.
    const { userPoolId, userPoolClientId } = stack.config;
    await stack.emulator!.call('AdminCreateUser', {
      UserPoolId: userPoolId,
      Username: EMAIL,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: EMAIL },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    await stack.emulator!.call('AdminSetUserPassword', { UserPoolId: userPoolId, Username: EMAIL, Password: PASSWORD, Permanent: true });
    const call = callerOf(stack.config.userPoolEndpoint!);
    const first = await signIn(call, userPoolClientId, PASSWORD);
    const AccessToken = first.body.AuthenticationResult!.AccessToken;
    const secret = (await call('AssociateSoftwareToken', { AccessToken })).body.SecretCode!;
    expect((await call('VerifySoftwareToken', { AccessToken, UserCode: code(secret) })).body.Status).toBe('SUCCESS');
    expect((await call('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);

    // The portal's database in the same DATA_DIR; backed up while the pool keeps being written.
    const dataDir = stack.dataDir;
    const database = await openDatabase({ dataDir, seed: false });
    let writing = true;
    let updates = 0;
    const writes = (async () => {
      for (; writing; updates++) {
        const i = updates;
        await stack.emulator!.call('AdminUpdateUserAttributes', {
          UserPoolId: userPoolId,
          Username: EMAIL,
          UserAttributes: [{ Name: 'name', Value: `Restaurada ${i}` }],
        });
      }
    })();
    let made: { path: string; manifest: BackupManifest };
    try {
      made = await createBackup({
        database,
        storage: localStorage(join(dataDir, 'arquivos')),
        dir: tmp('portal-identity-backups-'),
        schemas: SCHEMAS,
        version: APP_VERSION,
        identityDataDir: dataDir,
      });
    } finally {
      writing = false;
      await writes;
      await database.close();
    }
    const { path, manifest } = made;
    expect(updates).toBeGreaterThan(0);
    const copied = Object.keys(manifest.identidade ?? {});
    expect(copied).toEqual(
      expect.arrayContaining([`cognito/db/${userPoolId}.json`, 'cognito/db/clients.json', 'cognito/admin-secret', 'idp-cert/key.pem', 'idp-cert/cert.pem']),
    );
    for (const rel of copied) {
      expect(sha(join(path, IDENTITY_DIR, rel)), rel).toBe(manifest.identidade![rel].sha256);
      if (rel.endsWith('.json')) expect(() => JSON.parse(readFileSync(join(path, IDENTITY_DIR, rel), 'utf8')), rel).not.toThrow();
    }

    // A new machine: an empty DATA_DIR, restored, the stack started on it.
    const fresh = tmp('portal-identity-new-');
    const restore = (p: string, dir: string, substituir = false) =>
      restoreBackup({ path: p, dataDir: dir, storage: localStorage(join(dir, 'arquivos')), version: APP_VERSION, schemas: SCHEMAS, substituir });
    await restore(path, fresh);
    const again = await startIdentityStack({ dataDir: fresh, publicUrl: PUBLIC_URL });
    try {
      expect(again.config).toMatchObject({ userPoolId, userPoolClientId });
      expect(again.adminSecret).toBe(stack.adminSecret);
      expect(again.tls?.cert).toBe(stack.tls?.cert);
      const callAgain = callerOf(again.config.userPoolEndpoint!);
      expect((await signIn(callAgain, userPoolClientId, 'Outra#Senha1')).body.__type).toBe('NotAuthorizedException');
      const challenged = await signIn(callAgain, userPoolClientId, PASSWORD);
      expect(challenged.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const answered = await callAgain('RespondToAuthChallenge', {
        ClientId: userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenged.body.Session,
        ChallengeResponses: { USERNAME: EMAIL, SOFTWARE_TOKEN_MFA_CODE: code(secret, 1) },
      });
      expect(answered.body.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    } finally {
      await again.stop();
    }

    // A machine whose portal was started once (its own pool, no database yet): refused without substituir.
    const started = tmp('portal-identity-started-');
    await (await startIdentityStack({ dataDir: started, publicUrl: PUBLIC_URL })).stop();
    const pool = readdirSync(join(started, 'cognito', 'db')).find((n) => n !== 'clients.json')!;
    const poolBefore = sha(join(started, 'cognito', 'db', pool));
    await expectRefused(restore(path, started), /já tem contas na identidade local .*--substituir/);
    expect(sha(join(started, 'cognito', 'db', pool))).toBe(poolBefore);
    expect(existsSync(join(started, 'pglite'))).toBe(false);

    const copy = (mutate: (dir: string, m: BackupManifest) => void) => {
      const dir = join(tmp('portal-identity-bad-'), 'portal-x');
      cpSync(path, dir, { recursive: true });
      mutate(dir, JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest);
      return dir;
    };
    const corrupt = copy((dir) => writeFileSync(join(dir, IDENTITY_DIR, 'cognito', 'db', 'clients.json'), '{}'));
    await expectRefused(restore(corrupt, started, true), /corrompido: o arquivo de identidade cognito\/db\/clients\.json falta ou não confere/);
    const escaping = copy((dir, m) =>
      writeFileSync(
        join(dir, MANIFEST_FILE),
        JSON.stringify({ ...m, identidade: { ...m.identidade, 'cognito/../../fora': m.identidade!['cognito/db/clients.json'] } }),
      ),
    );
    await expectRefused(restore(escaping, started, true), /não é um backup do portal: o manifesto cita o caminho inválido "cognito\/\.\.\/\.\.\/fora"/);
    expect(sha(join(started, 'cognito', 'db', pool))).toBe(poolBefore);

    // With substituir: the backup's pool in place, the one that was there moved aside.
    await restore(path, started, true);
    expect(existsSync(join(started, 'cognito', 'db', `${userPoolId}.json`))).toBe(true);
    const aside = readdirSync(started).find((n) => n.startsWith('cognito.antes-da-restauracao-'))!;
    expect(sha(join(started, aside, 'db', pool))).toBe(poolBefore);
  });
});
