/** Date kinds: `date` (yyyy-mm-dd, no zone) and `datetime` (ISO 8601 instant). */
import React from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate, formatDateTime } from '../../format';
import { formatValue } from '../format-value';
import type { ExcelCell, FieldDisplayProps, FieldKindApp, ValueAdapters } from './types';

function DateDisplay({ field, value }: FieldDisplayProps): React.ReactElement {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatValue(field, value)}</span>;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

const dateAdapters = (): ValueAdapters => ({
  getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v).slice(0, 10)) : null }),
  normalize: (d: Dayjs | null | undefined) => (d && dayjs.isDayjs(d) ? d.format('YYYY-MM-DD') : null),
});

const dateTimeAdapters = (): ValueAdapters => ({
  getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : null }),
  normalize: (d: Dayjs | null | undefined) => (d && dayjs.isDayjs(d) ? d.toISOString() : null),
});

export const date: FieldKindApp = {
  Input: { widget: 'DateInput', adapters: dateAdapters },
  Display: DateDisplay,
  Filter: { family: 'range', dropdown: 'DateRangeFilter' },
  exportCell: (_field, value): ExcelCell => {
    const m = DATE_ONLY.exec(String(value));
    // Excel dates carry no zone: write the calendar date at UTC midnight.
    return m ? { value: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])), numFmt: 'dd/mm/yyyy' } : { value: String(value) };
  },
  format: (_field, value) => formatDate(value),
  fromText: (_field, t) => t,
};

export const datetime: FieldKindApp = {
  Input: { widget: 'DateTimeInput', adapters: dateTimeAdapters },
  Display: DateDisplay,
  Filter: { family: 'range', dropdown: 'DateTimeRangeFilter' },
  exportCell: (_field, value): ExcelCell => {
    const d = new Date(String(value));
    if (Number.isNaN(d.getTime())) return { value: String(value) };
    // Shift to the local wall-clock time, since Excel has no time zones.
    const local = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()));
    return { value: local, numFmt: 'dd/mm/yyyy hh:mm' };
  },
  format: (_field, value) => formatDateTime(value),
  fromText: (_field, t) => t,
};
