/** Text kinds: one line (`text`), several lines (`longtext`), `email`, and one of `options` (`enum`). */
import React from 'react';
import { Tag, Typography } from 'antd';
import { optionLabel } from '../../../../schemas/option-labels';
import { formatCnpj } from '../../../../schemas/shared/cnpj';
import { EllipsisText } from '../ellipsis-text';
import { TextDisplay, plainText, textCell } from './common';
import type { FieldDef } from '../../../../schemas/kinds';
import type { FieldDisplayProps, FieldKindApp, FormatField, KindFilter } from './types';

const LIKE: KindFilter = { family: 'like', dropdown: 'LikeFilter' };
const asText = (_field: FieldDef, t: string): string => t;

/** A CNPJ (`format: 'cnpj'`) reads 00.000.000/0000-00. */
export const textOrCnpj = (field: FormatField, value: unknown): string =>
  field.format === 'cnpj' && typeof value === 'string' ? formatCnpj(value) : plainText(field, value);

export const text: FieldKindApp = {
  Input: { widget: 'TextInput' },
  Display: TextDisplay,
  Filter: LIKE,
  exportCell: textCell,
  format: textOrCnpj,
  fromText: asText,
};

function LongTextDisplay({ value, mode }: FieldDisplayProps): React.ReactElement {
  return mode === 'cell' ? (
    <EllipsisText text={String(value)} style={{ maxWidth: 320 }} />
  ) : (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{String(value)}</Typography.Paragraph>
  );
}

export const longtext: FieldKindApp = {
  Input: { widget: 'LongTextInput' },
  Display: LongTextDisplay,
  Filter: LIKE,
  exportCell: textCell,
  format: plainText,
  fromText: asText,
};

function EmailDisplay({ value }: FieldDisplayProps): React.ReactElement {
  return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
}

export const email: FieldKindApp = {
  Input: { widget: 'EmailInput' },
  Display: EmailDisplay,
  Filter: LIKE,
  exportCell: textCell,
  format: plainText,
  fromText: asText,
};

function EnumDisplay({ field, value, mode }: FieldDisplayProps): React.ReactElement {
  return mode === 'cell' ? <span>{optionLabel(field, value)}</span> : <Tag>{optionLabel(field, value)}</Tag>;
}

export const enumKind: FieldKindApp = {
  Input: { widget: 'EnumInput' },
  Display: EnumDisplay,
  Filter: { family: 'in', dropdown: 'InFilter' },
  exportCell: textCell,
  format: (field, value) => optionLabel(field, value),
  fromText: (field, t) => (!field.options || field.options.includes(t) ? t : undefined),
};
