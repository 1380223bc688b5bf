/**
 * The identity provider as the site-people screen administers it: find a user by e-mail, create a
 * client with a temporary password, change a user's access attributes, list the users of a site.
 *
 * One implementation speaks Cognito's API (operation names and bodies of `AWSCognitoIdentityProviderService`);
 * the adapters only differ in how a call is made:
 * - local: `Emulator.call` on the in-process user-pool emulator (src/server/identity/emulator.ts);
 * - production: `@aws-sdk/client-cognito-identity-provider` on the pool of the COGNITO_* configuration
 *   (./cognito-sdk.ts).
 *
 * Attributes are encoded as the pool expects them (src/server/identity/seed.ts): `custom:obra`,
 * `custom:roles`, `custom:empresa` are JSON arrays of strings as text.
 */
import { randomInt } from 'node:crypto';
import type { Emulator } from '../identity/emulator';
import { CORPORATE_PROVIDER } from '../auth/identity-config';
import { passwordPolicyViolation } from '../identity/password-policy';

/** A user of the pool, with the attributes the portal reads. */
export interface PoolUser {
  /** The pool's username (the e-mail for accounts the portal creates; `Corporativo_…` for some federated users). */
  username: string;
  email: string;
  name: string;
  /** Cognito's UserStatus: CONFIRMED, FORCE_CHANGE_PASSWORD, EXTERNAL_PROVIDER, … */
  status: string;
  enabled: boolean;
  /** Signs in through the corporate provider (staff). */
  federated: boolean;
  obra: string[];
  roles: string[];
  empresa: string[];
}

export interface NewPoolUser {
  email: string;
  name: string;
  obra: string[];
  roles: string[];
  empresa: string[];
  temporaryPassword: string;
}

export interface AccessAttributes {
  obra?: string[];
  roles?: string[];
  empresa?: string[];
}

/** The port. */
export interface IdentityAdmin {
  readonly kind: 'local' | 'cognito' | 'memory';
  findUserByEmail(email: string): Promise<PoolUser | null>;
  /** AdminCreateUser with the temporary password; Cognito's own message is suppressed (the portal sends its invitation). */
  createUser(user: NewPoolUser): Promise<PoolUser>;
  updateAccess(username: string, attrs: AccessAttributes): Promise<void>;
  /** Users whose `custom:obra` holds the site. */
  listUsersWithSite(obra: string): Promise<PoolUser[]>;
  /**
   * Disabling: AdminDisableUser, then AdminUserGlobalSignOut (every refresh token revoked: no device
   * gets a new token). Enabling: AdminEnableUser. Issue 35: a person made inactive is out at once.
   */
  setEnabled(username: string, enabled: boolean): Promise<void>;
  /** AdminUserGlobalSignOut: every refresh token of the user revoked ("sair de todos", issue 35). */
  signOutEverywhere(username: string): Promise<void>;
  /** Whether the user signs in with an authenticator app (AdminGetUser's UserMFASettingList has SOFTWARE_TOKEN_MFA). */
  mfaStatus(username: string): Promise<{ totp: boolean }>;
  /** Turns the authenticator app off (AdminSetUserMFAPreference): the password alone signs in again. */
  disableTotp(username: string): Promise<void>;
  /** Whether the password is the account's (AdminInitiateAuth ADMIN_USER_PASSWORD_AUTH; a challenge means yes). */
  checkPassword(username: string, password: string): Promise<boolean>;
}

/** Error of an identity-provider call, with Cognito's exception name. */
export class IdentityAdminError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityAdminError';
  }
}

/** One Cognito operation: `call('ListUsers', { UserPoolId, … })`. Errors carry Cognito's exception name in `code` or `name`. */
export type CognitoCall = <T = Record<string, unknown>>(operation: string, body: Record<string, unknown>) => Promise<T>;

type Attr = { Name: string; Value?: string };
type RawUser = { Username: string; Attributes?: Attr[]; UserAttributes?: Attr[]; UserStatus?: string; Enabled?: boolean };

