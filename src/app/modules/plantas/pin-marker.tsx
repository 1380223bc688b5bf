/**
 * A pin on the sheet: a round button at its (x, y), with the icon of its kind and the colour of its
 * state; overdue pins get a red ring and "!" and pins whose sheet got a new revision a warning badge.
 * Its accessible name says what it is, so the pins can be reached and read without the drawing.
 * A flagged pin the person may change can be dragged to its new place (pin-drag.ts).
 */
import React from 'react';
import { theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { usePinDrag, type PinDragOptions } from './pin-drag';
import { FALLBACK_ICON, PIN_ICON_DEFS, PIN_ICON_PX, pinIconUrl } from './pin-icons';

/** A pin's diameter in CSS pixels. */
const PIN_PX = 32;

/** The pin's accessible name ("Item de verificação 12: Chumbador faltando, Aberto, atrasado"). */
export function pinLabel(p: PinoDaFolha): string {
  const parts = [`${p.tipo}${p.codigo ? ` ${p.codigo}` : ''}: ${p.titulo}`];
  if (p.estado) parts.push(p.estado.rotulo);
  if (p.atrasado) parts.push('atrasado');
  if (p.revisaoMudou) parts.push('posição a confirmar');
  return parts.join(', ');
}

/** The state's colour: an antd preset name (`red`, `gold`…) or a CSS colour. */
export function useStateColour(): (cor: string | undefined) => string {
  const { token } = theme.useToken();
  return (cor) =>
    cor && typeof (token as unknown as Record<string, unknown>)[cor] === 'string'
      ? String((token as unknown as Record<string, string>)[cor])
      : cor || token.colorPrimary;
}

export interface PinMarkerProps {
  pin: PinoDaFolha;
  selected: boolean;
  onOpen: (pin: PinoDaFolha) => void;
  /** Set when the pin can be dragged to a new place (flagged, and the person may change it). */
  drag?: PinDragOptions;
}

export function PinMarker({ pin, selected, onOpen, drag }: PinMarkerProps): React.ReactElement {
  const colour = useStateColour()(pin.estado?.cor);
  const { point, endedDrag, handlers } = usePinDrag(drag);
  const at = point ?? pin;
  // The icon of its kind: a bitmap background (pin-icons.ts), or the antd icon element without a canvas.
  const icon = pinIconUrl(pin.recurso);
  return (
    <button
      type="button"
      className="planta-pin"
      aria-label={pinLabel(pin)}
      aria-pressed={selected}
      aria-description={drag ? 'Arraste o pino até o lugar certo para confirmar a nova posição.' : undefined}
      title={pinLabel(pin)}
      data-chave={pin.chave}
      data-arrastando={point ? 'true' : undefined}
      {...handlers}
      onClick={(e) => {
        e.stopPropagation();
        if (!endedDrag()) onOpen(pin);
      }}
      style={{
        position: 'absolute',
        left: `${at.x * 100}%`,
        top: `${at.y * 100}%`,
        // Over the zoomed sheet's box, not inside its scaled stage (sheet-viewport.tsx): its size stays.
        // Centred by margins, not a transform: 500 transforms are 500 nodes the compositor walks on every
        // frame of a gesture (`npm run bench:plantas`).
        width: PIN_PX,
        height: PIN_PX,
        margin: -PIN_PX / 2,
        borderRadius: '50%',
        border: pin.atrasado ? '3px solid #cf1322' : '2px solid #fff',
        outline: selected ? '3px solid #1677ff' : undefined,
        background: icon ? `${colour} url(${icon}) center / ${PIN_ICON_PX}px no-repeat` : colour,
        color: '#fff',
        fontSize: 16,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        boxShadow: '0 1px 4px rgba(0,0,0,.45)',
        cursor: drag ? 'move' : 'pointer',
        padding: 0,
        // The sheet's own gestures: a finger that lands on a pin still pans and pinches the sheet.
        touchAction: 'none',
        pointerEvents: 'auto', // its layer lets taps through to the sheet (pin-layer.tsx)
        zIndex: point ? 2 : undefined,
        opacity: point ? 0.85 : undefined,
      }}
    >
      {icon ? null : <AntdIcon icon={PIN_ICON_DEFS[pin.recurso] ?? FALLBACK_ICON} />}
      {pin.atrasado ? (
        <span
          aria-hidden
          style={{ position: 'absolute', top: -8, right: -8, background: '#cf1322', borderRadius: 8, fontSize: 11, lineHeight: '16px', minWidth: 16 }}
        >
          !
        </span>
      ) : null}
      {pin.revisaoMudou ? <WarningFilled aria-hidden style={{ position: 'absolute', bottom: -8, right: -8, color: '#faad14', fontSize: 14 }} /> : null}
    </button>
  );
}
