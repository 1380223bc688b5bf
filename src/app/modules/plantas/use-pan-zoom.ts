/**
 * Zoom and pan of the sheet viewer: wheel zoom around the cursor, pinch zoom with two pointers
 * (touch), drag to pan with one, and the buttons' steps. The view is `translate(x, y) scale(s)` of the
 * page drawn at zoom 1; `moved` tells a tap from the end of a drag (a tap places a new item).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface View {
  s: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 12;
const FIT: View = { s: 1, x: 0, y: 0 };
/** Pixels a pointer may travel and still count as a tap. */
const TAP_SLOP = 6;

const clamp = (s: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, s));

/** The view zoomed by `k` around the point (px, py) of the viewport. */
export function zoomAt(v: View, k: number, px: number, py: number): View {
  const s = clamp(v.s * k);
  const r = s / v.s;
  return { s, x: px - (px - v.x) * r, y: py - (py - v.y) * r };
}

export function usePanZoom(viewport: React.RefObject<HTMLElement | null>) {
  const [view, setView] = useState<View>(FIT);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ dist: number; mid: { x: number; y: number } } | null>(null);
  const travel = useRef(0);

  const local = useCallback(
    (clientX: number, clientY: number) => {
      const r = viewport.current?.getBoundingClientRect();
      return { x: clientX - (r?.left ?? 0), y: clientY - (r?.top ?? 0) };
    },
    [viewport],
  );

  // The wheel listener is not passive, so the page does not scroll while the sheet zooms.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e.clientX, e.clientY);
      setView((v) => zoomAt(v, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p.x, p.y));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [viewport, local]);

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
      pointers.current.set(e.pointerId, local(e.clientX, e.clientY));
      gesture.current = pointers.current.size === 2 ? twoPointers() : null;
    },
    [local],
  );

  const onPointerMove = useCallback(
    (e: React.PointerEvent) => {
      const prev = pointers.current.get(e.pointerId);
      if (!prev) return;
      const p = local(e.clientX, e.clientY);
      pointers.current.set(e.pointerId, p);
      travel.current += Math.hypot(p.x - prev.x, p.y - prev.y);
      if (pointers.current.size === 1) {
        setView((v) => ({ ...v, x: v.x + p.x - prev.x, y: v.y + p.y - prev.y }));
      } else if (pointers.current.size === 2 && gesture.current) {
        const g = twoPointers();
        const before = gesture.current;
        gesture.current = g;
        setView((v) => {
          const z = zoomAt(v, g.dist / before.dist, g.mid.x, g.mid.y);
          return { ...z, x: z.x + g.mid.x - before.mid.x, y: z.y + g.mid.y - before.mid.y };
        });
      }
    },
    [local],
  );

  // Every press starts a new count, even one a draggable pin keeps to itself (it stops propagation).
  const onPointerDownCapture = useCallback(() => {
    if (pointers.current.size === 0) travel.current = 0;
  }, []);

  const onPointerUp = useCallback((e: React.PointerEvent) => {
    pointers.current.delete(e.pointerId);
    gesture.current = pointers.current.size === 2 ? twoPointers() : null;
  }, []);

  /** The buttons' zoom, around the viewport's centre. */
  const zoomBy = useCallback(
    (k: number) => {
      const r = viewport.current?.getBoundingClientRect();
      setView((v) => zoomAt(v, k, (r?.width ?? 0) / 2, (r?.height ?? 0) / 2));
    },
    [viewport],
  );
  const fit = useCallback(() => setView(FIT), []);
  /** Did the last press travel (a drag or a pinch, not a tap)? */
  const moved = useCallback(() => travel.current > TAP_SLOP, []);

  return {
    view,
    zoomBy,
    fit,
    moved,
    handlers: { onPointerDownCapture, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
