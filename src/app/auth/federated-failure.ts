/** On /acessoFederado, the outcome of the return from the hosted sign-in, as Amplify's Hub reports it. */
import { Hub } from 'aws-amplify/utils';

/** How long /acessoFederado waits for the code exchange (the spec does not give the value). */
export const OAUTH_WAIT_MS = 15_000;

/** Resolves with the failure of a redirect sign-in, or undefined (does not wait long when none is reported). */
export function listenForFederatedFailure(): Promise<unknown> {
  let federatedFailure: Promise<unknown> = Promise.resolve(undefined);
  if (typeof window !== 'undefined' && window.location?.pathname === '/acessoFederado') {
    federatedFailure = new Promise((resolve) => {
      const stop = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signInWithRedirect_failure') {
          stop();
          resolve((payload as { data?: { error?: unknown } }).data?.error ?? { message: 'Authentication Error' });
        } else if (payload.event === 'signInWithRedirect' || payload.event === 'signedIn') {
          stop();
          resolve(undefined);
        }
      });
      setTimeout(() => {
        stop();
        resolve(undefined);
      }, OAUTH_WAIT_MS);
    });
  }
  return federatedFailure;
}
