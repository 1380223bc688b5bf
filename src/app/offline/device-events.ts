/**
 * "Something on the device changed": the form, the outbox and the "No aparelho" list tell each
 * other, in this tab and in the others (BroadcastChannel), so every view shows the current state.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const CHANNEL = 'portal-aparelho';
let channel: BroadcastChannel | undefined;

function ensureChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listeners.forEach((l) => l());
}

export function notifyDeviceChange(): void {
  listeners.forEach((l) => l());
  ensureChannel();
  channel?.postMessage('mudou');
}

export function onDeviceChange(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
