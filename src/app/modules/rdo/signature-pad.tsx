/**
 * A drawn-signature pad: a <canvas> driven by pointer events (finger, pen and mouse alike;
 * `touch-action: none` keeps the page from scrolling while drawing). Each finished stroke hands the
 * drawing out as a PNG data URL scaled to at most 600×200; "Limpar" erases it (null).
 */
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';

/** Largest size of the exported image (the report's PDF prints it small). */
export const SIGNATURE_MAX = { width: 600, height: 200 } as const;
/** A stroke shorter than this (CSS px) is a tap, not a signature. */
const MIN_STROKE = 3;
const PAD_HEIGHT = 180;

/** The canvas as a PNG data URL, scaled down (never up) to fit SIGNATURE_MAX. */
export function exportSignature(canvas: HTMLCanvasElement): string {
  const scale = Math.min(1, SIGNATURE_MAX.width / (canvas.width || 1), SIGNATURE_MAX.height / (canvas.height || 1));
  if (scale >= 1) return canvas.toDataURL('image/png');
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(canvas.width * scale));
  out.height = Math.max(1, Math.round(canvas.height * scale));
  out.getContext('2d')?.drawImage(canvas, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

interface Stroke {
  pointerId: number;
  x: number;
  y: number;
  length: number;
}

export function SignaturePad({ onChange, disabled = false }: { onChange: (dataUrl: string | null) => void; disabled?: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<Stroke | null>(null);
  const [hasInk, setHasInk] = useState(false);
  const instructionsId = useId();

  /** Sizes the drawing surface to the element's CSS size × the screen's pixel ratio (erases it). */
  const fit = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round((canvas.clientWidth || SIGNATURE_MAX.width) * ratio);
    canvas.height = Math.round((canvas.clientHeight || PAD_HEIGHT) * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1f1f1f';
  }, []);

  useEffect(fit, [fit]);

  /** The pointer's position in the canvas' CSS pixels (undoing any transform, e.g. the modal's zoom). */
  const pointOf = (e: PointerEvent<HTMLCanvasElement>) => {
    const canvas = e.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const sx = rect.width > 0 ? canvas.clientWidth / rect.width : 1;
    const sy = rect.height > 0 ? canvas.clientHeight / rect.height : 1;
    return { x: ((e.clientX || 0) - rect.left) * sx, y: ((e.clientY || 0) - rect.top) * sy };
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || stroke.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    const canvas = e.currentTarget;
    // The modal may have been laid out after mount: re-fit an empty pad to its real size.
    if (!hasInk && canvas.width !== Math.round(canvas.clientWidth * (window.devicePixelRatio || 1)) && canvas.clientWidth > 0) fit();
    canvas.setPointerCapture?.(e.pointerId);
    const { x, y } = pointOf(e);
    stroke.current = { pointerId: e.pointerId, x, y, length: 0 };
    const ctx = canvas.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(x, y);
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const s = stroke.current;
    if (!s || s.pointerId !== e.pointerId) return;
    e.preventDefault();
    const { x, y } = pointOf(e);
    const ctx = e.currentTarget.getContext('2d');
    ctx?.lineTo(x, y);
    ctx?.stroke();
    s.length += Math.hypot(x - s.x, y - s.y);
    s.x = x;
    s.y = y;
  };

  const onPointerEnd = (e: PointerEvent<HTMLCanvasElement>) => {
    const s = stroke.current;
    if (!s || s.pointerId !== e.pointerId) return;
    stroke.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    if (s.length < MIN_STROKE && !hasInk) return;
    setHasInk(true);
    onChange(exportSignature(e.currentTarget));
  };

  const clear = () => {
    stroke.current = null;
    fit();
    setHasInk(false);
    onChange(null);
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Text id={instructionsId} type="secondary">
        Desenhe sua assinatura no quadro abaixo com o dedo, uma caneta ou o mouse. Sem tela de toque ou mouse, use “Confirmar com meu login”.
      </Typography.Text>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Quadro para desenhar a assinatura"
        aria-describedby={instructionsId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={{
          display: 'block',
          width: '100%',
          height: PAD_HEIGHT,
          touchAction: 'none',
          userSelect: 'none',
          cursor: disabled ? 'not-allowed' : 'crosshair',
          background: '#fff',
          border: '1px dashed #8c8c8c',
          borderRadius: 8,
        }}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" aria-live="polite">
          {hasInk ? 'Assinatura desenhada.' : 'Nenhuma assinatura desenhada.'}
        </Typography.Text>
        <Button icon={<ClearOutlined />} onClick={clear} disabled={disabled || !hasInk}>
          Limpar
        </Button>
      </Flex>
    </Flex>
  );
}
