/**
 * The sheet on screen: its PDF page (pdf-page-canvas.tsx) with the pins over it, zoomed and panned
 * (use-pan-zoom.ts: a gesture writes the view to the DOM, `paint` below, and renders nothing), with a
 * blurred first pass while the page is drawn (sheet-preview.tsx) and the zoom buttons (+, −, Ajustar).
 * In "Novo item aqui" mode a tap on the sheet hands its point (0–1 of the sheet's width and height) to
 * `onPlace` ("Novo item aqui" and "Fixar registro aqui"); a pin that `mayMove` can be dragged and its
 * drop point goes to `onMovePin`.
 */
import React, { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { PdfPageCanvas } from './pdf-page-canvas';
import { PinLayer } from './pin-layer';
import { pointOnSheet, type SheetPoint } from './pin-drag';
import { usePanZoom, type View } from './use-pan-zoom';
import { SheetPreview } from './sheet-preview';
import { sheetPdfUrl } from './sheet-cache';

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
  const onDrawn = useCallback(() => setDrawn(true), []);

  // The view, written to the DOM (no render): the page's stage is scaled, the pins' box takes the
  // zoomed sheet's size, so the pins placed in percent follow the zoom and keep their own size.
  const paint = useCallback((v: View) => {
    const { width: w, height: h } = size.current;
    if (stage.current) stage.current.style.transform = `translate(${v.x}px, ${v.y}px) scale(${v.s})`;
    const pb = pinBox.current?.style;
    if (pb) {
      pb.width = `${w * v.s}px`;
      pb.height = `${h * v.s}px`;
      pb.transform = `translate(${v.x}px, ${v.y}px)`;
    }
  }, []);
  // While a gesture moves the sheet, its page is one picture the compositor moves and scales (no
  // repaint of the canvas per frame); when it ends the page is painted again, sharp, at the new zoom.
  const active = useCallback((on: boolean) => {
    if (stage.current) stage.current.style.willChange = on ? 'transform' : '';
  }, []);
  const { current, zoomBy, fit, moved, handlers } = usePanZoom(box, paint, active);
  // The sheet's size on screen changes with the window: the same view painted at the new size.
  useLayoutEffect(() => paint(current()), [paint, current, width, height]);

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
      {/* The pins over the sheet, not inside its scaled stage: a box of the zoomed sheet's size, so a pin
          placed in percent follows the zoom and keeps its own size, and a frame of a gesture lays out 500
          pins without restyling them. Its size and place are painted (`paint`), never rendered. */}
      <div
        ref={pinBox}
        style={{
          position: 'absolute',
          left: (cw - width) / 2,
          top: (ch - height) / 2,
          willChange: 'transform',
          pointerEvents: 'none',
        }}
      >
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
