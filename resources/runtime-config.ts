/**
 * The public runtime configuration: what `GET /api/v1/config` answers and the app reads to configure
 * Amplify (src/server/auth/config-route.ts writes it, src/app/auth/amplify.ts reads it).
 */
export interface PublicRuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only with the local stack: Amplify then uses USER_PASSWORD_AUTH against this endpoint. */
  userPoolEndpoint?: string;
  oauth: {
    domain: string;
    scopes: string[];
    redirectSignIn: string[];
    redirectSignOut: string[];
    responseType: 'code';
    providerName?: string;
  };
  version: string;
  helpUrl: string;
}
