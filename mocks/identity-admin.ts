/**
 * Test-only identity admin: the user pool in memory, seeded with the demo accounts (the same data
 * the local identity stack seeds). The in-process API of the tests uses it when no other is given;
 * the real adapters (local emulator, Cognito SDK) are exercised by tests/api/site-users.test.ts.
 */
import type { AccessAttributes, IdentityAdmin, NewPoolUser, PoolUser } from '../src/server/site-users/identity-admin';
import { DEMO_ACCOUNTS } from '../src/server/identity/seed';

type MemoryUser = PoolUser & { password: string; signedOutAt?: number; totp?: boolean };

export interface MemoryIdentityAdmin extends IdentityAdmin {
  /** Each account; `signedOutAt`: when its refresh tokens were last revoked (a global sign-out). */
  users: Map<string, MemoryUser>;
}

export function memoryIdentityAdmin(): MemoryIdentityAdmin {
  const users = new Map<string, MemoryUser>();
  for (const a of DEMO_ACCOUNTS) {
    users.set(a.email, {
      username: a.email,
      email: a.email,
      name: a.name,
      status: a.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      enabled: true,
      federated: a.federated,
      obra: [...a.obra],
      roles: [...a.roles],
      empresa: [...a.empresa],
      password: 'Demo#2026',
    });
  }
  const copy = ({ password: _p, signedOutAt: _s, totp: _t, ...u }: MemoryUser): PoolUser => ({
    ...u,
    obra: [...u.obra],
    roles: [...u.roles],
    empresa: [...u.empresa],
  });
  return {
    kind: 'memory',
    users,
    async findUserByEmail(email) {
      const u = users.get(email.trim().toLowerCase());
      return u ? copy(u) : null;
    },
    async createUser(n: NewPoolUser) {
      if (users.has(n.email)) throw Object.assign(new Error('User account already exists'), { code: 'UsernameExistsException' });
      const u = {
        username: n.email,
        email: n.email,
        name: n.name,
        status: 'FORCE_CHANGE_PASSWORD',
        enabled: true,
        federated: false,
        obra: [...n.obra],
        roles: [...n.roles],
        empresa: [...n.empresa],
        password: n.temporaryPassword,
      };
      users.set(n.email, u);
      return copy(u);
    },
    async updateAccess(username: string, attrs: AccessAttributes) {
      const u = [...users.values()].find((x) => x.username === username);
      if (!u) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
      if (attrs.obra) u.obra = [...attrs.obra];
      if (attrs.roles) u.roles = [...attrs.roles];
      if (attrs.empresa) u.empresa = [...attrs.empresa];
    },
    async setEnabled(username: string, enabled: boolean) {
      const u = [...users.values()].find((x) => x.username === username);
      if (!u) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
      u.enabled = enabled;
      if (!enabled) u.signedOutAt = Date.now();
    },
    async signOutEverywhere(username: string) {
      const u = [...users.values()].find((x) => x.username === username);
      if (!u) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
      u.signedOutAt = Date.now();
    },
    async mfaStatus(username: string) {
      const u = [...users.values()].find((x) => x.username === username);
      if (!u) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
      return { totp: !!u.totp };
    },
    async disableTotp(username: string) {
      const u = [...users.values()].find((x) => x.username === username);
      if (!u) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
      u.totp = false;
    },
    async checkPassword(username: string, password: string) {
      const u = [...users.values()].find((x) => x.username === username);
      return !!u && u.enabled && u.password === password;
    },
    async listUsersWithSite(obra: string) {
      return [...users.values()].filter((u) => u.obra.includes(obra)).map(copy);
    },
  };
}
