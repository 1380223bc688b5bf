/**
 * The sheet on screen: its PDF page (pdf-page-canvas.tsx) with the pins over it, zoomed and panned
 * (use-pan-zoom.ts: a gesture writes the view to the DOM, `paint` below, and renders nothing), with a
 * blurred first pass while the page is drawn (sheet-preview.tsx) and the zoom buttons (+, −, Ajustar).
 * In "Novo item aqui" mode a tap on the sheet hands its point (0–1 of the sheet's width and height) to
 * `onPlace` ("Novo item aqui" and "Fixar registro aqui"); a pin that `mayMove` can be dragged and its
 * drop point goes to `onMovePin`.
 */
import React, { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { PdfPageCanvas } from './pdf-page-canvas';
import { PinLayer, pinBoxPainter } from './pin-layer';
import { pointOnSheet, type SheetPoint } from './pin-drag';
import { usePanZoom, type View } from './use-pan-zoom';
import { SheetPreview } from './sheet-preview';
import { sheetPdfUrl } from './sheet-cache';
import { releaseEarlySheet } from './early-sheet';

/** A4 landscape in points, for a sheet whose size is not recorded. */
const DEFAULT_SIZE = { largura: 842, altura: 595 };

export interface SheetViewportProps {
  sheet: FolhaDaObra;
  pins: PinoDaFolha[];
  selected?: string;
  onOpenPin: (pin: PinoDaFolha) => void;
  /** Set while "Novo item aqui" or "Fixar registro aqui" is on: a tap places the item or the record there. */
  onPlace?: (point: SheetPoint) => void;
  /** The pins that can be dragged to a new place (flagged "revisão mudou", for who may change them). */
  mayMove?: (pin: PinoDaFolha) => boolean;
  /** A dragged pin was dropped at `point`. */
  onMovePin?: (pin: PinoDaFolha, point: SheetPoint) => void;
}

/** The viewport's size, followed as the window changes (jsdom has no layout: a fixed size there). */
function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return { width: size.width || 800, height: size.height || 600 };
}

