/**
 * The photo markup editor (issue 42), loaded only when "Marcar foto" is used: the photo with a
 * canvas over it, driven by pointer events (finger, pen and mouse; `touch-action: none` keeps the
 * page still while drawing). Tools: arrow, circle, rectangle, freehand line and text, in five
 * colours; undo, redo, clear; "Salvar" exports the photo at its natural resolution with the drawing
 * (markup-draw.ts) and hands it out with the drawing as data.
 */
import React, { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Alert, Button, Flex, Input, Modal, Radio, Tooltip, Typography } from 'antd';
import { ClearOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { MARKUP_COLORS, MARKUP_LIMITS, type MarkupDrawing, type MarkupShape, type MarkupTool } from '../../../../schemas/shared/photo-markup';
import { Loading } from '../../ui/loading';
import { drawShapes, renderMarkedPhoto } from './markup-draw';

export const TOOL_LABELS: Record<MarkupTool, string> = { seta: 'Seta', circulo: 'Círculo', retangulo: 'Retângulo', livre: 'Traço livre', texto: 'Texto' };

/** A drag shorter than this (fraction of the photo) is a tap, not a shape. */
const MIN_DRAG = 0.01;
/** Freehand points closer than this are dropped. */
const MIN_STEP = 0.004;

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

export interface PhotoMarkupEditorProps {
  /** An object URL of the photo to draw on. */
  src: string;
  name: string;
  initial?: MarkupDrawing;
  onSave: (image: Blob, drawing: MarkupDrawing) => Promise<void>;
  onClose: () => void;
}

/** Undo history: each change adds a list of shapes; undo and redo move along it. */
function useHistory(initial: MarkupShape[]) {
  const [h, setH] = useState({ states: [initial], at: 0 });
  const shapes = h.states[h.at]!;
  const push = (next: MarkupShape[]) => setH((cur) => ({ states: [...cur.states.slice(0, cur.at + 1), next], at: cur.at + 1 }));
  return {
    shapes,
    push,
    canUndo: h.at > 0,
    canRedo: h.at < h.states.length - 1,
    undo: () => setH((cur) => ({ ...cur, at: Math.max(0, cur.at - 1) })),
    redo: () => setH((cur) => ({ ...cur, at: Math.min(cur.states.length - 1, cur.at + 1) })),
  };
}

export default function PhotoMarkupEditor({ src, name, initial, onSave, onClose }: PhotoMarkupEditorProps): React.ReactElement {
  const history = useHistory(initial?.formas ?? []);
  const [tool, setTool] = useState<MarkupTool>('seta');
  const [color, setColor] = useState<string>(MARKUP_COLORS[0].value);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<MarkupShape | null>(null);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointer = useRef<number | null>(null);
  // The shape being drawn, also in a ref: the events of one gesture may come before a render.
  const draftRef = useRef<MarkupShape | null>(null);
  const changeDraft = (d: MarkupShape | null) => {
    draftRef.current = d;
    setDraft(d);
  };
  const helpId = useId();

  // A turned phone or a resized window changes the overlay's size: draw it again at the new size.
  const [layout, setLayout] = useState(0);
  useEffect(() => {
    const again = () => setLayout((n) => n + 1);
    window.addEventListener('resize', again);
    return () => window.removeEventListener('resize', again);
  }, []);

  // Redraw the overlay at the screen's resolution whenever the shapes change.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !ready) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    canvas.height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawShapes(ctx, draft ? [...history.shapes, draft] : history.shapes, canvas.width, canvas.height);
  }, [history.shapes, draft, ready, layout]);

  /** The pointer's position over the photo, 0–1. */
  const pointOf = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [round(((e.clientX || 0) - rect.left) / (rect.width || 1)), round(((e.clientY || 0) - rect.top) / (rect.height || 1))];
  };

  const full = history.shapes.length >= MARKUP_LIMITS.shapes;

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (saving || pointer.current !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    setError(null);
    if (full) return setError(`O desenho já tem ${MARKUP_LIMITS.shapes} formas, o máximo: desfaça ou limpe para continuar.`);
    const p = pointOf(e);
    if (tool === 'texto') {
      const t = text.trim();
      if (!t) return setError('Escreva o texto no campo "Texto a colocar" e toque na foto onde ele deve ficar.');
      history.push([...history.shapes, { tipo: 'texto', cor: color, pontos: [p], texto: t.slice(0, MARKUP_LIMITS.text) }]);
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointer.current = e.pointerId;
    changeDraft({ tipo: tool, cor: color, pontos: tool === 'livre' ? [p] : [p, p] });
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== e.pointerId) return;
    e.preventDefault();
    const p = pointOf(e);
    const d = draftRef.current;
    if (!d) return;
    if (d.tipo !== 'livre') return changeDraft({ ...d, pontos: [d.pontos[0]!, p] });
    const last = d.pontos[d.pontos.length - 1]!;
    if (d.pontos.length >= MARKUP_LIMITS.freehandPoints || Math.hypot(p[0] - last[0], p[1] - last[1]) < MIN_STEP) return;
    changeDraft({ ...d, pontos: [...d.pontos, p] });
  };

  const onPointerEnd = (e: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== e.pointerId) return;
    pointer.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    const d = draftRef.current;
    changeDraft(null);
    if (!d) return;
    const [a, b] = [d.pontos[0]!, d.pontos[d.pontos.length - 1]!];
    const long = d.tipo === 'livre' ? d.pontos.length >= 2 : Math.hypot(b[0] - a[0], b[1] - a[1]) >= MIN_DRAG;
    if (long) history.push([...history.shapes, d]);
  };

  const save = async () => {
    if (!history.shapes.length) return setError('Desenhe ao menos uma forma antes de salvar.');
    if (!imgRef.current) return;
    setSaving(true);
    setError(null);
    try {
      const drawing: MarkupDrawing = { formas: history.shapes };
      await onSave(await renderMarkedPhoto(imgRef.current, drawing), drawing);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Não foi possível salvar a foto marcada.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`Marcar foto: ${name}`}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      width={960}
      style={{ top: 8, maxWidth: 'calc(100vw - 16px)' }}
      footer={[
        <Button key="cancelar" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>,
        <Button key="salvar" type="primary" onClick={() => void save()} loading={saving} disabled={!ready}>
          Salvar
        </Button>,
      ]}
    >
      <Flex vertical gap={8}>
        <Radio.Group
          aria-label="Ferramenta"
          optionType="button"
          value={tool}
          onChange={(e) => setTool(e.target.value as MarkupTool)}
          options={Object.entries(TOOL_LABELS).map(([value, label]) => ({ value, label }))}
          style={{ display: 'flex', flexWrap: 'wrap' }}
        />
        <Flex gap={8} wrap align="center">
          <Radio.Group aria-label="Cor" value={color} onChange={(e) => setColor(e.target.value as string)} style={{ display: 'flex', gap: 6 }}>
            {MARKUP_COLORS.map((c) => (
              <Tooltip key={c.value} title={c.label}>
                <Radio.Button value={c.value} aria-label={`Cor ${c.label.toLowerCase()}`} style={{ padding: 0, width: 36 }}>
                  <span aria-hidden style={{ display: 'inline-block', width: 20, height: 20, marginTop: 5, borderRadius: 10, background: c.value }} />
                </Radio.Button>
              </Tooltip>
            ))}
          </Radio.Group>
          <Button icon={<UndoOutlined />} onClick={history.undo} disabled={!history.canUndo || saving}>
            Desfazer
          </Button>
          <Button icon={<RedoOutlined />} onClick={history.redo} disabled={!history.canRedo || saving}>
            Refazer
          </Button>
          <Button icon={<ClearOutlined />} onClick={() => history.push([])} disabled={!history.shapes.length || saving}>
            Limpar
          </Button>
        </Flex>
        {tool === 'texto' ? (
          <Input
            aria-label="Texto a colocar"
            placeholder="Texto a colocar (toque na foto onde ele deve ficar)"
            maxLength={MARKUP_LIMITS.text}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        ) : null}
        <Typography.Text id={helpId} type="secondary">
          Desenhe sobre a foto com o dedo, uma caneta ou o mouse. A foto original não é alterada: a marcada é guardada ao lado dela.
        </Typography.Text>
        {error ? <Alert type="warning" showIcon message={error} role="alert" /> : null}
        <div style={{ textAlign: 'center' }}>
          <div style={{ position: 'relative', display: 'inline-block', maxWidth: '100%' }}>
            <img
              ref={imgRef}
              src={src}
              alt={name}
              draggable={false}
              onLoad={() => setReady(true)}
              onError={() => setError('Não foi possível abrir a foto.')}
              style={{ display: 'block', maxWidth: '100%', maxHeight: '65vh', userSelect: 'none' }}
            />
            <canvas
              ref={canvasRef}
              role="img"
              aria-label={`Desenho sobre a foto: ${history.shapes.length} ${history.shapes.length === 1 ? 'forma' : 'formas'}`}
              aria-describedby={helpId}
              data-testid="marcacao-quadro"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none', cursor: 'crosshair' }}
            />
            {!ready ? <Loading label="Abrindo a foto" style={{ position: 'absolute', top: '45%', left: '45%' }} /> : null}
          </div>
        </div>
      </Flex>
    </Modal>
  );
}
