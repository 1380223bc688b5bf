/**
 * Sends the device's outbox while the signed-in app is open (issue 26): at start, when the network
 * comes back, and every 30 s while something waits; tells the person what was sent, what conflicts
 * and what was refused.
 */
import { useEffect, useRef } from 'react';
import { useGetIdentity, useNotification } from '@refinedev/core';
import { hasDeviceStore, recordsOf, type DeviceState } from './device-db';
import { onDeviceChange } from './device-events';
import { flushOutbox } from './outbox';

const RETRY_MS = 30_000;

export function OutboxRunner(): null {
  const { data: identity } = useGetIdentity<{ email?: string }>();
  const owner = identity?.email;
  const { open } = useNotification();
  const seen = useRef(new Map<string, DeviceState>());

  useEffect(() => {
    if (!owner || !hasDeviceStore()) return;
    const run = () => {
      if (navigator.onLine) void flushOutbox(owner).catch(() => undefined);
    };
    // What changed state since the last look (in this tab or another) is told once.
    const look = async () => {
      const all = await recordsOf(owner).catch(() => []);
      for (const r of all) {
        const before = seen.current.get(r.id);
        seen.current.set(r.id, r.state);
        if (!before || before === r.state) continue;
        if (r.state === 'enviado') open?.({ key: `aparelho-${r.id}`, type: 'success', message: `Enviado ao servidor: ${r.title}.` });
        if (r.state === 'conflito')
          open?.({
            key: `aparelho-${r.id}`,
            type: 'error',
            description: `Conflito: ${r.title}`,
            message: 'Foi alterado no servidor: resolva em "No aparelho".',
          });
        // The notification provider shows `description` as the heading and `message` as the sentence.
        if (r.state === 'recusado')
          open?.({ key: `aparelho-${r.id}`, type: 'error', description: `Recusado: ${r.title}`, message: r.reason ?? 'O servidor recusou o registro.' });
      }
    };
    void look().then(run);
    const off = onDeviceChange(() => void look());
    window.addEventListener('online', run);
    const timer = setInterval(run, RETRY_MS);
    return () => {
      off();
      window.removeEventListener('online', run);
      clearInterval(timer);
    };
  }, [owner, open]);
  return null;
}
