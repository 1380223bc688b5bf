/**
 * The list filter parameters of an entity for the OpenAPI document: one per filter path (system
 * columns, fields, sub-fields of person and object fields) and operator (`campo`, `campo_ne`,
 * `campo_gte`, `campo_lte`, `campo_like`), named `<Componente>.<parâmetro>` in the components.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { kindOf, type FilterOp } from '../fields/registry';
import { componentName, fieldValueSchema, type JsonSchema } from './field-schemas';

type Op = FilterOp;

/** Filter paths of an entity and the operators that make sense for each. */
function filterPaths(schema: EntitySchema): { path: string; field: FieldDef; value: JsonSchema; ops: Op[] }[] {
  const out: { path: string; field: FieldDef; value: JsonSchema; ops: Op[] }[] = [];
  // A filter value is a query-string text: numbers and yes/no keep their type, dates their format; the rest is
  // compared as stored text, so the options are examples, not an enum (a record may keep an option since removed),
  // and an e-mail column takes any text (records written by the server say "sistema").
  const valueOf = (f: FieldDef): JsonSchema => {
    const v = fieldValueSchema(f);
    if (v.type === 'integer' || v.type === 'number' || v.type === 'boolean') return { type: v.type };
    const dated = v.format === 'date' || v.format === 'date-time';
    return { type: 'string', ...(v.enum && f.options?.length ? { examples: f.options } : {}), ...(dated ? { format: v.format } : {}) };
  };
  const system: FieldDef[] = [
    { name: 'id', kind: 'integer', label: 'ID' },
    { name: 'created_at', kind: 'datetime', label: 'Criado em' },
    { name: 'updated_at', kind: 'datetime', label: 'Atualizado em' },
    { name: 'created_by', kind: 'email', label: 'Criado por' },
    { name: 'updated_by', kind: 'email', label: 'Atualizado por' },
  ];
  for (const f of [...system, ...schema.fields]) {
    const kind = kindOf(f);
    if (kind.json === 'object') {
      // A person's mail and name, an object's sub-fields: compared as the text of the JSON property.
      // A person's paths are described with the person's label; an object's with its sub-fields' own.
      const describedBySelf = kind.ownPath !== undefined;
      for (const s of kind.subFields(f))
        out.push({ path: `${f.name}.${s.name}`, field: describedBySelf ? f : s, value: { type: 'string' }, ops: ['eq', 'ne', 'like'] });
      continue;
    }
    const ops = kind.filterOperators(f);
    if (!ops.length) continue;
    out.push({ path: f.name, field: f, value: valueOf(f), ops: [...ops] });
  }
  return out;
}

const OP_TEXT: Record<Op, string> = {
  eq: 'igual a (repita o parâmetro para "qualquer um de")',
  ne: 'diferente de (repita o parâmetro para excluir vários valores)',
  gte: 'maior ou igual a',
  lte: 'menor ou igual a',
  like: 'contém o texto (sem diferenciar acentos e maiúsculas)',
};

export function filterParameters(schema: EntitySchema): Record<string, JsonSchema> {
  const name = componentName(schema);
  const out: Record<string, JsonSchema> = {};
  for (const p of filterPaths(schema)) {
    for (const op of p.ops) {
      const param = op === 'eq' ? p.path : `${p.path}_${op}`;
      const many = op === 'eq' || op === 'ne';
      out[`${name}.${param}`] = {
        name: param,
        in: 'query',
        required: false,
        description: `${p.field.label}: ${OP_TEXT[op]}.`,
        ...(many ? { style: 'form', explode: true, schema: { type: 'array', items: p.value } } : { schema: op === 'like' ? { type: 'string' } : p.value }),
      };
    }
  }
  return out;
}
