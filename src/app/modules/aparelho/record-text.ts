/** A record kept on the device as plain text ("Copiar texto" of a refused record): one line per filled field. */
import type { EntitySchema } from '../../../../schemas/kinds';
import { editableFields } from '../../fields/options';
import { formatValue } from '../../fields/format-value';
import type { DeviceRecord } from '../../offline/device-db';

function text(value: unknown, formatted: string): string {
  if (formatted) return formatted;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function recordAsText(schema: EntitySchema, rec: Pick<DeviceRecord, 'title' | 'reason' | 'values'>): string {
  const lines = [rec.title];
  if (rec.reason) lines.push(`Motivo da recusa: ${rec.reason}`);
  for (const f of editableFields(schema)) {
    const v = rec.values[f.name];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    lines.push(`${f.label}: ${text(v, formatValue(f, v))}`);
  }
  return lines.join('\n');
}
