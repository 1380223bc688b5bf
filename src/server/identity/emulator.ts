/**
 * cognito-local (the Cognito user-pool emulator) assembled in-process, with its data under
 * `${dataDir}/cognito`. This mirrors cognito-local's own `createDefaultServer` but lets us choose
 * the data directory, the issuer, the logger and the message sender (codes are kept in an outbox
 * so tests and the console can read them).
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Services } from 'cognito-local/lib/services';
import type { Config } from 'cognito-local/lib/server/config';
import type { Message } from 'cognito-local/lib/services/messages';
import { CognitoCallError } from './errors';
import { withMfaPreference } from './mfa-preference';
import { keepSessionAcrossRenewals, renewingWith } from './session-claims';

const require = createRequire(import.meta.url);

/** Codes delivered by the emulator (forgot password, attribute verification, ...). */
export interface OutboxEntry {
  username: string;
  destination: string;
  medium: 'EMAIL' | 'SMS';
  code?: string;
  subject?: string;
  at: number;
}

export interface Emulator {
  services: Services;
  /** The emulator's express app (serves the Cognito JSON API, JWKS, /health). */
  application: (req: unknown, res: unknown) => void;
  /** Calls one Cognito operation (x-amz-target name) directly on the emulator. */
  call<T = Record<string, unknown>>(target: string, body: Record<string, unknown>): Promise<T>;
  /** Sets the issuer domain (origin) of the tokens; the issuer is `${origin}/${userPoolId}`. */
  setIssuerDomain(origin: string): void;
  outbox: OutboxEntry[];
  /** Latest code delivered to a user (by username or e-mail). */
  lastCode(usernameOrEmail: string): string | undefined;
}

export { CognitoCallError };

