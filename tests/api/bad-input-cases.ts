/**
 * Generators of malformed API input, derived from the schemas' field kinds (a new field or entity is
 * covered without a new test), and the checks every refusal must pass.
 */
import fc from 'fast-check';
import type { EntitySchema, FieldDef } from '../../schemas/kinds';
import { maxLengthOf } from '../../schemas/shared/limits';

const NUL = '\u0000';
export const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const withNul = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${NUL}${b}`);
const nonEmptyJunk = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');

/** An object nested `depth` levels deep: {"a":{"a":{...}}}. */
const deep = fc.integer({ min: 30, max: 300 }).map((depth) => {
  let o: unknown = 'x';
  for (let i = 0; i < depth; i++) o = { a: o };
  return o;
});

/** An object that has `key` as an own property, even `__proto__` (JSON.stringify then writes it). */
export function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });
  return o;
}

const protoObject = fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.anything({ maxDepth: 1 })).map(([k, v]) => ownObject([[k, v]]));

const wrongForString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  protoObject,
  deep,
  fc.array(nonEmptyJunk, { minLength: 1, maxLength: 3 }),
);
const wrongForNumber = fc.oneof(
  fc.boolean(),
  nonEmptyJunk.filter((s) => !/^\s*-?\d+([.,]\d+)?\s*$/.test(s)),
  protoObject,
  deep,
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  withNul,
);
const notAList = fc.oneof(fc.integer(), nonEmptyJunk, protoObject, deep, fc.boolean());
const notAnObject = fc.oneof(fc.integer(), nonEmptyJunk, fc.boolean(), fc.array(fc.integer(), { minLength: 1, maxLength: 3 }));

const beyondInt = fc.constantFrom(
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63) - 1,
  1e20,
  1e300,
  -1e300,
  '9223372036854775808',
  '99999999999999999999999',
  '1' + '0'.repeat(400),
);
const hugeDecimal = fc.constantFrom(1e15, -1e15, 1e18, 1e300, -1e300, '1' + '0'.repeat(400), '123456789012345678901234567890.5');
// (A tiny value such as 5e-324 is not bad: it rounds to the column's scale, like 1.005 → 1.01.)

const IMPOSSIBLE_DATES = [
  '2026-02-31',
  '2026-13-01',
  '2026-00-10',
  '2026-02-29',
  '2026-04-31',
  '0000-01-01',
  '2026-1-1',
  '31/12/2026',
  '2026-12-32',
  '2026-02-31T00:00:00Z',
];
const IMPOSSIBLE_DATETIMES = [
  '2026-02-31T10:00:00Z',
  '2026-01-01T25:61:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T10:60:00Z',
  '2026-01-01T10:00:61Z',
  '2026-13-01T00:00:00Z',
  '2026-02-30 10:00',
  '+275760-09-13T00:00:00Z',
  '2026-01-01T10:00:00+25:00',
  '2026-01-01',
  'amanhã às 10h',
];

/** Values a field of this kind must refuse (never empty values, which mean "no value"). */
export function badValue(field: FieldDef, depth = 0): fc.Arbitrary<unknown> {
  const longer = (n: number) => fc.integer({ min: n + 1, max: n + 40 }).map((len) => 'x'.repeat(len));
  const nulString = withNul;
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return fc.oneof(wrongForString, nulString, longer(maxLengthOf(field)));
    case 'email':
      return fc.oneof(
        wrongForString,
        nulString,
        nonEmptyJunk.filter((s) => !s.includes('@')),
        longer(maxLengthOf(field)).map((s) => `${s}@x.com`),
      );
    case 'enum':
      return fc.oneof(
        wrongForString,
        nulString,
        nonEmptyJunk.filter((s) => !(field.options ?? []).includes(s.trim())),
      );
    case 'integer':
    case 'decimal':
    case 'money': {
      const bounds: fc.Arbitrary<unknown>[] = [];
      if (field.min !== undefined) bounds.push(fc.constant(field.min - 1));
      if (field.max !== undefined) bounds.push(fc.constant(field.max + 1));
      if (field.kind === 'integer')
        bounds.push(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((n) => !Number.isInteger(n)),
          beyondInt,
        );
      else bounds.push(hugeDecimal);
      return fc.oneof(wrongForNumber, ...bounds);
    }
    case 'date':
      return fc.oneof(
        fc.constantFrom(...IMPOSSIBLE_DATES),
        wrongForNumber.filter((v) => typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)),
        fc.integer(),
      );
    case 'datetime':
      return fc.oneof(fc.constantFrom(...IMPOSSIBLE_DATETIMES), fc.integer(), protoObject, deep, fc.boolean());
    case 'boolean':
      return fc.oneof(fc.constantFrom('sim', 'yes', 'TRUE', 1, 0, 'on'), protoObject, deep, fc.array(fc.boolean(), { minLength: 1 }), nulString);
    case 'reference':
      if ((field.refKey ?? 'id') === 'id') {
        return fc.oneof(
          fc.constantFrom(0, -1, 1.5, 'abc', '1e3', true),
          beyondInt,
          protoObject,
          deep,
          fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
          nulString,
        );
      }
      return fc.oneof(protoObject, deep, fc.boolean(), fc.array(nonEmptyJunk, { minLength: 1, maxLength: 2 }), nulString, longer(200));
    case 'person':
      return fc.oneof(
        notAnObject.filter((v) => typeof v !== 'string'),
        nonEmptyJunk.filter((s) => !s.includes('@')),
        fc.constant({ mail: 'sem-arroba' }),
        fc.constant({ nome: 'Sem e-mail' }),
        nulString.map((s) => ({ mail: `a${s}@portal.local` })),
        nulString.map((s) => ({ mail: 'sm@portal.local', nome: s })),
        fc.constantFrom(...PROTO_KEYS).map((k) =>
          ownObject([
            ['mail', 'sm@portal.local'],
            [k, 'x'],
          ]),
        ),
        deep,
      );
    case 'object': {
      const subs = field.fields ?? [];
      const options: fc.Arbitrary<unknown>[] = [notAnObject, protoObject, deep.map((d) => ({ campoQueNaoExiste: d }))];
      if (subs.length && depth < 1) options.push(fc.constantFrom(...subs).chain((s) => badValue(s, depth + 1).map((v) => ownObject([[s.name, v]]))));
      return fc.oneof(...options);
    }
    case 'rows': {
      const subs = field.fields ?? [];
      const options: fc.Arbitrary<unknown>[] = [
        notAList.filter((v) => !Array.isArray(v)),
        fc.constant({}),
        fc.array(fc.oneof(fc.integer(), nonEmptyJunk, fc.array(fc.integer())), { minLength: 1, maxLength: 3 }),
        protoObject.map((o) => [o]),
        deep.map((d) => [{ campoQueNaoExiste: d }]),
      ];
      if (subs.length && depth < 1) options.push(fc.constantFrom(...subs).chain((s) => badValue(s, depth + 1).map((v) => [ownObject([[s.name, v]])])));
      return fc.oneof(...options);
    }
    case 'tags':
      return fc.oneof(
        nonEmptyJunk,
        fc.constant({}),
        protoObject,
        fc.array(fc.oneof(protoObject, deep, fc.boolean()), { minLength: 1, maxLength: 3 }),
        nulString.map((s) => [s]),
        longer(maxLengthOf(field)).map((s) => [s]),
      );
    case 'attachments':
    case 'images':
      return fc.oneof(
        nonEmptyJunk,
        fc.constant({}),
        fc.constant([{}]),
        fc.constant([{ key: 42 }]),
        nulString.map((s) => [{ key: s, name: 'a.pdf' }]),
        nulString.map((s) => [{ key: 'k', name: s }]),
        nulString.map((s) => [{ key: 'k', name: 'a.pdf', type: s }]),
        protoObject.map((o) => [o]),
        deep.map((d) => [d]),
      );
  }
}

/** One entry of a body that must be refused: a bad value of a writable field, or a forbidden key. */
export function badEntry(schema: EntitySchema): fc.Arbitrary<[string, unknown]> {
  const writable = schema.fields.filter((f) => !f.readOnly);
  const byField = fc.constantFrom(...writable).chain((f) => badValue(f).map((v) => [f.name, v] as [string, unknown]));
  const protoKey = fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.anything({ maxDepth: 2 })).map(([k, v]) => [k, v] as [string, unknown]);
  const nulKey = fc
    .tuple(fc.constantFrom(...writable.map((f) => f.name)), fc.string({ maxLength: 10 }))
    .map(([n, v]) => [`${n}${NUL}`, v] as [string, unknown]);
  const unknownKey = fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything({ maxDepth: 1 }))
    .filter(([k]) => !schema.fields.some((f) => f.name === k) && !['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'].includes(k))
    .map(([k, v]) => [k, v] as [string, unknown]);
  // A top-level undefined vanishes in JSON, leaving a body that is not bad at all.
  return fc
    .oneof({ arbitrary: byField, weight: 6 }, { arbitrary: protoKey, weight: 2 }, { arbitrary: nulKey, weight: 1 }, { arbitrary: unknownKey, weight: 1 })
    .filter(([, v]) => v !== undefined);
}

/** A create/update body with at least one bad entry, or a body that is not an object at all. */
export function badBody(schema: EntitySchema): fc.Arbitrary<unknown> {
  const entries = fc.tuple(badEntry(schema), fc.array(badEntry(schema), { maxLength: 3 })).map(([a, rest]) => ownObject([a, ...rest]));
  const notObject = fc.oneof(
    fc.constant([]),
    fc.array(fc.object({ maxDepth: 1 }), { minLength: 1, maxLength: 2 }),
    fc.integer(),
    fc.string(),
    fc.constant(null),
    fc.boolean(),
  );
  return fc.oneof({ arbitrary: entries, weight: 9 }, { arbitrary: notObject, weight: 1 });
}

/** Filter/sort paths a list may name: every field, person `.mail`/`.nome`, object sub-fields, system columns. */
function pathsOf(schema: EntitySchema): string[] {
  const out = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'];
  for (const f of schema.fields) {
    out.push(f.name);
    if (f.kind === 'person') out.push(`${f.name}.mail`, `${f.name}.nome`);
    if (f.kind === 'object') for (const s of f.fields ?? []) out.push(`${f.name}.${s.name}`);
  }
  return out;
}

const queryValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  withNul,
  fc.constantFrom(
    'true',
    'false',
    '-1',
    '0',
    '1.5',
    '1e400',
    '99999999999999999999',
    '2026-02-31',
    '2026-01-01T25:61:00Z',
    '%',
    '_',
    "'; drop table obra; --",
    '{}',
    '[]',
    'null',
    'NaN',
  ),
  fc.integer().map(String),
  fc.integer({ min: 300, max: 3000 }).map((n) => 'á'.repeat(n)),
);

/** A list query string (already encoded) that abuses the simple-rest parameters. */
export function badListQuery(schema: EntitySchema): fc.Arbitrary<string> {
  const paths = pathsOf(schema);
  const key = fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...paths), fc.constantFrom('', '_ne', '_gte', '_lte', '_like')).map(([p, op]) => p + op), weight: 6 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS, ...PROTO_KEYS.map((k) => `${k}_ne`), 'campoQueNaoExiste', 'a.b.c', `obra${NUL}`, `${NUL}`, 'q'), weight: 2 },
  );
  const filter = fc
    .tuple(key, fc.array(queryValue, { minLength: 1, maxLength: 3 }))
    .map(([k, vs]) => vs.map((v) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
  const sort = fc
    .tuple(fc.constantFrom(...paths, ...PROTO_KEYS, 'campoQueNaoExiste', `id${NUL}`, 'a.b.c', ''), fc.constantFrom('asc', 'desc', 'DESC', 'sideways', NUL))
    .map(([s, o]) => `_sort=${encodeURIComponent(s)}&_order=${encodeURIComponent(o)}`);
  const numberish = fc.constantFrom('-1', '1e30', 'abc', '99999999999999999999', '1.5', '0', '10', '5000', '2000000', '', 'NaN', 'Infinity', NUL);
  const page = fc.tuple(numberish, numberish).map(([a, b]) => `_start=${encodeURIComponent(a)}&_end=${encodeURIComponent(b)}`);
  const malformed = fc.constantFrom('obra=%E0%A4%A', '%E0%A4%A=1', '_sort=%ZZ', 'q=%', 'id=%C0%AF', '_start=%E0%A4%A');
  const part = fc.oneof({ arbitrary: filter, weight: 6 }, { arbitrary: sort, weight: 2 }, { arbitrary: page, weight: 1 }, { arbitrary: malformed, weight: 1 });
  return fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('&'));
}

/** Paths with bad ids or bad encoding under a resource (any method). */
export function badPaths(schema: EntitySchema): string[] {
  const base = `/api/v1/${schema.resource}`;
  const ids = ['abc', '-1', '0', '1.5', '99999999999999999999', '9223372036854775808', '%00', '%E0%A4%A', '__proto__', 'constructor', '1e3', '%2e%2e'];
  return ids.flatMap((id) => [
    `${base}/${id}`,
    `${base}/${id}/historico`,
    ...(schema.workflow ? [`${base}/${id}/transitions`, `${base}/${id}/transitions/%E0%A4%A`] : []),
  ]);
}

const ENGLISH = /\b(the|invalid|error|not found|cannot|failed|unexpected|must|is not|bad request|internal|undefined|null|object|function|exception)\b/i;
const PORTUGUESE =
  /[áéíóúâêôãõçÁÉÍÓÚÂÊÔÃÕÇ]|\b(de|do|da|os|as|no|na|em|para|com|por|demais|um|uma|não|use|informe|verifique|campos?|registros?|valor|inválid[oa]s?|máximo|mínimo|selecione|encontrad[oa])\b/i;

/** A message a person reads: Portuguese, short, no stack trace, no English. Returns the problem or null. */
export function messageProblem(m: unknown): string | null {
  if (typeof m !== 'string' || !m.trim()) return 'sem mensagem';
  if (m.length > 400) return 'mensagem longa demais';
  if (/\n\s+at |Error:|TypeError|RangeError|URIError|\.ts:\d+/.test(m)) return `pilha ou erro técnico: ${m}`;
  // Values the user sent may be quoted back ("null", a field name): judge only our own words.
  const own = m.replace(/"[^"]*"/g, '""');
  if (ENGLISH.test(own)) return `inglês: ${m}`;
  if (!PORTUGUESE.test(m)) return `não parece português: ${m}`;
  return null;
}

/** What is wrong with a response to bad input (null when it is a proper refusal). */
export async function refusalProblem(res: Response, opts: { body: boolean; allowOk?: boolean }): Promise<string | null> {
  if (res.status >= 500) return `status ${res.status}: ${await res.text()}`;
  if (res.status < 400) return opts.allowOk ? null : `aceito (${res.status})`;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return `status ${res.status} sem JSON (${type}): ${(await res.text()).slice(0, 200)}`;
  const json = (await res.json()) as { message?: unknown; statusCode?: unknown; errors?: Record<string, unknown> };
  const p = messageProblem(json.message);
  if (p) return `status ${res.status}, mensagem: ${p}`;
  if (json.statusCode !== res.status) return `statusCode ${String(json.statusCode)} ≠ ${res.status}`;
  if (opts.body && res.status === 400) {
    const errors = json.errors;
    if (!errors || typeof errors !== 'object' || !Object.keys(errors).length) return `400 sem errors por campo: ${String(json.message)}`;
    for (const [k, list] of Object.entries(errors)) {
      if (!Array.isArray(list) || !list.length) return `errors.${k} não é uma lista de mensagens`;
      for (const msg of list) {
        const q = messageProblem(msg);
        if (q) return `errors.${k}: ${q}`;
      }
    }
  }
  return null;
}
