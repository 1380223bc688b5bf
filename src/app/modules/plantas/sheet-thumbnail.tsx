/**
 * A sheet's thumbnail in the sheet list: a fixed box (the list does not move while images arrive)
 * with the sheet's page, or a neutral icon when there is none (no PDF, an unreadable one, offline
 * without a copy).
 */
import React, { useRef, useState } from 'react';
import { FileOutlined } from '@ant-design/icons';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { useSheetThumbnail } from './use-sheet-thumbnail';

/** The box: a landscape A-series sheet fills it; portrait sheets are centred in it. */
export const THUMB_BOX = { width: 72, height: 52 } as const;

const box: React.CSSProperties = {
  ...THUMB_BOX,
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  background: '#fff',
  border: '1px solid #d9d9d9',
  borderRadius: 4,
};

export function SheetThumbnail({ sheet }: { sheet: Pick<FolhaDaObra, 'id' | 'codigo' | 'pagina' | 'arquivo'> }): React.ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const state = useSheetThumbnail(sheet, ref);
  const [broken, setBroken] = useState<string>();
  const label = `Miniatura da folha ${sheet.codigo}`;
  if (state.status === 'ok' && broken !== state.src) {
    return (
      <span ref={ref} style={box}>
        <img
          src={state.src}
          alt={label}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(state.src)}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
      </span>
    );
  }
  const failed = state.status !== 'loading';
  return (
    <span
      ref={ref}
      style={{ ...box, background: '#fafafa', color: '#bfbfbf', fontSize: 22 }}
      {...(failed ? { role: 'img', 'aria-label': `${label} indisponível` } : { 'aria-hidden': true })}
    >
      {failed ? <FileOutlined aria-hidden /> : null}
    </span>
  );
}
