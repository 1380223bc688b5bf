/**
 * The registry of field kinds (app side): every kind has a whole descriptor whose widgets exist,
 * every schema uses only kinds the registry knows, and each part answers for a sample value.
 */
import { describe, expect, it } from 'vitest';
import React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SCHEMAS } from '../../../../schemas';
import type { FieldDef, FieldKind } from '../../../../schemas/kinds';
import { FIELD_KINDS as SERVER_KINDS } from '../../../server/fields/registry';
import { FIELD_KINDS_APP, appKindOf, type FieldKindApp } from './registry';
import { GROUP_INPUTS, VALUE_INPUTS } from '../inputs';
import { DROPDOWNS } from '../filter-dropdowns';

const isComponent = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v);

/** Every part of a descriptor and how to tell it is there: adding a part to FieldKindApp without listing it here is a type error. */
const PARTS: Record<keyof FieldKindApp, (v: unknown) => boolean> = {
  Input: (v) => {
    const i = v as Record<string, unknown> | undefined;
    if (!i) return false;
    if ('group' in i) return isComponent(GROUP_INPUTS[i.group as keyof typeof GROUP_INPUTS]);
    return isComponent(VALUE_INPUTS[i.widget as keyof typeof VALUE_INPUTS]) && (i.adapters === undefined || typeof i.adapters === 'function');
  },
  Display: isComponent,
  Filter: (v) => v === null || (typeof v === 'object' && isComponent(DROPDOWNS[(v as { dropdown: keyof typeof DROPDOWNS }).dropdown])),
  exportCell: (v) => typeof v === 'function',
  format: (v) => typeof v === 'function',
  fromText: (v) => v === null || typeof v === 'function',
};

/** A field and a value of each kind, with its text and its spreadsheet cell. */
const SAMPLES: Record<FieldKind, { field: FieldDef; value: unknown; text: string; cell: unknown }> = {
  text: {
    field: { name: 'cnpj', kind: 'text', label: 'CNPJ', format: 'cnpj' },
    value: '12345678000195',
    text: '12.345.678/0001-95',
    cell: '12.345.678/0001-95',
  },
  longtext: { field: { name: 'obs', kind: 'longtext', label: 'Obs' }, value: 'a\nb', text: 'a\nb', cell: 'a\nb' },
  email: { field: { name: 'mail', kind: 'email', label: 'E-mail' }, value: 'a@b.co', text: 'a@b.co', cell: 'a@b.co' },
  integer: { field: { name: 'n', kind: 'integer', label: 'N' }, value: 1234, text: '1.234', cell: 1234 },
  decimal: { field: { name: 'd', kind: 'decimal', label: 'D', scale: 3 }, value: '1.5', text: '1,500', cell: 1.5 },
  money: { field: { name: 'v', kind: 'money', label: 'V' }, value: '10.5', text: 'R$\u00a010,50', cell: 10.5 },
  date: { field: { name: 'dia', kind: 'date', label: 'Dia' }, value: '2024-02-29', text: '29/02/2024', cell: new Date(Date.UTC(2024, 1, 29)) },
  datetime: { field: { name: 'em', kind: 'datetime', label: 'Em' }, value: '2024-02-29', text: '29/02/2024', cell: expect.any(Date) },
  boolean: { field: { name: 'b', kind: 'boolean', label: 'B' }, value: false, text: 'Não', cell: 'Não' },
  enum: { field: { name: 's', kind: 'enum', label: 'S', options: ['a'], optionLabels: { a: 'Aberto' } }, value: 'a', text: 'Aberto', cell: 'Aberto' },
  reference: { field: { name: 'obra', kind: 'reference', label: 'Obra', ref: 'obra' }, value: 7, text: '7', cell: '7' },
  person: { field: { name: 'p', kind: 'person', label: 'P' }, value: { mail: 'a@b.co', nome: 'Ana' }, text: 'Ana <a@b.co>', cell: 'Ana <a@b.co>' },
  object: {
    field: { name: 'o', kind: 'object', label: 'O', fields: [{ name: 'x', kind: 'integer', label: 'X' }] },
    value: { x: 1000 },
    text: 'X: 1.000',
    cell: 'X: 1.000',
  },
  rows: {
    field: { name: 'r', kind: 'rows', label: 'R', fields: [{ name: 'x', kind: 'text', label: 'X' }] },
    value: [{ x: 'a' }, { x: 'b' }],
    text: '2 itens',
    cell: '2 itens',
  },
  attachments: {
    field: { name: 'a', kind: 'attachments', label: 'A' },
    value: [{ key: 'k', name: 'a.pdf', size: 1, type: 'application/pdf' }],
    text: '1 arquivo',
    cell: '1 arquivo',
  },
  images: { field: { name: 'i', kind: 'images', label: 'I' }, value: [], text: '0 arquivos', cell: '0 arquivos' },
  tags: { field: { name: 't', kind: 'tags', label: 'T' }, value: ['x', 'y'], text: 'x, y', cell: 'x, y' },
};

