/** The calendar screen's working hours as text: minutes from midnight ↔ 'HH:MM'. */

/** 510 → '08:30'; 1440 → '24:00'. */
export const minutesToText = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** '8:30', '08:30', '24:00' → minutes; anything else → null. */
export function textToMinutes(text: string): number | null {
  const m = /^\s*(\d{1,2})(?::|h)?(\d{2})?\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}
