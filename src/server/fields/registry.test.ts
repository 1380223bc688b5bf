/**
 * The registry of field kinds: every kind has a whole descriptor, every schema uses only kinds the
 * registry knows, the descriptors keep the column types of existing databases, and the fields
 * layer imports nothing of the engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../../schemas';
import type { FieldDef, FieldKind } from '../../../schemas/kinds';
import { FIELD_KINDS, castTypeOf, isJsonArrayField, isJsonField, kindOf, sqlTypeOf, type FieldKindServer } from './registry';
import type { ValidateContext } from './types';

/** Every part of a descriptor and how to tell it is there: adding a part to FieldKindServer without listing it here is a type error. */
const PARTS: Record<keyof FieldKindServer, (v: unknown) => boolean> = {
  sqlType: (v) => typeof v === 'function',
  json: (v) => v === undefined || v === 'object' || v === 'objects' || v === 'strings',
  subFields: (v) => typeof v === 'function',
  ownPath: (v) => v === undefined || typeof v === 'string',
  jsonSchema: (v) => typeof v === 'function',
  validate: (v) => typeof v === 'function',
  filterValueError: (v) => typeof v === 'function',
  filterOperators: (v) => typeof v === 'function',
  sortable: (v) => typeof v === 'boolean',
  index: (v) => v === undefined || v === 'btree' || v === 'gin',
};

/** A field of each kind, as schemas declare them. */
const SAMPLE: Record<FieldKind, FieldDef> = {
  text: { name: 'nome', kind: 'text', label: 'Nome' },
  longtext: { name: 'obs', kind: 'longtext', label: 'Observação' },
  email: { name: 'mail', kind: 'email', label: 'E-mail' },
  integer: { name: 'n', kind: 'integer', label: 'N' },
  decimal: { name: 'd', kind: 'decimal', label: 'D', scale: 4 },
  money: { name: 'valor', kind: 'money', label: 'Valor' },
  date: { name: 'dia', kind: 'date', label: 'Dia' },
  datetime: { name: 'em', kind: 'datetime', label: 'Em' },
  boolean: { name: 'ativo', kind: 'boolean', label: 'Ativo' },
  enum: { name: 'status', kind: 'enum', label: 'Status', options: ['Aberto', 'Fechado'] },
  reference: { name: 'obra', kind: 'reference', label: 'Obra', ref: 'obra' },
  person: { name: 'gestor', kind: 'person', label: 'Gestor' },
  object: { name: 'acesso', kind: 'object', label: 'Acesso', fields: [{ name: 'full', kind: 'tags', label: 'Total' }] },
  rows: { name: 'itens', kind: 'rows', label: 'Itens', fields: [{ name: 'qtd', kind: 'integer', label: 'Qtd', required: true }] },
  attachments: { name: 'anexos', kind: 'attachments', label: 'Anexos' },
  images: { name: 'fotos', kind: 'images', label: 'Fotos' },
  tags: { name: 'tags', kind: 'tags', label: 'Etiquetas' },
};

