// Part of `npm run bench:plantas` (scripts/bench-plantas.mjs): what is measured in the phone's page —
// the time until a sheet is drawn, the frames while panning and zooming, the space on the device.

/** In-page: ms since the navigation started when the sheet's canvas is drawn at full resolution
 * (pdf-page-canvas.tsx: the "Carregando a planta" status goes once `page.render` resolved), or false. */
const sheetDrawn = (code) => {
  const region = document.querySelector(`[role="region"][aria-label="Folha ${code}"]`);
  const canvas = region?.querySelector('[data-testid="planta-folha"] canvas');
  if (!canvas || !canvas.width || region.querySelector('[role="status"][aria-label="Carregando a planta"]')) return false;
  return performance.now();
};

/**
 * In-page: when the sheet's drawing is first on screen, `{ t, kind }`, or false: `prévia inicial` when
 * the cold start's splash came first (early-sheet-splash.tsx: the sheet's thumbnail kept on the device,
 * painted over the loading app before the viewer mounts), `prévia` when the viewer's low-resolution
 * first pass (sheet-preview.tsx: the same thumbnail, loaded, over the sheet's box) did, `folha` when the
 * full-resolution canvas did. With `inViewer`, only the viewer's own (the splash does not count). A
 * white box or the loading status is not counted; the app's own loading overlay is waited for apart
 * (overlayGoneAt).
 */
const sheetVisible = ([code, inViewer]) => {
  const splash = !inViewer && document.querySelector('img[data-testid="planta-previa-inicial"]');
  if (splash?.complete && splash.naturalWidth > 0)
    return { t: performance.now(), kind: 'prévia inicial', px: `${splash.naturalWidth} × ${splash.naturalHeight}` };
  const region = document.querySelector(`[role="region"][aria-label="Folha ${code}"]`);
  const img = region?.querySelector('[data-testid="planta-folha"] img[data-testid="planta-previa"]');
  if (img?.complete && img.naturalWidth > 0) return { t: performance.now(), kind: 'prévia', px: `${img.naturalWidth} × ${img.naturalHeight}` };
  // As sheetDrawn (a function passed to the page cannot call another of this file).
  const canvas = region?.querySelector('[data-testid="planta-folha"] canvas');
  if (!canvas || !canvas.width || region.querySelector('[role="status"][aria-label="Carregando a planta"]')) return false;
  return { t: performance.now(), kind: 'folha' };
};

/** In-page: ms since the navigation started when the viewer's region is in the page (the app mounted it), or false. */
const viewerMounted = (code) => (document.querySelector(`[role="region"][aria-label="Folha ${code}"]`) ? performance.now() : false);

/** The last request of the sheet's PDF (`?planta=1`) that started after `since`: { start, end } (ms since the navigation). */
const pdfTiming = (page, since) =>
  page.evaluate((t) => {
    const e = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('planta=1') && r.name.includes('/arquivos/') && r.startTime >= t)
      .at(-1);
    return { start: e?.startTime ?? NaN, end: e?.responseEnd ?? NaN };
  }, since);

/** Waits until the sheet `code` is drawn. */
export async function sheetDrawnOn(page, code, timeout = 180_000) {
  await page.waitForFunction(sheetDrawn, code, { polling: 'raf', timeout });
}

/** In-page: ms since the navigation started once the app is mounted and its loading overlay is gone. */
const overlayGoneAt = () =>
  (document.getElementById('app')?.childElementCount ?? 0) > 0 && !document.querySelector('[data-testid="loading-overlay"]') ? performance.now() : false;

/**
 * The sheet opened `runs` times, with the PDF already on the device: (a) a reload of its address (the
 * app starts again from the service worker's cache) and (b) opened from the site's sheet list inside
 * the running app (the router's own navigation). Each: ms until the canvas is drawn; for (a) also when
 * the app's loading overlay went (the sheet is only seen once both happened).
 */
