/**
 * Read-only rendering of a field value, for the show view (`mode="full"`) and list cells
 * (`mode="cell"`, compact: rows as "n itens", up to 3 thumbnails, …), dispatched over the registry
 * of field kinds (each kind's `Display`, src/app/fields/kinds/).
 */
import React from 'react';
import { Typography } from 'antd';
import { appKindOf } from './kinds/registry';
import type { FieldDisplayProps as KindDisplayProps } from './kinds/types';

export interface FieldDisplayProps extends Omit<KindDisplayProps, 'mode'> {
  mode?: 'full' | 'cell';
}

const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;

/** null, undefined, '' and []: shown as "—". */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export function FieldDisplay({ field, value, mode = 'full' }: FieldDisplayProps): React.ReactElement {
  if (isEmptyValue(value)) return EMPTY;
  const { Display } = appKindOf(field);
  return <Display field={field} value={value} mode={mode} />;
}
