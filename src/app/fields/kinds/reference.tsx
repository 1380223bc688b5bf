/** `reference`: the key (`refKey`, default the id) of a record of `ref`, shown as the record's title. */
import React from 'react';
import { formatValue } from '../format-value';
import { ReferenceLink } from '../reference-link';
import { useReferenceTitle } from '../reference-titles';
import { textCell } from './common';
import { textOrCnpj } from './text';
import type { FieldDisplayProps, FieldKindApp } from './types';

/**
 * A reference as its record's title (the API sends it with the record, reference-titles.tsx),
 * linked to the record when the viewer may open it; the stored key only when no title is known.
 */
function ReferenceDisplay({ field, value }: FieldDisplayProps): React.ReactElement {
  const ref = useReferenceTitle(field, value);
  if (!ref) return <span>{formatValue(field, value)}</span>;
  if (ref.id === undefined) return <span>{ref.title}</span>;
  return <ReferenceLink field={field} id={ref.id} title={ref.title} />;
}

export const reference: FieldKindApp = {
  Input: { widget: 'ReferenceSelect' },
  Display: ReferenceDisplay,
  Filter: { family: 'reference', dropdown: 'ReferenceFilter' },
  // The export replaces keys by titles before (views/export-xlsx.ts `withReferenceTitles`).
  exportCell: textCell,
  format: textOrCnpj,
  // Keyed by id: a number; keyed by another field (a CNPJ, a code): the text.
  fromText: (field, t) => ((field.refKey ?? 'id') === 'id' && /^\d+$/.test(t) ? Number(t) : t),
};
