/** Polls `ok` every 100 ms until it is true, or fails after `ms` (work done by a queue outside the request). */
export async function waitUntil(ok: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('waitUntil: timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