/** A list attribute: JSON array text; a comma list is tolerated (as the token verifier does). */
export function parseListAttribute(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (!text) return [];
  let items: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      items = Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  } else items = text.split(',');
  const out: string[] = [];
  for (const item of items) {
    const s = typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '';
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

const errorCode = (e: unknown): string => {
  const err = e as { code?: unknown; name?: unknown; __type?: unknown };
  return String(err?.code ?? err?.__type ?? err?.name ?? '');
};

/**
 * The identity admin over any Cognito-speaking `call`. `federatedGroup` is the group a pool puts
 * the corporate provider's users in (`<poolId>_Corporativo`).
 */
export function cognitoStyleAdmin(
  kind: IdentityAdmin['kind'],
  call: CognitoCall,
  opts: { userPoolId: string; providerName?: string; clientId?: string | (() => Promise<string>) },
): IdentityAdmin {
  const UserPoolId = opts.userPoolId;
  const federatedGroup = `${UserPoolId}_${opts.providerName ?? CORPORATE_PROVIDER}`;

  const attr = (u: RawUser, name: string) => (u.Attributes ?? u.UserAttributes ?? []).find((a) => a.Name === name)?.Value;

  const toUser = (u: RawUser, federated: boolean): PoolUser => {
    const email = (attr(u, 'email') ?? u.Username).toLowerCase();
    return {
      username: u.Username,
      email,
      name: attr(u, 'name') || email,
      status: u.UserStatus ?? '',
      enabled: u.Enabled !== false,
      federated,
      obra: parseListAttribute(attr(u, 'custom:obra')),
      roles: parseListAttribute(attr(u, 'custom:roles')),
      empresa: parseListAttribute(attr(u, 'custom:empresa')),
    };
  };

  /** Federated without asking the groups: a real pool marks them by status and the `identities` attribute. */
  const visiblyFederated = (u: RawUser) => u.UserStatus === 'EXTERNAL_PROVIDER' || !!attr(u, 'identities');

  async function inFederatedGroup(username: string): Promise<boolean> {
    let NextToken: string | undefined;
    do {
      const r = await call<{ Groups?: { GroupName: string }[]; NextToken?: string }>('AdminListGroupsForUser', {
        UserPoolId,
        Username: username,
        Limit: 60,
        ...(NextToken ? { NextToken } : {}),
      });
      if ((r.Groups ?? []).some((g) => g.GroupName === federatedGroup)) return true;
      NextToken = r.NextToken;
    } while (NextToken);
    return false;
  }

  async function federatedMembers(): Promise<Set<string>> {
    const out = new Set<string>();
    let NextToken: string | undefined;
    try {
      do {
        const r = await call<{ Users?: RawUser[]; NextToken?: string }>('ListUsersInGroup', {
          UserPoolId,
          GroupName: federatedGroup,
          Limit: 60,
          ...(NextToken ? { NextToken } : {}),
        });
        for (const u of r.Users ?? []) out.add(u.Username);
        NextToken = r.NextToken;
      } while (NextToken);
    } catch (e) {
      // No federated user has signed in yet: the group does not exist.
      if (errorCode(e) !== 'ResourceNotFoundException') throw e;
    }
    return out;
  }

  async function listAll(filter?: string): Promise<RawUser[]> {
    const out: RawUser[] = [];
    let PaginationToken: string | undefined;
    do {
      const r = await call<{ Users?: RawUser[]; PaginationToken?: string }>('ListUsers', {
        UserPoolId,
        Limit: 60,
        ...(filter ? { Filter: filter } : {}),
        ...(PaginationToken ? { PaginationToken } : {}),
      });
      out.push(...(r.Users ?? []));
      PaginationToken = r.PaginationToken;
    } while (PaginationToken);
    return out;
  }

  return {
    kind,
    async findUserByEmail(email) {
      const wanted = email.trim().toLowerCase();
      // Cognito filters on `email` exactly; addresses the portal creates are lowercase.
      const found = (await listAll(`email = "${wanted.replace(/["\\]/g, '')}"`)).filter((u) => (attr(u, 'email') ?? '').toLowerCase() === wanted);
      if (!found.length) return null;
      // A federated account and an own-login one may share the address: the federated one is the person's staff identity.
      const users = await Promise.all(found.map(async (u) => toUser(u, visiblyFederated(u) || (await inFederatedGroup(u.Username)))));
      return users.find((u) => u.federated) ?? users[0];
    },

    async createUser(user) {
      const violation = passwordPolicyViolation(user.temporaryPassword);
      if (violation) throw new IdentityAdminError('InvalidPasswordException', violation);
      const r = await call<{ User: RawUser }>('AdminCreateUser', {
        UserPoolId,
        Username: user.email,
        TemporaryPassword: user.temporaryPassword,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: user.name },
          { Name: 'custom:obra', Value: JSON.stringify(user.obra) },
          { Name: 'custom:roles', Value: JSON.stringify(user.roles) },
          { Name: 'custom:empresa', Value: JSON.stringify(user.empresa) },
        ],
      });
      return toUser(r.User, false);
    },

    async updateAccess(username, attrs) {
      const UserAttributes: Attr[] = [];
      if (attrs.obra) UserAttributes.push({ Name: 'custom:obra', Value: JSON.stringify(attrs.obra) });
      if (attrs.roles) UserAttributes.push({ Name: 'custom:roles', Value: JSON.stringify(attrs.roles) });
      if (attrs.empresa) UserAttributes.push({ Name: 'custom:empresa', Value: JSON.stringify(attrs.empresa) });
      if (!UserAttributes.length) return;
      await call('AdminUpdateUserAttributes', { UserPoolId, Username: username, UserAttributes });
    },

    async setEnabled(username, enabled) {
      if (enabled) {
        await call('AdminEnableUser', { UserPoolId, Username: username });
        return;
      }
      await call('AdminDisableUser', { UserPoolId, Username: username });
      await call('AdminUserGlobalSignOut', { UserPoolId, Username: username });
    },

    async signOutEverywhere(username) {
      await call('AdminUserGlobalSignOut', { UserPoolId, Username: username });
    },

    async mfaStatus(username) {
      const r = await call<{ UserMFASettingList?: string[] }>('AdminGetUser', { UserPoolId, Username: username });
      return { totp: (r.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') };
    },

    async disableTotp(username) {
      await call('AdminSetUserMFAPreference', { UserPoolId, Username: username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
    },

    async checkPassword(username, password) {
      const ClientId = typeof opts.clientId === 'function' ? await opts.clientId() : opts.clientId;
      if (!ClientId) throw new IdentityAdminError('InvalidParameterException', 'The app client is not configured.');
      try {
        await call('AdminInitiateAuth', {
          UserPoolId,
          ClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        });
        return true;
      } catch (e) {
        if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'PasswordResetRequiredException'].includes(errorCode(e)))
          return false;
        throw e;
      }
    },

    async listUsersWithSite(obra) {
      // Cognito cannot filter on custom attributes: list the pool and keep the site's users
      // (one page of 60 per call; fine for the pool sizes of the portal).
      const [all, federated] = await Promise.all([listAll(), federatedMembers()]);
      return all.map((u) => toUser(u, visiblyFederated(u) || federated.has(u.Username))).filter((u) => u.obra.includes(obra));
    },
  };
}

/** Local adapter: the in-process emulator of the local identity stack. */
export function localIdentityAdmin(emulator: Emulator, userPoolId: string): IdentityAdmin {
  // The pool's app client (the seed's one), found once when a password is first checked.
  let clientId: Promise<string> | undefined;
  const findClient = () =>
    (clientId ??= emulator
      .call<{ UserPoolClients?: { ClientId: string }[] }>('ListUserPoolClients', { UserPoolId: userPoolId, MaxResults: 60 })
      .then((r) => r.UserPoolClients?.[0]?.ClientId ?? ''));
  return cognitoStyleAdmin('local', (op, body) => emulator.call(op, body), { userPoolId, clientId: findClient });
}

// Temporary passwords ---------------------------------------------------------------------------

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** From Cognito's symbol set, none that a mail client or a reader could take for punctuation of the text. */
const SYMBOLS = '#$%&*+=?@';

/**
 * A temporary password meeting the pool's policy (8+, lower, upper, digit, symbol): 12 characters,
 * without look-alikes (0/O, 1/l/I), from the operating system's random generator.
 */
export function temporaryPassword(length = 12): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < Math.max(length, 8)) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
