/** `boolean`: a switch "Sim"/"Não". */
import { formatBoolean } from '../../format';
import { TextDisplay, textCell } from './common';
import type { FieldKindApp } from './types';

export const boolean: FieldKindApp = {
  Input: { widget: 'BooleanInput', answered: true },
  Display: TextDisplay,
  Filter: { family: 'boolean', dropdown: 'BooleanFilter' },
  exportCell: textCell,
  format: (_field, value) => formatBoolean(value),
  fromText: (_field, t) => (t === 'true' ? true : t === 'false' ? false : undefined),
};
