/** On /acessoFederado, the outcome of the return from the hosted sign-in, as Amplify's Hub reports it. */

/** How long /acessoFederado waits for the code exchange (the spec does not give the value). */
export const OAUTH_WAIT_MS = 15_000;

export interface FederatedOutcome {
  /** Resolves once the Hub listener is in place: Amplify must be configured only after it. */
  listening: Promise<void>;
  /** The failure of a redirect sign-in, or undefined (does not wait long when none is reported). */
  failure: Promise<unknown>;
}

/** Listens on /acessoFederado only; elsewhere Amplify's Hub is not even loaded. */
export function listenForFederatedFailure(): FederatedOutcome {
  if (typeof window === 'undefined' || window.location?.pathname !== '/acessoFederado') {
    return { listening: Promise.resolve(), failure: Promise.resolve(undefined) };
  }
  let attached: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (attached = resolve));
  const failure = new Promise<unknown>((resolve) => {
    void import('aws-amplify/utils')
      .then(({ Hub }) => {
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
      })
      .catch(() => resolve(undefined))
      .finally(attached);
  });
  return { listening, failure };
}
