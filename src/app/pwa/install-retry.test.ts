import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryFailedInstall } from './install-retry';

/** A worker whose state the test moves, as the browser would. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  constructor(readonly scriptURL: string) {
    super();
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  scope = 'https://portal.local/';
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  vi.useFakeTimers();
  setOnline(true);
});
afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
});

function setup() {
  const reg = new FakeRegistration();
  const first = new FakeWorker('https://portal.local/sw.js');
  reg.installing = first;
  const register = vi.fn(async () => reg);
  retryFailedInstall(reg as unknown as ServiceWorkerRegistration, { delayMs: 20_000, register });
  return { reg, first, register };
}

describe('a service worker install cut short', () => {
  it('is registered again after the pause, with the same script and scope', () => {
    const { reg, first, register } = setup();
    reg.installing = null;
    first.become('redundant');
    vi.advanceTimersByTime(19_999);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledWith('https://portal.local/sw.js', { scope: 'https://portal.local/' });
  });

  it('offline, waits for the network to come back', () => {
    const { reg, first, register } = setup();
    reg.installing = null;
    first.become('redundant');
    setOnline(false);
    vi.advanceTimersByTime(20_000);
    expect(register).not.toHaveBeenCalled();
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('watches the new install too: a second failure is retried again', () => {
    const { reg, first, register } = setup();
    reg.installing = null;
    first.become('redundant');
    vi.advanceTimersByTime(20_000);
    const second = new FakeWorker('https://portal.local/sw.js');
    reg.installing = second;
    reg.dispatchEvent(new Event('updatefound'));
    reg.installing = null;
    second.become('redundant');
    vi.advanceTimersByTime(20_000);
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('leaves alone a worker replaced by a newer one, and an install that succeeded', () => {
    const { reg, first, register } = setup();
    const newer = new FakeWorker('https://portal.local/sw.js');
    reg.installing = newer; // a newer version took over: the old one goes redundant
    first.become('redundant');
    newer.become('installed');
    reg.installing = null;
    reg.active = newer;
    newer.become('activated');
    vi.advanceTimersByTime(60_000);
    expect(register).not.toHaveBeenCalled();
  });
});
