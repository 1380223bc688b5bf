import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { effectiveSchema } from '../../../schemas/overlay';
import { canonicalJson, contentFields, contentHash, customContentFields } from './content-hash';
import { CODE_ALPHABET, newVerificationCode, normalizeCode } from './code';

const diario = schemaByName('diario')!;
const row = {
  id: 7,
  version: 3,
  created_at: '2026-10-15T10:00:00Z',
  updated_by: 'sm@portal.local',
  status: 'Em revisão',
  obra: '101',
  data: '2026-10-15',
  numero: 12,
  siteManager: { nome: 'Site Manager', mail: 'sm@portal.local' },
  ocorrencias: 'Concretagem.',
  clima: [{ periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável' }],
};

describe('content hash', () => {
  it('is SHA-256 of JSON with keys sorted at every depth', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], u: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    const h = contentHash(diario, row);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const fields = contentFields(diario);
    const canonical = canonicalJson(Object.fromEntries(fields.map((f) => [f, (row as Record<string, unknown>)[f] ?? null])));
    expect(h).toBe(createHash('sha256').update(canonical).digest('hex'));
  });

  it('covers every content field of the schema, the number included, and not the state nor the bookkeeping', () => {
    const fields = contentFields(diario);
    expect(fields).toContain('numero');
    expect(fields).toContain('ocorrencias');
    expect(fields).toContain('fotos');
    expect(fields).not.toContain('status');
    // Left out: the state and what voiding stamps (issue 36: adding them kept earlier signatures valid).
    expect(fields).not.toContain('anuladoEm');
    expect(fields.length).toBe(diario.fields.length - 4);
    const same = contentHash(diario, {
      ...row,
      status: 'Aprovado',
      version: 9,
      updated_by: 'x',
      updated_at: 'y',
      siteManager: { mail: 'sm@portal.local', nome: 'Site Manager' },
    });
    expect(same).toBe(contentHash(diario, row));
    expect(contentHash(diario, { ...row, ocorrencias: 'Concretagem!' })).not.toBe(contentHash(diario, row));
    expect(contentHash(diario, { ...row, numero: 13 })).not.toBe(contentHash(diario, row));
  });
});

describe('content hash with custom fields', () => {
  const withCustom = effectiveSchema(diario, {
    custom: [
      { name: 'cxLacre', kind: 'text', label: 'Lacre' },
      { name: 'cxAntigo', kind: 'text', label: 'Antigo', hidden: true },
    ],
  });
  it('leaves empty custom fields out (earlier hashes stay) and covers those with a value, hidden ones included', () => {
    expect(contentFields(withCustom)).toEqual(contentFields(diario));
    expect(customContentFields(withCustom)).toEqual(['cxLacre', 'cxAntigo']);
    expect(customContentFields(diario)).toEqual([]);
    expect(contentHash(withCustom, row)).toBe(contentHash(diario, row));
    expect(contentHash(withCustom, { ...row, cxLacre: null, cxAntigo: '' })).toBe(contentHash(diario, row));
    const sealed = contentHash(withCustom, { ...row, cxLacre: 'L-1' });
    expect(sealed).not.toBe(contentHash(diario, row));
    expect(contentHash(withCustom, { ...row, cxLacre: 'L-2' })).not.toBe(sealed);
    expect(contentHash(withCustom, { ...row, cxLacre: 'L-1', cxAntigo: 'x' })).not.toBe(sealed);
  });
});

describe('verification codes', () => {
  it('are 10 unambiguous characters, read back case- and separator-insensitively', () => {
    for (let i = 0; i < 200; i++) expect(newVerificationCode()).toMatch(new RegExp(`^[${CODE_ALPHABET}]{10}$`));
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(normalizeCode('k7m2-p9qx 4r')).toBe('K7M2P9QX4R');
    expect(normalizeCode('K7M2P9QX4O')).toBeNull();
    expect(normalizeCode('K7M2P9')).toBeNull();
  });
});
