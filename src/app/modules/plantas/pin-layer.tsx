/**
 * The pins over the sheet, and how they follow the view (`npm run bench:plantas`: 500 pins panned and
 * zoomed on a phone). Memoised, with props that do not change while the sheet is panned or zoomed: a
 * gesture renders nothing. The pins sit in boxes of the zoomed sheet's size (PINS_PER_BOX each, in
 * the pins' own order, so keyboard and screen reader order is the list's), each its own compositor
 * layer, where a pin placed in percent keeps its own size. `pinBoxPainter` writes the view to them:
 * while a gesture lasts a box is not laid out again, it moves and scales with the sheet as one picture
 * (its pins grow and shrink with it, as in map viewers: no layout, no paint); at rest the boxes laid out
 * at another zoom are laid out again at their true size, one box per frame, so no frame lays out and
 * paints all the pins.
 */
import React, { memo } from 'react';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { PinMarker } from './pin-marker';
import type { SheetPoint } from './pin-drag';
import type { View } from './use-pan-zoom';

/** Pins laid out in one frame at most after a gesture. */
export const PINS_PER_BOX = 100;

export interface PinLayerProps {
  pins: PinoDaFolha[];
  selected?: string;
  onOpenPin: (pin: PinoDaFolha) => void;
  mayMove?: (pin: PinoDaFolha) => boolean;
  onMovePin?: (pin: PinoDaFolha, point: SheetPoint) => void;
  sheetRect: () => DOMRect | undefined;
}

const BOX: React.CSSProperties = { position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', willChange: 'transform', pointerEvents: 'none' };

export const PinLayer = memo(function PinLayer({ pins, selected, onOpenPin, mayMove, onMovePin, sheetRect }: PinLayerProps): React.ReactElement {
  const boxes: PinoDaFolha[][] = [];
  for (let i = 0; i < pins.length; i += PINS_PER_BOX) boxes.push(pins.slice(i, i + PINS_PER_BOX));
  return (
    <div aria-label="Pinos da folha" role="group" style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}>
      {boxes.map((box, i) => (
        <div key={i} style={BOX}>
          {box.map((p) => (
            <PinMarker
              key={p.chave}
              pin={p}
              selected={p.chave === selected}
              onOpen={onOpenPin}
              drag={onMovePin && p.revisaoMudou && mayMove?.(p) ? { sheetRect, onDrop: (point) => onMovePin(p, point) } : undefined}
            />
          ))}
        </div>
      ))}
    </div>
  );
});

const nextFrame = (f: () => void): number => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(f) : window.setTimeout(f, 16));
const cancelFrame = (id: number) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(id) : clearTimeout(id));

/**
 * Writes the view to the pin boxes PinLayer rendered inside `layer()` (its group). `paint(view,
 * width, height, gesture)`: `width` × `height` is the sheet on screen at zoom 1; during a gesture only
 * transforms change (a box never laid out, new pins, is laid out at once). `stop()` cancels the
 * pending layouts.
 */
export function pinBoxPainter(layer: () => Element | null | undefined) {
  /** The size (px) each box was last laid out at. */
  const laid = new WeakMap<Element, { w: number; h: number }>();
  let now = { v: { s: 1, x: 0, y: 0 } as View, w: 0, h: 0 };
  let moving = false;
  let frame = 0;
  const boxes = () => Array.from(layer()?.children ?? []) as HTMLElement[];
  const stale = (el: Element) => laid.get(el)?.w !== now.w * now.v.s || laid.get(el)?.h !== now.h * now.v.s;
  const layOut = (el: HTMLElement) => {
    const w = now.w * now.v.s;
    const h = now.h * now.v.s;
    el.style.width = `${w}px`;
    el.style.height = `${h}px`;
    el.style.transform = `translate(${now.v.x}px, ${now.v.y}px)`;
    laid.set(el, { w, h });
  };
  const step = () => {
    frame = 0;
    const next = moving ? undefined : boxes().find(stale);
    if (!next) return;
    layOut(next);
    if (boxes().some(stale)) frame = nextFrame(step);
  };
  return {
    paint(v: View, w: number, h: number, gesture: boolean) {
      now = { v, w, h };
      moving = gesture;
      for (const el of boxes()) {
        const l = laid.get(el);
        if (!l) layOut(el);
        else el.style.transform = `translate(${v.x}px, ${v.y}px) scale(${(w * v.s) / l.w})`;
      }
      if (!moving && !frame && boxes().some(stale)) frame = nextFrame(step);
    },
    stop() {
      cancelFrame(frame);
      frame = 0;
    },
  };
}
