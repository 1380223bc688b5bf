/**
 * Whether the loading overlay's first load is behind us (issue 28: the specification's ~4 s minimum
 * is for the first load of a session, not for every reload, new tab or e-mail link within it).
 * A session is the tab's (sessionStorage), and, once someone is signed in, their sign-in: a new tab,
 * a link opened from an e-mail or a reload the next morning within the same sign-in shows the app as
 * soon as it is ready. A new sign-in (another person, or after signing out) starts a new session.
 */
import { defaultStorage } from '../auth/session';
import { storedSignInId } from '../auth/stored-tokens';
import { LOADING_OVERLAY_SEEN_KEY } from './constants';

function tabStore(): Storage | undefined {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : undefined;
  } catch {
    return undefined; // storage blocked: every load is a first one
  }
}

/** The first load of this tab's session, or of the current sign-in, has been shown. */
export function loadingSeen(): boolean {
  try {
    if (tabStore()?.getItem(LOADING_OVERLAY_SEEN_KEY) === '1') return true;
    const signIn = storedSignInId();
    return !!signIn && defaultStorage()?.getItem(LOADING_OVERLAY_SEEN_KEY) === signIn;
  } catch {
    return false;
  }
}

/** The overlay has been shown in full: for this tab, and for the current sign-in when there is one. */
export function markLoadingSeen(): void {
  try {
    tabStore()?.setItem(LOADING_OVERLAY_SEEN_KEY, '1');
    const signIn = storedSignInId();
    if (signIn) defaultStorage()?.setItem(LOADING_OVERLAY_SEEN_KEY, signIn);
  } catch {
    /* storage blocked or full */
  }
}

/** Someone has just signed in within a tab that already showed the overlay: that was the sign-in's first load. */
export function rememberLoadingSeenForSignIn(): void {
  if (tabStore()?.getItem(LOADING_OVERLAY_SEEN_KEY) === '1') markLoadingSeen();
}