/** A value each kind accepts, what it stores, and a value it refuses with its message. */
const VALUES: Record<FieldKind, { ok: unknown; stored: unknown; bad: unknown; message: string }> = {
  text: { ok: ' Ana ', stored: 'Ana', bad: 5, message: 'Informe um texto.' },
  longtext: { ok: 'linha 1\nlinha 2', stored: 'linha 1\nlinha 2', bad: 'x'.repeat(20001), message: 'Máximo de 20000 caracteres.' },
  email: { ok: 'a@b.co', stored: 'a@b.co', bad: 'a@', message: 'E-mail inválido.' },
  integer: { ok: '12', stored: 12, bad: 1.5, message: 'Informe um número inteiro.' },
  decimal: { ok: '1,23456', stored: 1.2346, bad: 'x', message: 'Informe um número.' },
  money: { ok: 1.005, stored: 1.01, bad: '1.2.3', message: 'Informe um número.' },
  date: { ok: '2026-03-01T10:00:00Z', stored: '2026-03-01', bad: '2026-02-30', message: 'Data inválida (use aaaa-mm-dd).' },
  datetime: { ok: '2026-03-01 10:00Z', stored: '2026-03-01T10:00:00.000Z', bad: '2026-03-01 25:00', message: 'Data e hora inválidas.' },
  boolean: { ok: 'true', stored: true, bad: 'sim', message: 'Informe sim ou não.' },
  enum: { ok: 'Aberto', stored: 'Aberto', bad: 'Outro', message: 'Valor inválido. Opções: Aberto, Fechado.' },
  reference: { ok: '7', stored: 7, bad: 0, message: 'Selecione um registro válido.' },
  person: { ok: ' A@B.CO ', stored: { mail: 'a@b.co' }, bad: [], message: 'Formato inválido.' },
  object: { ok: { full: ['x', 'x'] }, stored: { full: ['x'] }, bad: 'x', message: 'Formato inválido.' },
  rows: { ok: [{ qtd: 2 }], stored: [{ qtd: 2 }], bad: {}, message: 'Informe uma lista.' },
  attachments: { ok: [{ key: 'k' }], stored: [{ key: 'k', name: 'k', size: 0, type: 'application/octet-stream' }], bad: [{}], message: 'Arquivo inválido.' },
  images: {
    ok: [{ key: 'k', name: 'f.png', size: 3, type: 'image/png' }],
    stored: [{ key: 'k', name: 'f.png', size: 3, type: 'image/png' }],
    bad: 'x',
    message: 'Informe uma lista.',
  },
  tags: { ok: [' a ', 'a', 'b'], stored: ['a', 'b'], bad: [{}], message: 'Informe um texto.' },
};

const KINDS = Object.keys(FIELD_KINDS) as FieldKind[];

function validate(field: FieldDef, raw: unknown): { value: unknown; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const ctx: ValidateContext = {
    path: field.name,
    error(message, at = field.name) {
      (errors[at] ??= []).push(message);
      return undefined;
    },
    record(fields, input, prefix, checkRequired) {
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        if (!(f.name in input)) {
          if (checkRequired && f.required) (errors[`${prefix}.${f.name}`] ??= []).push('Campo obrigatório.');
          continue;
        }
        out[f.name] = kindOf(f).validate(f, input[f.name], { ...ctx, path: `${prefix}.${f.name}` });
      }
      return out;
    },
  };
  return { value: kindOf(field).validate(field, raw, ctx), errors };
}

/** Every field of every schema, sub-fields of objects and rows included. */
function allFields(fields: FieldDef[], out: FieldDef[] = []): FieldDef[] {
  for (const f of fields) {
    out.push(f);
    if (f.fields) allFields(f.fields, out);
  }
  return out;
}