export async function measureOpen(page, { sheet, other, runs }) {
  const reload = [];
  const at = async (fn, arg) => (await page.waitForFunction(fn, arg, { polling: 'raf', timeout: 120_000 })).jsonValue();
  for (let i = 0; i < runs; i++) {
    await page.reload({ waitUntil: 'commit' });
    const [mounted, visible, inViewer, drawn, overlay] = await Promise.all([
      at(viewerMounted, sheet.codigo),
      at(sheetVisible, [sheet.codigo, false]),
      at(sheetVisible, [sheet.codigo, true]),
      at(sheetDrawn, sheet.codigo),
      at(overlayGoneAt),
    ]);
    reload.push({
      mounted,
      visible,
      inViewer,
      drawn,
      overlay,
      seen: Math.max(visible.t, overlay),
      sharp: Math.max(drawn, overlay),
      pdf: await pdfTiming(page, 0),
    });
  }
  // From the sheet list: another sheet of the same set first (its region drawn), then this one, as a
  // person picks sheets in the drawer (the router's own navigation; the set's PDF stays open).
  const go = (url) =>
    page.evaluate((u) => {
      const t = performance.now();
      history.pushState({}, '', u);
      dispatchEvent(new PopStateEvent('popstate', { state: {} }));
      return t;
    }, url);
  const inApp = [];
  for (let i = 0; i < runs; i++) {
    await go(`/obras/101/plantas/${other.id}`);
    await sheetDrawnOn(page, other.codigo, 120_000);
    await page.waitForTimeout(500);
    const t0 = await go(`/obras/101/plantas/${sheet.id}`);
    const [visible, drawn] = await Promise.all([at(sheetVisible, [sheet.codigo, false]), at(sheetDrawn, sheet.codigo)]);
    inApp.push({ ms: visible.t - t0, kind: visible.kind, sharp: drawn - t0 });
  }
  return { reload, inApp };
}

/** Starts collecting frames in the page: Long Animation Frames (the browser's frames above 50 ms) and rAF deltas. */
async function startFrames(page) {
  return page.evaluate(() => {
    const f = { loaf: [], raf: [], pauses: [], running: true, loafSupported: PerformanceObserver.supportedEntryTypes.includes('long-animation-frame') };
    window.benchFrames = f;
    if (f.loafSupported) {
      f.observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          f.loaf.push({
            start: e.startTime,
            duration: e.duration,
            blocking: e.blockingDuration,
            render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
            scripts: [...(e.scripts ?? [])]
              .sort((a, b) => b.duration - a.duration)
              .slice(0, 3)
              .map((s) => ({
                d: s.duration,
                layout: s.forcedStyleAndLayoutDuration ?? 0,
                src: `${s.invoker ?? ''} ${s.sourceFunctionName ?? ''} ${(s.sourceURL ?? '').split('/').pop()}`,
              })),
          });
        }
      });
      f.observer.observe({ type: 'long-animation-frame' });
    }
    let last = performance.now();
    const tick = (t) => {
      f.raf.push(t - last);
      last = t;
      if (f.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return f.loafSupported;
  });
}

async function stopFrames(page) {
  return page.evaluate(async () => {
    const f = window.benchFrames;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    f.running = false;
    if (f.observer) {
      for (const e of f.observer.takeRecords()) f.loaf.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration, render: 0, scripts: [] });
      f.observer.disconnect();
    }
    // The benchmark's own search for a free point (freePoint: hundreds of elementFromPoint calls) runs
    // in the page between gestures: the frames it makes are the benchmark's, not the viewer's.
    const ours = (e) => f.pauses.some(([a, b]) => e.start < b && e.start + e.duration > a);
    return { loaf: f.loaf.filter((e) => !ours(e)), benchLoaf: f.loaf.filter(ours), raf: f.raf.slice(1), loafSupported: f.loafSupported };
  });
}

/**
 * In-page: a point of the sheet's region, nearest its centre, where a finger lands on the sheet or its
 * margin and not on a pin (a press on a pin opens it and does not pan): with `spread`, the points
 * `spread` px to its left and right must be free too (a pinch). Null when there is none.
 */
const freePoint = ([code, spread]) => {
  const t0 = performance.now();
  const done = (p) => {
    window.benchFrames?.pauses.push([t0, performance.now()]);
    return p;
  };
  const region = document.querySelector(`[role="region"][aria-label="Folha ${code}"]`);
  const r = region.getBoundingClientRect();
  const free = (x, y) => {
    if (x < r.left + 2 || x > r.right - 2 || y < r.top + 2 || y > r.bottom - 2) return false;
    const el = document.elementFromPoint(x, y);
    return !!el && region.contains(el) && !el.closest('button');
  };
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  for (let d = 0; d < Math.max(r.width, r.height); d += 8) {
    for (const [dx, dy] of [
      [0, -d],
      [0, d],
      [-d, 0],
      [d, 0],
      [-d, -d],
      [d, d],
      [d, -d],
      [-d, d],
    ]) {
      const x = cx + dx;
      const y = cy + dy;
      if (free(x, y) && free(x - spread, y) && free(x + spread, y)) return done({ x, y });
    }
  }
  return done(null);
};

