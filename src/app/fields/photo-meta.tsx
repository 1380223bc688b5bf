/**
 * When and where a photo was taken (`tiradaEm`, `latitude`, `longitude` of a stored file): the
 * "Tirada em …" caption and a "Ver no mapa" link to OpenStreetMap.
 */
import React from 'react';
import { Typography } from 'antd';
import { formatDateTime } from '../format';

export interface PhotoMeta {
  tiradaEm?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** "Tirada em 01/03/2026 14:30" (browser time zone), or '' when unknown. */
export function takenLabel(p: PhotoMeta): string {
  return p.tiradaEm ? `Tirada em ${formatDateTime(p.tiradaEm)}` : '';
}

/** The OpenStreetMap address of the photo's position, when it has one. */
export function mapUrl(p: PhotoMeta): string | undefined {
  const { latitude: lat, longitude: lon } = p;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** The image's title: its name and, when known, when it was taken. */
export const photoTitle = (name: string, p: PhotoMeta) => [name, takenLabel(p)].filter(Boolean).join(' · ');

export function MapLink({ photo, name }: { photo: PhotoMeta; name: string }): React.ReactElement | null {
  const href = mapUrl(photo);
  if (!href) return null;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }} aria-label={`Ver no mapa onde a foto ${name} foi tirada`}>
      Ver no mapa
    </Typography.Link>
  );
}