export async function createEmulator(opts: { dataDir: string; logLevel?: string }): Promise<Emulator> {
  const cognitoDir = path.join(opts.dataDir, 'cognito');
  const dbDir = path.join(cognitoDir, 'db');
  mkdirSync(dbDir, { recursive: true });

  const cognitoRoot = path.dirname(require.resolve('cognito-local/package.json'));
  const req = createRequire(path.join(cognitoRoot, 'package.json'));
  const pino = req('pino') as (opts: object) => any;
  const { StormDBDataStoreFactory } = req('./lib/services/dataStore/stormDb');
  const { CognitoServiceFactoryImpl } = req('./lib/services/cognitoService');
  const { UserPoolServiceFactoryImpl } = req('./lib/services/userPoolService');
  const { DateClock, TriggersService, LambdaService, MessagesService } = req('./lib/services');
  const { MessageDeliveryService } = req('./lib/services/messageDelivery/messageDelivery');
  const { otp } = req('./lib/services/otp');
  const { JwtTokenGenerator } = req('./lib/services/tokenGenerator');
  const jwt = req('jsonwebtoken') as { sign(payload: object, key: string, opts: object): string };
  const signingKey = (req('./lib/keys/cognitoLocal.private.json') as { pem: string }).pem;
  const { loadConfig } = req('./lib/server/config');
  const { Router } = req('./lib/server/Router');
  const { createServer } = req('./lib/server/server');
  const { CognitoError } = req('./lib/errors');

  const logger = pino({ level: opts.logLevel ?? process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const ctx = { logger };

  const config: Config = await loadConfig(ctx, new StormDBDataStoreFactory(cognitoDir));
  // Never take the emulator's defaults from PORT/HOST of the portal's environment.
  config.ServerConfig = { port: 0, hostname: '127.0.0.1', development: false, https: false };
  config.TokenConfig = { ...config.TokenConfig, IssuerDomain: 'http://localhost' };
  config.UserPoolDefaults = { ...config.UserPoolDefaults, UsernameAttributes: [] };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(dbDir, dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory));
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  // No Lambda triggers are configured, so neither the Lambda client nor the KMS crypto service
  // (custom e-mail sender only) is ever called; stubs avoid loading the AWS SDK v2.
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, {} as never), {} as never);

  // Real Cognito puts the user's standard attributes (name, phone_number, ...) in the ID token;
  // cognito-local only puts email and custom:*. An in-process PreTokenGeneration trigger (the
  // emulator's own hook, normally a Lambda) adds them; the emulator still signs the token.
  const STANDARD_CLAIMS = [
    'name',
    'given_name',
    'family_name',
    'middle_name',
    'nickname',
    'preferred_username',
    'picture',
    'locale',
    'zoneinfo',
    'phone_number',
    'phone_number_verified',
  ];
  const baseEnabled = triggers.enabled.bind(triggers);
  triggers.enabled = (name: string) => name === 'PreTokenGeneration' || baseEnabled(name);
  triggers.preTokenGeneration = async (_ctx: unknown, ev: { userAttributes: { Name: string; Value: string }[] }) => ({
    claimsOverrideDetails: {
      claimsToAddOrOverride: Object.fromEntries((ev.userAttributes ?? []).filter((a) => STANDARD_CLAIMS.includes(a.Name)).map((a) => [a.Name, a.Value])),
    },
  });

  const outbox: OutboxEntry[] = [];
  const record = (user: { Username: string }, destination: string, message: Message, medium: 'EMAIL' | 'SMS') => {
    outbox.push({
      username: user.Username,
      destination,
      medium,
      code: message.__code,
      subject: message.emailSubject,
      at: Date.now(),
    });
    if (outbox.length > 200) outbox.shift();
    if (process.env.IDENTITY_QUIET !== '1' && process.env.VITEST === undefined) {
      console.info(`[identidade] código para ${destination}: ${message.__code ?? '(sem código)'}`);
    }
  };
  const sender = {
    async sendEmail(_ctx: unknown, user: { Username: string }, destination: string, message: Message) {
      record(user, destination, message, 'EMAIL');
    },
    async sendSms(_ctx: unknown, user: { Username: string }, destination: string, message: Message) {
      record(user, destination, message, 'SMS');
    },
  };

  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  // One sign-in, one session across renewals: `origin_jti` and `auth_time` as Cognito keeps them (session-claims.ts).
  keepSessionAcrossRenewals(services.tokenGenerator as never, (payload) => jwt.sign(payload, signingKey, { algorithm: 'RS256', keyid: 'CognitoLocal' }));
  const router = Router(services);
  const server = createServer(router, logger, config.ServerConfig, services);

  return {
    services,
    application: server.application,
    async call(target, body) {
      try {
        // cognito-local 5.3 lacks AdminUserGlobalSignOut: as Cognito, revoke every refresh token of the user.
        if (target === 'AdminUserGlobalSignOut') {
          const pool = await cognito.getUserPool(ctx, String(body.UserPoolId));
          const user = await pool.getUserByUsername(ctx, String(body.Username));
          if (!user) throw new CognitoCallError('UserNotFoundException', 'User does not exist.');
          await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
          return {} as never;
        }
        // Also missing: an administrator sets a user's MFA preference (the portal turns TOTP off after a recovery code).
        if (target === 'AdminSetUserMFAPreference') {
          const pool = await cognito.getUserPool(ctx, String(body.UserPoolId));
          const user = await pool.getUserByUsername(ctx, String(body.Username));
          if (!user) throw new CognitoCallError('UserNotFoundException', 'User does not exist.');
          await pool.saveUser(ctx, withMfaPreference(user, body));
          return {} as never;
        }
        const out = (await renewingWith(body, () => router(target)(ctx, body))) as { AuthenticationResult?: { RefreshToken?: string } } | undefined;
        // cognito-local keeps the refresh token of a password sign-in only: as Cognito, keep the one
        // a challenge's answer (second factor, new password) issues, so it renews the session too.
        const refreshToken = target === 'RespondToAuthChallenge' ? out?.AuthenticationResult?.RefreshToken : undefined;
        if (refreshToken) {
          const pool = await cognito.getUserPoolForClientId(ctx, String(body.ClientId));
          const user = await pool.getUserByUsername(ctx, String((body.ChallengeResponses as Record<string, unknown>)?.USERNAME ?? ''));
          if (user && !user.RefreshTokens?.includes(refreshToken)) await pool.storeRefreshToken(ctx, refreshToken, user);
        }
        return out as never;
      } catch (ex) {
        if (ex instanceof CognitoError) {
          const e = ex as unknown as { code: string; message: string };
          throw new CognitoCallError(e.code, e.message);
        }
        throw ex;
      }
    },
    setIssuerDomain(origin) {
      // The token generator keeps a reference to this object.
      config.TokenConfig.IssuerDomain = origin;
    },
    outbox,
    lastCode(who) {
      const key = who.toLowerCase();
      for (let i = outbox.length - 1; i >= 0; i--) {
        const e = outbox[i];
        if (e.username.toLowerCase() === key || e.destination.toLowerCase() === key) return e.code;
      }
      return undefined;
    },
  };
}