/**
 * Pans and zooms the sheet for a few seconds as a phone and a desktop do: two-finger pinches and
 * one-finger drags (CDP touch events) started where no pin is under the fingers, wheel zoom and a mouse
 * drag. Returns the frames, the gestures' duration and the zoom after each kind of gesture.
 */
export async function measurePanZoom(page, cdp, { code }) {
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const at = async (spread) => {
    const p = await page.evaluate(freePoint, [code, spread]);
    if (!p) throw new Error('nenhum ponto da folha sem pino para começar o gesto');
    return p;
  };
  const drag = async (dx, dy, steps) => {
    const { x, y } = await at(0);
    await touch('touchStart', [[x, y]]);
    for (let i = 1; i <= steps; i++) await touch('touchMove', [[x + (dx * i) / steps, y + (dy * i) / steps]]);
    await touch('touchEnd', []);
  };
  const pinch = async (from, to, steps) => {
    const { x, y } = await at(from);
    await touch('touchStart', [
      [x - from, y],
      [x + from, y],
    ]);
    for (let i = 1; i <= steps; i++) {
      const d = from + ((to - from) * i) / steps;
      await touch('touchMove', [
        [x - d, y],
        [x + d, y],
      ]);
    }
    await touch('touchEnd', []);
  };
  const scale = async () => {
    const s = await page.getByTestId('planta-folha').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec(el.style.transform)?.[1] ?? NaN));
    return Math.round(s * 100) / 100;
  };
  const zooms = [await scale()];
  const loafSupported = await startFrames(page);
  const t0 = Date.now();
  await pinch(20, 120, 25);
  await drag(-120, -80, 25);
  await drag(100, 140, 25);
  await pinch(20, 100, 25);
  zooms.push(await scale());
  const c = await at(0);
  await page.mouse.move(c.x, c.y);
  for (const dy of [-120, 120]) {
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(40);
    }
    zooms.push(await scale());
  }
  const m = await at(0);
  await page.mouse.move(m.x, m.y);
  await page.mouse.down();
  for (let i = 1; i <= 25; i++) await page.mouse.move(m.x + i * 5, m.y - i * 4);
  await page.mouse.up();
  await pinch(120, 30, 25);
  zooms.push(await scale());
  const ms = Date.now() - t0;
  const frames = await stopFrames(page);
  return { ...frames, loafSupported: loafSupported && frames.loafSupported, ms, zooms };
}

/** "Baixar plantas da obra" (or "Atualizar…") in the sheet list drawer; the storage estimate before and after and the bytes kept. */
export async function measureStorage(page) {
  const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const before = await usage();
  await page.getByRole('button', { name: 'Folhas' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('plantas-no-aparelho').waitFor();
  const t0 = Date.now();
  await drawer.getByRole('button', { name: /Baixar plantas da obra|Atualizar plantas no aparelho/ }).click();
  await drawer.getByText(/Plantas e pinos guardados no aparelho às \d\d:\d\d/).waitFor({ timeout: 180_000 });
  const ms = Date.now() - t0;
  const shown = await drawer.getByTestId('plantas-no-aparelho').innerText();
  await page.keyboard.press('Escape');
  const after = await usage();
  const caches = await page.evaluate(async () => {
    const out = {};
    for (const name of await self.caches.keys()) {
      const cache = await self.caches.open(name);
      let bytes = 0;
      const entries = [];
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const n = Number(res?.headers.get('content-length')) || (await res.blob()).size;
        bytes += n;
        entries.push({ url: req.url, n });
      }
      out[name] = { count: entries.length, bytes, largest: entries.sort((a, b) => b.n - a.n).slice(0, 2) };
    }
    return out;
  });
  const quota = await page.evaluate(async () => (await navigator.storage.estimate()).quota ?? 0);
  return { before, after, quota, ms, shown, caches };
}
