/**
 * When and where a photo was taken, as sent with its upload (`tiradaEm`, `latitude`, `longitude`,
 * read on the device from the photo's EXIF) and kept in a record's `images`/`attachments` value.
 */

export interface PhotoMeta {
  tiradaEm?: string;
  latitude?: number;
  longitude?: number;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PHOTO_META_MESSAGES = {
  tiradaEm: 'Informe a data e hora em que a foto foi tirada no formato ISO 8601 (ex.: 2026-03-01T14:30:00Z).',
  future: 'A data em que a foto foi tirada não pode estar no futuro.',
  latitude: 'Informe a latitude como um número entre -90 e 90.',
  longitude: 'Informe a longitude como um número entre -180 e 180.',
  pair: 'Informe a latitude e a longitude juntas.',
} as const;

/** The calendar day exists (`Date.parse` takes 2026-02-30 as 2026-03-02) and the time is in range. */
function realDay(iso: string): boolean {
  const [y, m, d, h, min] = iso.split(/[-T:]/).map((x) => parseInt(x, 10)) as [number, number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d && m >= 1 && m <= 12 && h <= 23 && min <= 59;
}

function number(raw: unknown, bound: number): number | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= bound ? n : null;
}

/**
 * Checks the photo metadata of an upload's form fields or of a stored file value: the values to
 * keep, and the per-field pt-BR errors (a date-time more than a day ahead of `now` is refused).
 */
export function checkPhotoMeta(raw: Record<string, unknown>, now = Date.now()): { value: PhotoMeta; errors: Record<string, string[]> } {
  const value: PhotoMeta = {};
  const errors: Record<string, string[]> = {};
  const t = raw.tiradaEm;
  if (t !== undefined && t !== null && t !== '') {
    const ms = typeof t === 'string' && ISO_DATE_TIME.test(t.trim()) && realDay(t.trim()) ? Date.parse(t.trim()) : NaN;
    if (!Number.isFinite(ms) || ms < Date.UTC(1900, 0, 1)) errors.tiradaEm = [PHOTO_META_MESSAGES.tiradaEm];
    else if (ms > now + DAY_MS) errors.tiradaEm = [PHOTO_META_MESSAGES.future];
    else value.tiradaEm = new Date(ms).toISOString();
  }
  const lat = number(raw.latitude, 90);
  const lon = number(raw.longitude, 180);
  if (lat === null) errors.latitude = [PHOTO_META_MESSAGES.latitude];
  if (lon === null) errors.longitude = [PHOTO_META_MESSAGES.longitude];
  if (lat !== null && lon !== null) {
    if (lat === undefined && lon !== undefined) errors.latitude = [PHOTO_META_MESSAGES.pair];
    else if (lon === undefined && lat !== undefined) errors.longitude = [PHOTO_META_MESSAGES.pair];
    else if (lat !== undefined && lon !== undefined) Object.assign(value, { latitude: lat, longitude: lon });
  }
  return { value, errors };
}
