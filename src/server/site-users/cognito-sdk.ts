/**
 * Production adapter of the identity admin: the real user pool through
 * `@aws-sdk/client-cognito-identity-provider` (loaded on first use, like the S3 client).
 *
 * Credentials come from the SDK's default chain (instance/task role, AWS_* variables). The role
 * needs `cognito-idp:ListUsers`, `ListUsersInGroup`, `AdminListGroupsForUser`, `AdminCreateUser`
 * and `AdminUpdateUserAttributes` on the pool; the second factor (src/server/mfa) `AdminGetUser`,
 * `AdminSetUserMFAPreference` and `AdminInitiateAuth` (the app client allows ADMIN_USER_PASSWORD_AUTH).
 */
import type { IdentityConfig } from '../auth/identity-config';
import { cognitoStyleAdmin, type CognitoCall, type IdentityAdmin } from './identity-admin';
import { ADMIN_SECRET_HEADER } from '../identity/admin-secret';

export interface CognitoAdminOptions {
  region: string;
  userPoolId: string;
  providerName?: string;
  /** The app client (a password is checked with AdminInitiateAuth on it: recovery codes, src/server/mfa). */
  clientId?: string;
  /** Another endpoint than AWS's (tests: the local stack's user-pool endpoint). */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The local stack's administration secret (`x-portal-admin-secret`), when `endpoint` is the local front. */
  adminSecret?: string;
}

type Sdk = typeof import('@aws-sdk/client-cognito-identity-provider');
type CommandClass = new (input: never) => unknown;

const COMMANDS: Record<string, (sdk: Sdk) => CommandClass> = {
  ListUsers: (s) => s.ListUsersCommand as CommandClass,
  ListUsersInGroup: (s) => s.ListUsersInGroupCommand as CommandClass,
  AdminListGroupsForUser: (s) => s.AdminListGroupsForUserCommand as CommandClass,
  AdminCreateUser: (s) => s.AdminCreateUserCommand as CommandClass,
  AdminUpdateUserAttributes: (s) => s.AdminUpdateUserAttributesCommand as CommandClass,
  AdminDisableUser: (s) => s.AdminDisableUserCommand as CommandClass,
  AdminEnableUser: (s) => s.AdminEnableUserCommand as CommandClass,
  AdminUserGlobalSignOut: (s) => s.AdminUserGlobalSignOutCommand as CommandClass,
  AdminGetUser: (s) => s.AdminGetUserCommand as CommandClass,
  AdminSetUserMFAPreference: (s) => s.AdminSetUserMFAPreferenceCommand as CommandClass,
  AdminInitiateAuth: (s) => s.AdminInitiateAuthCommand as CommandClass,
};

/** The pool's administration: AWS's endpoint, or `COGNITO_ENDPOINT`'s (with IDENTITY_ADMIN_SECRET when it is a local stack). */
export function cognitoAdminOptions(config: IdentityConfig, env: NodeJS.ProcessEnv = process.env): CognitoAdminOptions {
  const local = config.userPoolEndpoint
    ? {
        endpoint: config.userPoolEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        ...(env.IDENTITY_ADMIN_SECRET ? { adminSecret: env.IDENTITY_ADMIN_SECRET } : {}),
      }
    : {};
  return { region: config.region, userPoolId: config.userPoolId, clientId: config.userPoolClientId, providerName: config.oauth.providerName, ...local };
}

export function cognitoIdentityAdmin(opts: CognitoAdminOptions): IdentityAdmin {
  let client: Promise<{ sdk: Sdk; send: (command: unknown) => Promise<unknown> }> | undefined;
  const load = () =>
    (client ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => {
      const c = new sdk.CognitoIdentityProviderClient({
        region: opts.region,
        // Cognito throttles its admin operations per pool (ListUsers ~30 per second); a people import of
        // hundreds of lines asks one lookup and one creation per person. The SDK's adaptive mode waits
        // (client-side token bucket) and retries throttled calls instead of failing those people.
        retryMode: 'adaptive',
        maxAttempts: 8,
        ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
        ...(opts.credentials ? { credentials: opts.credentials } : {}),
      });
      if (opts.adminSecret) {
        const secret = opts.adminSecret;
        c.middlewareStack.add(
          (next) => async (args) => {
            const request = args.request as { headers?: Record<string, string> };
            if (request.headers) request.headers[ADMIN_SECRET_HEADER] = secret;
            return next(args);
          },
          { step: 'build', name: 'portalLocalAdminSecret' },
        );
      }
      return { sdk, send: (command: unknown) => c.send(command as never) };
    }));
  const call: CognitoCall = async (operation, body) => {
    const { sdk, send } = await load();
    const Command = COMMANDS[operation]?.(sdk);
    if (!Command) throw new Error(`Operação do Cognito não prevista: ${operation}`);
    return (await send(new Command(body as never))) as never;
  };
  return cognitoStyleAdmin('cognito', call, { userPoolId: opts.userPoolId, providerName: opts.providerName, clientId: opts.clientId });
}
