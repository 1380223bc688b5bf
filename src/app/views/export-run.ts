/**
 * The list's "Exportar" action: runs the .xlsx export of the list's current filters, sort and
 * columns and reports its progress in one toast of the app's toast store (the same stack as every
 * other message), which stays until the export ends and then counts down as usual. Loaded on the
 * first click, with exceljs behind it, so the list itself carries none of it.
 */
import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { toastStore, type ToastStore } from '../providers/toast-store';
import { exportXlsx } from './export-xlsx';
import { recordsText, totalText } from './list-total';

export interface ListExportOptions {
  dataProvider: DataProvider;
  schema: EntitySchema;
  fields: FieldDef[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  store?: ToastStore;
}

export async function runListExport({ dataProvider, schema, fields, filters, sorters, store = toastStore }: ListExportOptions): Promise<void> {
  const key = `exportar-${schema.resource}`;
  const previous = store.findByKey(key);
  if (previous) store.remove(previous.notifierId);
  const id = store.push({ type: 'info', title: 'Exportando para Excel', text: 'Buscando registros…', options: { key, persistent: true } });
  // A toast the person closed stays closed; the export goes on and its result is shown anew.
  const finish = (input: { type: 'success' | 'error'; title: string; text: string }) => {
    if (!store.update(id, { ...input, options: { persistent: false } }, { resetProgress: true })) store.push({ ...input, options: { key } });
  };
  try {
    const { rows, fileName } = await exportXlsx({
      dataProvider,
      schema,
      fields,
      filters,
      sorters,
      onProgress: (percent, fetched, total, kind) =>
        store.update(id, { text: `${totalText(fetched)} de ${Number.isFinite(total) ? recordsText(total, kind) : '? registros'} (${Math.round(percent)}%)` }),
    });
    finish({ type: 'success', title: 'Exportação concluída', text: `${recordsText(rows)} em ${fileName}.` });
  } catch (err) {
    finish({
      type: 'error',
      title: 'Falha na exportação',
      text: err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : String(err),
    });
  }
}
