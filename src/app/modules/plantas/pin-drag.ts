/**
 * Dragging a pin to its new place (issue 42): a pin flagged "revisão mudou" follows the pointer (mouse,
 * pen or finger, through pointer events captured by the pin, so the viewer does not pan) and, on
 * release, hands the point where it was dropped (0–1 of the sheet's width and height) to `onDrop`.
 * A press that does not travel is a tap: the pin's panel opens as for any pin.
 */
import type React from 'react';
import { useCallback, useRef, useState } from 'react';

export interface SheetPoint {
  x: number;
  y: number;
}

/** Pixels a pointer may travel on a pin and still count as a tap. */
export const DRAG_SLOP = 6;

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The point of the sheet under (clientX, clientY), as fractions (4 decimals) of the sheet's box on
 * screen (`rect`, zoom and pan included). With `clamp`, a point past an edge lands on it; without,
 * it is undefined. Undefined as well when the sheet has no size on screen.
 */
export function pointOnSheet(
  clientX: number,
  clientY: number,
  rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  clamp = false,
): SheetPoint | undefined {
  if (!rect.width || !rect.height) return undefined;
  let x = (clientX - rect.left) / rect.width;
  let y = (clientY - rect.top) / rect.height;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  if (clamp) {
    x = Math.min(1, Math.max(0, x));
    y = Math.min(1, Math.max(0, y));
  } else if (x < 0 || x > 1 || y < 0 || y > 1) return undefined;
  return { x: round4(x), y: round4(y) };
}

export interface PinDragOptions {
  /** The sheet's box on screen (the zoomed and panned page). */
  sheetRect: () => Pick<DOMRect, 'left' | 'top' | 'width' | 'height'> | undefined;
  onDrop: (point: SheetPoint) => void;
}

/** Where on the sheet the pointer is, kept inside the sheet. */
function dropPoint(opts: PinDragOptions | undefined, e: React.PointerEvent): SheetPoint | undefined {
  const r = opts?.sheetRect();
  return r ? pointOnSheet(e.clientX, e.clientY, r, true) : undefined;
}

/** The pointer handlers of a draggable pin, where it is while dragged, and whether a click ends a drag. */
export function usePinDrag(opts: PinDragOptions | undefined) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const [point, setPoint] = useState<SheetPoint | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const onPointerDown = useCallback((e: React.PointerEvent) => {
    if (!optsRef.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    dragged.current = false;
  }, []);

  const onPointerMove = useCallback((e: React.PointerEvent) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    e.stopPropagation();
    if (!dragged.current && Math.hypot(e.clientX - s.x, e.clientY - s.y) <= DRAG_SLOP) return;
    dragged.current = true;
    const p = dropPoint(optsRef.current, e);
    if (p) setPoint(p);
  }, []);

  const onPointerUp = useCallback((e: React.PointerEvent) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    e.stopPropagation();
    start.current = null;
    setPoint(null);
    if (!dragged.current) return;
    const p = dropPoint(optsRef.current, e);
    if (p) optsRef.current?.onDrop(p);
  }, []);

  const onPointerCancel = useCallback((e: React.PointerEvent) => {
    if (start.current?.id !== e.pointerId) return;
    start.current = null;
    dragged.current = false;
    setPoint(null);
  }, []);

  /** Did the press that ends in this click drag the pin? (then the click does not open the panel) */
  const endedDrag = useCallback(() => {
    const d = dragged.current;
    dragged.current = false;
    return d;
  }, []);

  return { point, endedDrag, handlers: opts ? { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } : {} };
}
