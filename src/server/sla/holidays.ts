/**
 * National holidays of Brazil from the `date-holidays` package (country 'BR').
 *
 * Only what the library marks `public` counts: New Year, Good Friday, Tiradentes, Labour Day,
 * Independence, Aparecida, All Souls, the Republic, Black Consciousness (national since 2024),
 * Christmas, and the election Sundays. Carnaval Monday/Tuesday and Corpus Christi are `bank`
 * (optional points in most companies), Ash Wednesday and the half-day eves `optional`: they are
 * not holidays here; an administrator adds them as company holidays (`feriado`, abrangência
 * 'Empresa') when the company stops on them.
 */
import Holidays from 'date-holidays';

export interface NationalHoliday {
  /** 'YYYY-MM-DD', local date. */
  date: string;
  /** pt-BR name as the library gives it ('Dia de Tiradentes'). */
  name: string;
}

let lib: Holidays | null = null;
const byYear = new Map<number, NationalHoliday[]>();

/** The public national holidays of a year, sorted by date (cached per year). */
export function nationalHolidays(year: number): NationalHoliday[] {
  let list = byYear.get(year);
  if (!list) {
    lib ??= new Holidays('BR', { languages: ['pt'], types: ['public'] });
    const seen = new Set<string>();
    list = [];
    for (const h of lib.getHolidays(year, 'pt')) {
      const date = h.date.slice(0, 10);
      if (h.type !== 'public' || seen.has(date)) continue;
      seen.add(date);
      list.push({ date, name: h.name });
    }
    list.sort((a, b) => a.date.localeCompare(b.date));
    byYear.set(year, list);
  }
  return list;
}

/** Is this local date ('YYYY-MM-DD') a public national holiday? */
export function isNationalHoliday(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4));
  if (!Number.isInteger(year)) return false;
  return nationalHolidays(year).some((h) => h.date === isoDate);
}
