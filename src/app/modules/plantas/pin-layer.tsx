/**
 * The pins over the sheet. Memoised, with props that do not change while the sheet is panned or
 * zoomed: each frame of a gesture then changes the size of the box they sit in (sheet-viewport.tsx),
 * not 500 pin components nor their styles (`npm run bench:plantas`).
 */
import React, { memo } from 'react';
import type { PinoDaFolha } from '../../../../resources/plantas';
import { PinMarker } from './pin-marker';
import type { SheetPoint } from './pin-drag';

export interface PinLayerProps {
  pins: PinoDaFolha[];
  selected?: string;
  onOpenPin: (pin: PinoDaFolha) => void;
  mayMove?: (pin: PinoDaFolha) => boolean;
  onMovePin?: (pin: PinoDaFolha, point: SheetPoint) => void;
  sheetRect: () => DOMRect | undefined;
}

export const PinLayer = memo(function PinLayer({ pins, selected, onOpenPin, mayMove, onMovePin, sheetRect }: PinLayerProps): React.ReactElement {
  return (
    <div aria-label="Pinos da folha" role="group" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {pins.map((p) => (
        <span key={p.chave} style={{ pointerEvents: 'auto' }}>
          <PinMarker
            pin={p}
            selected={p.chave === selected}
            onOpen={onOpenPin}
            drag={onMovePin && p.revisaoMudou && mayMove?.(p) ? { sheetRect, onDrop: (point) => onMovePin(p, point) } : undefined}
          />
        </span>
      ))}
    </div>
  );
});