export function SheetViewport({ sheet, pins, selected, onOpenPin, onPlace, mayMove, onMovePin }: SheetViewportProps): React.ReactElement {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const pinBox = useRef<HTMLDivElement>(null);
  const { width: cw, height: ch } = useBoxSize(box);
  const largura = sheet.largura || DEFAULT_SIZE.largura;
  const altura = sheet.altura || DEFAULT_SIZE.altura;
  const k = Math.min(cw / largura, ch / altura);
  const width = Math.round(largura * k);
  const height = Math.round(altura * k);
  const size = useRef({ width, height });
  size.current = { width, height };
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => {
    setDrawn(true);
    releaseEarlySheet();
  }, []);

  // The view, written to the DOM (no render): the page's stage is scaled, the pins' boxes follow it
  // (pin-layer.tsx: scaled as pictures while a gesture lasts, laid out again at rest).
  const gesture = useRef(false);
  const pinBoxes = useMemo(() => pinBoxPainter(() => pinBox.current?.firstElementChild), []);
  useEffect(() => () => pinBoxes.stop(), [pinBoxes]);
  const paint = useCallback(
    (v: View) => {
      const { width: w, height: h } = size.current;
      if (stage.current) stage.current.style.transform = `translate(${v.x}px, ${v.y}px) scale(${v.s})`;
      pinBoxes.paint(v, w, h, gesture.current);
    },
    [pinBoxes],
  );
  // While a gesture moves the sheet, its page is one picture the compositor moves and scales (no
  // repaint of the canvas per frame); when it ends (usePanZoom paints the view again) the page is
  // painted again, sharp, at the new zoom, and the pins are laid out at it.
  const active = useCallback((on: boolean) => {
    if (stage.current) stage.current.style.willChange = on ? 'transform' : '';
    gesture.current = on;
  }, []);
  const { current, zoomBy, fit, moved, handlers } = usePanZoom(box, paint, active);
  // The sheet's size on screen changes with the window, new pins come: the same view painted again.
  useLayoutEffect(() => paint(current()), [paint, current, width, height, pins]);

  // On the viewport, not the page: with the pointer captured, the browser sends the tap's click there.
  const place = (e: React.MouseEvent) => {
    if (!onPlace || moved() || !stage.current || (e.target as HTMLElement).closest('button')) return;
    const p = pointOnSheet(e.clientX, e.clientY, stage.current.getBoundingClientRect());
    if (p) onPlace(p);
  };
  const sheetRect = useCallback(() => stage.current?.getBoundingClientRect(), []);
  // A pan that starts on a pin ends with a click on it (the pin moved with the sheet): not an open.
  const openPin = useCallback((p: PinoDaFolha) => (moved() ? undefined : onOpenPin(p)), [moved, onOpenPin]);

  // Keyboard: + and − zoom, 0 fits; in "Novo item aqui", Enter places the item at the centre of the view.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === '+' || e.key === '=') zoomBy(1.4);
    else if (e.key === '-') zoomBy(1 / 1.4);
    else if (e.key === '0') fit();
    else if (e.key === 'Enter' && onPlace && stage.current && box.current) {
      const b = box.current.getBoundingClientRect();
      const r = stage.current.getBoundingClientRect();
      const p = pointOnSheet(b.left + b.width / 2, b.top + b.height / 2, r);
      if (p) onPlace(p);
    } else return;
    e.preventDefault();
  };

  return (
    <div
      ref={box}
      {...handlers}
      onClick={place}
      onKeyDown={onKeyDown}
      tabIndex={0}
      aria-description={
        onPlace ? 'Toque na folha ou tecle Enter para criar o item no centro da vista.' : 'Use + e − para aproximar e afastar e 0 para ajustar.'
      }
      role="region"
      aria-label={`Folha ${sheet.codigo}`}
      style={{
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        minHeight: 320,
        background: '#e9ecef',
        touchAction: 'none',
        cursor: onPlace ? 'crosshair' : 'grab',
        userSelect: 'none',
      }}
    >
      <div
        ref={stage}
        data-testid="planta-folha"
        style={{
          position: 'absolute',
          left: (cw - width) / 2,
          top: (ch - height) / 2,
          width,
          height,
          transformOrigin: '0 0',
          boxShadow: '0 1px 6px rgba(0,0,0,.25)',
        }}
      >
        <SheetPreview sheet={sheet} drawn={drawn} />
        {sheet.arquivo ? (
          <PdfPageCanvas url={sheetPdfUrl(sheet.arquivo.url)} pagina={sheet.pagina ?? 1} width={width} height={height} onDrawn={onDrawn} />
        ) : null}
      </div>
      {/* The pins over the sheet, not inside its scaled stage: boxes of the zoomed sheet's size (so a pin
          placed in percent follows the zoom and keeps its own size), their size and place painted, never
          rendered (pin-layer.tsx). */}
      <div ref={pinBox} style={{ position: 'absolute', left: (cw - width) / 2, top: (ch - height) / 2, pointerEvents: 'none' }}>
        <PinLayer pins={pins} selected={selected} onOpenPin={openPin} mayMove={mayMove} onMovePin={onMovePin} sheetRect={sheetRect} />
      </div>
      <Space direction="vertical" size={4} style={{ position: 'absolute', right: 12, bottom: 12 }}>
        <Tooltip title="Aproximar" placement="left">
          <Button aria-label="Aproximar" icon={<ZoomInOutlined />} onClick={() => zoomBy(1.4)} />
        </Tooltip>
        <Tooltip title="Afastar" placement="left">
          <Button aria-label="Afastar" icon={<ZoomOutOutlined />} onClick={() => zoomBy(1 / 1.4)} />
        </Tooltip>
        <Tooltip title="Ajustar à tela" placement="left">
          <Button aria-label="Ajustar à tela" icon={<CompressOutlined />} onClick={fit} />
        </Tooltip>
      </Space>
    </div>
  );
}
