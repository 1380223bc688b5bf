/**
 * Zoom and pan of the sheet viewer: wheel zoom around the cursor, pinch zoom with two pointers
 * (touch), drag to pan with one, and the buttons' steps. The view is `translate(x, y) scale(s)` of the
 * page drawn at zoom 1; `moved` tells a tap from the end of a drag (a tap places a new item).
 *
 * The view is not React state: a gesture's frames never render a component. It lives in a ref and
 * each change goes straight to the DOM through `paint` (sheet-viewport.tsx writes the stage's
 * transform and the pins' box), so a pinch over 500 pins costs style writes, not a React render per
 * frame (`npm run bench:plantas`, CPU 4×: frames of up to 268 ms of React script before). The move
 * handlers read no layout either: the viewport's box is read once when a press or a wheel turn
 * starts, not on every move (a read right after a style write forces a layout of all the pins).
 * `onActive(true)` when a drag, a pinch or a wheel turn starts moving the sheet and `onActive(false)`
 * when it ends, followed by one more `paint` of the view (the viewport keeps the sheet and its pins on
 * the compositor meanwhile, and lays them out again then).
 */
import { useCallback, useEffect, useRef } from 'react';

export interface View {
  s: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 12;
export const FIT: View = { s: 1, x: 0, y: 0 };
/** Pixels a pointer may travel and still count as a tap. */
const TAP_SLOP = 6;
/** A wheel turn's viewport box is read again after this long without a wheel event (ms). */
const WHEEL_IDLE_MS = 250;

const clamp = (s: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, s));

/** The view zoomed by `k` around the point (px, py) of the viewport. */
export function zoomAt(v: View, k: number, px: number, py: number): View {
  const s = clamp(v.s * k);
  const r = s / v.s;
  return { s, x: px - (px - v.x) * r, y: py - (py - v.y) * r };
}

type Box = { left: number; top: number; width: number; height: number };

/**
 * `paint(view)` is called on every change of the view (it must only write to the DOM); `current()`
 * gives the view now, for the renders that need it (a resize of the viewport paints it again).
 */
export function usePanZoom(viewport: React.RefObject<HTMLElement | null>, paint: (v: View) => void, onActive?: (active: boolean) => void) {
  const view = useRef<View>(FIT);
  const paintRef = useRef(paint);
  paintRef.current = paint;
  const activeRef = useRef(onActive);
  activeRef.current = onActive;
  const active = useRef(false);
  const wheelEnd = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setActive = useCallback((a: boolean) => {
    if (active.current === a) return;
    active.current = a;
    activeRef.current?.(a);
    if (!a) paintRef.current(view.current); // the gesture's end: the view painted again, not mid-gesture
  }, []);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ dist: number; mid: { x: number; y: number } } | null>(null);
  const travel = useRef(0);
  /** The viewport's box while a press lasts (or a wheel turn): read once, not on every move. */
  const box = useRef<Box | null>(null);
  const wheelAt = useRef(0);

  const set = useCallback((next: View | ((v: View) => View)) => {
    view.current = typeof next === 'function' ? next(view.current) : next;
    paintRef.current(view.current);
  }, []);

  const readBox = useCallback((): Box => {
    const r = viewport.current?.getBoundingClientRect();
    return { left: r?.left ?? 0, top: r?.top ?? 0, width: r?.width ?? 0, height: r?.height ?? 0 };
  }, [viewport]);

  const local = (b: Box, clientX: number, clientY: number) => ({ x: clientX - b.left, y: clientY - b.top });

  // The wheel listener is not passive, so the page does not scroll while the sheet zooms.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const now = e.timeStamp || performance.now();
      if (!box.current || (pointers.current.size === 0 && now - wheelAt.current > WHEEL_IDLE_MS)) box.current = readBox();
      wheelAt.current = now;
      const p = local(box.current, e.clientX, e.clientY);
      setActive(true);
      set((v) => zoomAt(v, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p.x, p.y));
      clearTimeout(wheelEnd.current);
      wheelEnd.current = setTimeout(() => pointers.current.size === 0 && setActive(false), WHEEL_IDLE_MS);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      clearTimeout(wheelEnd.current);
    };
  }, [viewport, readBox, set, setActive]);

  const twoPointers = () => {
    const [a, b] = [...pointers.current.values()];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const onPointerDown = useCallback(
    (e: React.PointerEvent) => {
      const target = e.target as HTMLElement;
      const onPin = !!target.closest('.planta-pin');
      if (target.closest('button') && !onPin) return; // a control
      // Not captured when it starts on a pin: a tap there still clicks the pin (a drag pans the sheet).
      if (!onPin) (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      if (pointers.current.size === 0 || !box.current) box.current = readBox();
      pointers.current.set(e.pointerId, local(box.current, e.clientX, e.clientY));
      gesture.current = pointers.current.size === 2 ? twoPointers() : null;
    },
    [readBox],
  );

  const onPointerMove = useCallback(
    (e: React.PointerEvent) => {
      const prev = pointers.current.get(e.pointerId);
      if (!prev || !box.current) return;
      const p = local(box.current, e.clientX, e.clientY);
      pointers.current.set(e.pointerId, p);
      travel.current += Math.hypot(p.x - prev.x, p.y - prev.y);
      if (travel.current > TAP_SLOP) setActive(true);
      if (pointers.current.size === 1) {
        set((v) => ({ ...v, x: v.x + p.x - prev.x, y: v.y + p.y - prev.y }));
      } else if (pointers.current.size === 2 && gesture.current) {
        const g = twoPointers();
        const before = gesture.current;
        gesture.current = g;
        set((v) => {
          const z = zoomAt(v, g.dist / before.dist, g.mid.x, g.mid.y);
          return { ...z, x: z.x + g.mid.x - before.mid.x, y: z.y + g.mid.y - before.mid.y };
        });
      }
    },
    [set, setActive],
  );

  // Every press starts a new count, even one a draggable pin keeps to itself (it stops propagation).
  const onPointerDownCapture = useCallback(() => {
    if (pointers.current.size === 0) travel.current = 0;
  }, []);

  const onPointerUp = useCallback(
    (e: React.PointerEvent) => {
      pointers.current.delete(e.pointerId);
      gesture.current = pointers.current.size === 2 ? twoPointers() : null;
      if (pointers.current.size === 0) {
        box.current = null;
        setActive(false);
      }
    },
    [setActive],
  );

  /** The buttons' zoom, around the viewport's centre. */
  const zoomBy = useCallback(
    (k: number) => {
      const r = readBox();
      set((v) => zoomAt(v, k, r.width / 2, r.height / 2));
    },
    [readBox, set],
  );
  const fit = useCallback(() => set(FIT), [set]);
  /** Did the last press travel (a drag or a pinch, not a tap)? */
  const moved = useCallback(() => travel.current > TAP_SLOP, []);
  const current = useCallback(() => view.current, []);

  return {
    current,
    zoomBy,
    fit,
    moved,
    handlers: { onPointerDownCapture, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
