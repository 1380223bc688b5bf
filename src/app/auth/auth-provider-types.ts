/** Types of the AuthProvider (auth-provider.ts): its injectable dependencies and its login parameters. */
import type * as amplifyAuth from 'aws-amplify/auth';

export type Auth = Pick<
  typeof amplifyAuth,
  'signIn' | 'confirmSignIn' | 'signOut' | 'signInWithRedirect' | 'fetchAuthSession' | 'resetPassword' | 'confirmResetPassword' | 'updatePassword'
>;

export interface AuthProviderDeps {
  auth?: Auth;
  /** Configures Amplify before any call (default: from `/api/v1/config`). */
  ready?: () => Promise<unknown>;
  apiUrl?: string;
  fetchImpl?: typeof fetch;
  navigate?: (to: string) => void;
  /** The valid stored ID token, read without Amplify (default: stored-tokens.ts; none when `auth` is injected). */
  storedToken?: () => string | undefined;
}

export interface LoginParams {
  email?: string;
  password?: string;
  /** 'corporativo' → hosted sign-in of the corporate provider. */
  providerName?: string;
  /** On /acessoFederado: completes the return from the hosted sign-in. */
  federated?: boolean;
  /** Answer to the pending challenge (new password, MFA/TOTP code). */
  challengeResponse?: string;
  /** Where to go after sign-in (default: the last route). */
  redirectTo?: string;
}
