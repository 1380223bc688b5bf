/**
 * `GET /api/v1/config` (public): what the single-page app needs to configure Amplify, plus the
 * app version and the help URL. No secrets: the app client has none.
 */
import { Hono } from 'hono';
import type { IdentityConfig } from './identity-config';

export const DEFAULT_HELP_URL = 'https://ajuda.portal.local';

import type { PublicRuntimeConfig } from '../../../resources/runtime-config';

export type { PublicRuntimeConfig };

export function publicRuntimeConfig(config: IdentityConfig, appVersion: string, env = process.env): PublicRuntimeConfig {
  const out: PublicRuntimeConfig = {
    region: config.region,
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    oauth: {
      domain: config.oauth.domain,
      scopes: [...config.oauth.scopes],
      redirectSignIn: [...config.oauth.redirectSignIn],
      redirectSignOut: [...config.oauth.redirectSignOut],
      responseType: 'code',
      ...(config.oauth.providerName ? { providerName: config.oauth.providerName } : {}),
    },
    version: appVersion,
    helpUrl: env.HELP_URL?.trim() || DEFAULT_HELP_URL,
  };
  if (config.userPoolEndpoint) out.userPoolEndpoint = config.userPoolEndpoint;
  return out;
}

export function configRoute(config: IdentityConfig, appVersion: string) {
  const body = publicRuntimeConfig(config, appVersion);
  const route = new Hono();
  route.get('/', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(body);
  });
  return route;
}
