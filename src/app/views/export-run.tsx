/**
 * The list's "Exportar" action: runs the .xlsx export of the list's current filters, sort and
 * columns and reports its progress in a notification. Loaded on the first click, with exceljs
 * behind it, so the list itself carries none of it.
 */
import React from 'react';
import { Progress, Typography } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { exportXlsx } from './export-xlsx';
import { recordsText, totalText } from './list-total';

export interface ListExportOptions {
  notify: NotificationInstance;
  dataProvider: DataProvider;
  schema: EntitySchema;
  fields: FieldDef[];
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export async function runListExport({ notify, dataProvider, schema, fields, filters, sorters }: ListExportOptions): Promise<void> {
  const key = `exportar-${schema.resource}`;
  const show = (percent: number, text: string) =>
    notify.open({
      key,
      message: 'Exportando para Excel',
      description: (
        <div>
          <Typography.Text>{text}</Typography.Text>
          <Progress percent={percent} size="small" />
        </div>
      ),
      duration: 0,
      placement: 'bottomRight',
    });
  show(0, 'Buscando registros…');
  try {
    const { rows, fileName } = await exportXlsx({
      dataProvider,
      schema,
      fields,
      filters,
      sorters,
      onProgress: (percent, fetched, total, kind) =>
        show(percent, `${totalText(fetched)} de ${Number.isFinite(total) ? recordsText(total, kind) : '? registros'}`),
    });
    notify.success({ key, message: 'Exportação concluída', description: `${recordsText(rows)} em ${fileName}.`, placement: 'bottomRight' });
  } catch (err) {
    notify.error({
      key,
      message: 'Falha na exportação',
      description: err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : String(err),
      placement: 'bottomRight',
    });
  }
}
