import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../auth/session';
import { LoadingOverlay } from './overlays';
import { loadingSeen, rememberLoadingSeenForSignIn } from './loading-seen';

const PREFIX = 'CognitoIdentityServiceProvider.cliente-app-123';

/** What Amplify leaves in localStorage for a sign-in (the refresh token lasts until sign-out). */
function signIn(user: string, refreshToken: string): void {
  localStorage.setItem(STORAGE_KEYS.authConfig, JSON.stringify({ userPoolId: 'pool', userPoolClientId: 'cliente-app-123', oauth: { domain: 'idp' } }));
  localStorage.setItem(`${PREFIX}.LastAuthUser`, user);
  localStorage.setItem(`${PREFIX}.${user}.refreshToken`, refreshToken);
}

/** A new tab of the same browser: localStorage stays, sessionStorage starts empty. */
const newTab = () => sessionStorage.clear();

/** One full load: the overlay's ~4 s minimum and its fade, when it shows them. */
function load(): boolean {
  const view = render(<LoadingOverlay ready />);
  const held = screen.queryByTestId('loading-overlay') !== null;
  for (const ms of [4000, 500]) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }
  expect(screen.queryByTestId('loading-overlay')).toBeNull();
  view.unmount();
  return held;
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the loading overlay once per session, the sign-in included', () => {
  it('a new tab of the same sign-in (an e-mail link, a ctrl-click) opens without the ~4 s overlay', () => {
    signIn('sm-sub', 'refresh-token-of-this-sign-in-aaaaaaaaaaaaaaaa');
    expect(load()).toBe(true);
    newTab();
    expect(loadingSeen()).toBe(true);
    expect(load()).toBe(false);
  });

  it('a new sign-in (another person, or after signing out) starts a session: the overlay again', () => {
    signIn('sm-sub', 'refresh-token-of-the-first-sign-in-aaaaaaaaaaaaaa');
    load();
    signIn('cliente-sub', 'refresh-token-of-the-second-sign-in-bbbbbbbbbbbbb');
    newTab();
    expect(loadingSeen()).toBe(false);
    expect(load()).toBe(true);
  });

  it('signed out, only the tab remembers: a new tab shows the overlay', () => {
    expect(load()).toBe(true);
    expect(load()).toBe(false);
    newTab();
    expect(load()).toBe(true);
  });

  it('signing in within a tab that already showed it makes that the sign-in first load', () => {
    load(); // /login, before signing in
    signIn('sm-sub', 'refresh-token-of-this-sign-in-cccccccccccccccccc');
    rememberLoadingSeenForSignIn();
    newTab();
    expect(load()).toBe(false);
  });

  it('a sign-in in a tab that had not shown it does not count as seen', () => {
    signIn('sm-sub', 'refresh-token-of-this-sign-in-dddddddddddddddddd');
    rememberLoadingSeenForSignIn();
    newTab();
    expect(loadingSeen()).toBe(false);
  });
});