const KINDS = Object.keys(FIELD_KINDS_APP) as FieldKind[];

function allFields(fields: FieldDef[]): FieldDef[] {
  return fields.flatMap((f) => [f, ...allFields(f.fields ?? [])]);
}

describe('registry of field kinds (app)', () => {
  it('has the same kinds as the server registry', () => {
    expect([...KINDS].sort()).toEqual(Object.keys(SERVER_KINDS).sort());
  });

  it.each(KINDS)('%s has every part, and its widgets exist', (kind) => {
    const d = FIELD_KINDS_APP[kind] as unknown as Record<string, unknown>;
    const missing = (Object.keys(PARTS) as (keyof FieldKindApp)[]).filter((p) => !(p in d) || !PARTS[p](d[p]));
    expect(missing).toEqual([]);
  });

  it('every kind a schema uses (sub-fields too) has a descriptor', () => {
    const unknown = SCHEMAS.flatMap((s) =>
      allFields(s.fields)
        .filter((f) => !(f.kind in FIELD_KINDS_APP))
        .map((f) => `${s.name}.${f.name}: ${f.kind}`),
    );
    expect(unknown).toEqual([]);
  });

  it.each(KINDS)('%s formats, exports and displays a value', (kind) => {
    const { field, value, text, cell } = SAMPLES[kind];
    const d = appKindOf(field);
    expect(d.format(field, value)).toBe(text);
    expect(d.exportCell(field, value).value).toEqual(cell);
    const { container } = render(React.createElement(MemoryRouter, null, React.createElement(d.Display, { field, value, mode: 'cell' })));
    expect(container.textContent).not.toBe('');
  });

  it('filters by the families the API understands; the kinds kept as lists of objects are not filtered', () => {
    const families = Object.fromEntries(KINDS.map((k) => [k, FIELD_KINDS_APP[k].Filter?.family ?? null]));
    expect(families).toEqual({
      text: 'like',
      longtext: 'like',
      email: 'like',
      person: 'like',
      enum: 'in',
      tags: 'in',
      boolean: 'boolean',
      date: 'range',
      datetime: 'range',
      integer: 'range',
      decimal: 'range',
      money: 'range',
      reference: 'reference',
      object: null,
      rows: null,
      attachments: null,
      images: null,
    });
    expect(FIELD_KINDS_APP.person.Filter?.key?.(SAMPLES.person.field)).toBe('p.mail');
  });

  it('reads a value from one text (query string, prefill) by kind, and refuses what the kind cannot hold', () => {
    const read = (kind: FieldKind, t: string, extra: Partial<FieldDef> = {}) => appKindOf({ kind }).fromText?.({ name: 'f', label: 'F', kind, ...extra }, t);
    expect(read('integer', '3')).toBe(3);
    expect(read('decimal', '0.25')).toBe(0.25);
    expect(read('money', 'abc')).toBeUndefined();
    expect(read('integer', ' ')).toBeUndefined();
    expect(read('boolean', 'true')).toBe(true);
    expect(read('boolean', 'false')).toBe(false);
    expect(read('boolean', 'sim')).toBeUndefined();
    expect(read('enum', 'Alta', { options: ['Alta', 'Baixa'] })).toBe('Alta');
    expect(read('enum', 'Média', { options: ['Alta', 'Baixa'] })).toBeUndefined();
    expect(read('reference', '12', { ref: 'obra' })).toBe(12);
    expect(read('reference', '12345678000195', { ref: 'empresa', refKey: 'cnpj' })).toBe('12345678000195');
    expect(read('tags', 'a')).toEqual(['a']);
    expect(read('date', '2026-11-29')).toBe('2026-11-29');
    expect(read('text', 'Sala 1')).toBe('Sala 1');
    for (const kind of ['person', 'object', 'rows', 'attachments', 'images'] as const) expect(read(kind, 'x')).toBeUndefined();
  });
});
