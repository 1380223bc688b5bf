/**
 * Whether the photos a person sends keep the position they were taken at (issue 26: only when the
 * person allows). Off by default; the choice is kept on the device and shared by every photo field.
 */
import React, { useEffect, useState } from 'react';
import { Checkbox } from 'antd';

const KEY = 'fotosComLocalizacao';
const listeners = new Set<(v: boolean) => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'sim';
  } catch {
    return false;
  }
}

function write(v: boolean): void {
  try {
    if (v) localStorage.setItem(KEY, 'sim');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  listeners.forEach((l) => l(v));
}

export function usePhotoPosition(): [boolean, (v: boolean) => void] {
  const [value, setValue] = useState(read);
  useEffect(() => {
    listeners.add(setValue);
    return () => void listeners.delete(setValue);
  }, []);
  return [value, write];
}

export function PhotoPositionSwitch(): React.ReactElement {
  const [value, set] = usePhotoPosition();
  return (
    <Checkbox checked={value} onChange={(e) => set(e.target.checked)} style={{ marginTop: 8 }}>
      Incluir a localização em que as fotos foram tiradas
    </Checkbox>
  );
}