describe('field kind registry', () => {
  it('has a descriptor with every part for every kind', () => {
    expect(KINDS.sort()).toEqual((Object.keys(SAMPLE) as FieldKind[]).sort());
    for (const kind of KINDS) {
      const d = FIELD_KINDS[kind] as unknown as Record<string, unknown>;
      for (const [part, present] of Object.entries(PARTS)) {
        expect(Object.hasOwn(d, part), `${kind} lacks ${part}`).toBe(true);
        expect(present(d[part]), `${kind}.${part} is malformed`).toBe(true);
      }
      const field = SAMPLE[kind];
      expect(sqlTypeOf(field)).toMatch(/^[a-z]+(\(\d+,\d+\))?$/);
      expect(FIELD_KINDS[kind].jsonSchema(field, { fieldSchema: () => ({}), ref: (n) => ({ $ref: n }) })).toBeTypeOf('object');
      for (const op of FIELD_KINDS[kind].filterOperators(field)) expect(['eq', 'ne', 'gte', 'lte', 'like']).toContain(op);
    }
  });

  it('knows every kind a schema uses, sub-fields included', () => {
    const unknown = SCHEMAS.flatMap((s) =>
      allFields(s.fields)
        .filter((f) => !Object.hasOwn(FIELD_KINDS, f.kind))
        .map((f) => `${s.name}.${f.name}: ${f.kind}`),
    );
    expect(unknown).toEqual([]);
    expect(() => kindOf({ kind: 'color' as FieldKind })).toThrow('Tipo de campo desconhecido: color');
  });

  it('keeps the column types of existing databases', () => {
    const types = Object.fromEntries(KINDS.map((k) => [k, sqlTypeOf(SAMPLE[k])]));
    expect(types).toEqual({
      text: 'text',
      longtext: 'text',
      email: 'text',
      enum: 'text',
      integer: 'integer',
      decimal: 'numeric(18,4)',
      money: 'numeric(16,2)',
      date: 'date',
      datetime: 'timestamptz',
      boolean: 'boolean',
      reference: 'bigint',
      person: 'jsonb',
      object: 'jsonb',
      rows: 'jsonb',
      attachments: 'jsonb',
      images: 'jsonb',
      tags: 'jsonb',
    });
    expect(sqlTypeOf({ ...SAMPLE.reference, refKey: 'codigo' })).toBe('text');
    expect(sqlTypeOf({ ...SAMPLE.decimal, scale: undefined })).toBe('numeric(18,2)');
    expect(castTypeOf(SAMPLE.money)).toBe('numeric');
    expect(KINDS.filter((k) => isJsonField(SAMPLE[k])).sort()).toEqual(['attachments', 'images', 'object', 'person', 'rows', 'tags']);
    expect(KINDS.filter((k) => isJsonArrayField(SAMPLE[k])).sort()).toEqual(['attachments', 'images', 'rows', 'tags']);
  });

  it('validates and normalises a value of each kind, and refuses a bad one in Portuguese', () => {
    for (const kind of KINDS) {
      const field = SAMPLE[kind];
      const { ok, stored, bad, message } = VALUES[kind];
      const good = validate(field, ok);
      expect(good.errors, kind).toEqual({});
      expect(good.value, kind).toEqual(stored);
      const refused = validate(field, bad);
      expect(refused.value, kind).toBeUndefined();
      expect(refused.errors[field.name], kind).toEqual([message]);
    }
    // Nested errors land on the sub-field's path.
    expect(validate(SAMPLE.rows, [{}]).errors).toEqual({ 'itens.0.qtd': ['Campo obrigatório.'] });
    expect(validate(SAMPLE.person, { mail: 'x' }).errors).toEqual({ 'gestor.mail': ['E-mail inválido.'] });
  });

  it('checks list filter values by kind', () => {
    const err = (kind: FieldKind, v: string) => FIELD_KINDS[kind].filterValueError(SAMPLE[kind], v, v);
    expect(err('integer', '12')).toBeUndefined();
    expect(err('integer', '1.5')).toBe('Valor inválido para filtro: "1.5".');
    expect(err('integer', '99999999999')).toBe('Valor fora do intervalo permitido no filtro: "99999999999".');
    expect(err('reference', '99999999999')).toBeUndefined(); // ids are bigint
    expect(err('money', '10.50')).toBeUndefined();
    expect(err('date', '2026-02-30')).toBe('Data inválida no filtro: "2026-02-30" (use aaaa-mm-dd).');
    expect(err('datetime', '2026-02-28')).toBeUndefined();
    expect(err('boolean', 'sim')).toBe('Use true ou false no filtro.');
    expect(err('text', 'qualquer coisa')).toBeUndefined();
    expect(FIELD_KINDS.boolean.filterOperators(SAMPLE.boolean)).toEqual(['eq', 'ne']);
    expect(FIELD_KINDS.reference.filterOperators({ ...SAMPLE.reference, refKey: 'codigo' })).toEqual(['eq', 'ne', 'like']);
    expect(KINDS.filter((k) => FIELD_KINDS[k].sortable).sort()).toEqual([
      'boolean',
      'date',
      'datetime',
      'decimal',
      'email',
      'enum',
      'integer',
      'longtext',
      'money',
      'person',
      'reference',
      'text',
    ]);
  });

  it('imports nothing of the engine or the features (fields → schemas only)', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : []));
    const schemasDir = resolve(dir, '../../../schemas');
    const outside: string[] = [];
    for (const file of files(dir)) {
      if (file.endsWith('.test.ts')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        if (!m[1].startsWith('.')) continue;
        const target = resolve(dirname(file), m[1]);
        if (!target.startsWith(dir) && !target.startsWith(schemasDir)) outside.push(`${file.slice(dir.length + 1)} → ${m[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
