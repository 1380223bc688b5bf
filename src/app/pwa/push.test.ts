/**
 * This browser's push subscription (issue 41) when the browser's push service cannot be reached: its
 * English refusal, or no answer at all, becomes one pt-BR message; a refused permission and a worker not
 * yet active are told as such.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PUSH_SERVICE, subscribeErrorText, subscribeThisDevice } from './push';

const KEY = 'BMOvqNa2X4FY7RtGBfHn0Lpg1II-PafsAq1IdktdxwU3y9sKm2YyP_r9kt-B11odlAj62DeC3v5qYUFTbMrLiA4';
const subscribe = vi.fn();

beforeEach(() => {
  subscribe.mockReset();
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribing this device when the push service cannot be reached', () => {
  it('tells the browser’s refusal in pt-BR', async () => {
    subscribe.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    await expect(subscribeThisDevice(KEY)).rejects.toThrow(NO_PUSH_SERVICE);
  });

  it('stops waiting for a push service that never answers', async () => {
    subscribe.mockReturnValue(new Promise(() => {}));
    await expect(subscribeThisDevice(KEY, { timeoutMs: 50 })).rejects.toThrow(NO_PUSH_SERVICE);
  });

  it('returns the subscription the browser made', async () => {
    subscribe.mockResolvedValue({ toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/x' }) });
    await expect(subscribeThisDevice(KEY)).resolves.toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/x' });
  });

  it('names a refused permission and a worker not yet active apart', () => {
    expect(subscribeErrorText(new DOMException('Registration failed - permission denied', 'NotAllowedError'))).toMatch(/recusou as notificações/);
    expect(subscribeErrorText(new DOMException('Subscription failed - no active Service Worker', 'AbortError'))).toMatch(/ainda não está instalado/);
  });
});
