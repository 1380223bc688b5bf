/**
 * A field by its form path (['atividades', 0, 'eapItem'], or the API's key 'atividades.0.eapItem')
 * and that path as a person reads it: "Atividades executadas, linha 1: Item da EAP" (issue 36: a
 * refusal showed the raw key).
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';

/** Resolve a form path ['clima', 0, 'periodo'] to its field definition. */
export function fieldAtPath(schema: EntitySchema, path: (string | number)[]): FieldDef | undefined {
  let fields: FieldDef[] | undefined = schema.fields;
  let current: FieldDef | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (typeof seg === 'number') {
      if (current?.kind !== 'rows') return undefined;
      continue;
    }
    current = fields?.find((f) => f.name === seg);
    if (!current) return undefined;
    fields = current.fields;
  }
  return current;
}

/** 'atividades.0.eapItem' → ['atividades', 0, 'eapItem']. */
export const keyToPath = (key: string): (string | number)[] => key.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** The pt-BR name of an API error key: labels of each field on the way, rows numbered from 1. */
export function fieldPathLabel(schema: EntitySchema, key: string): string {
  const path = keyToPath(key);
  const parts: string[] = [];
  for (let i = 1; i <= path.length; i++) {
    const seg = path[i - 1];
    if (typeof seg === 'number') {
      parts[parts.length - 1] = `${parts[parts.length - 1] ?? 'Linha'}, linha ${seg + 1}`;
      continue;
    }
    const f = fieldAtPath(schema, path.slice(0, i));
    if (!f) return parts.length ? `${parts.join(': ')}: ${seg}` : key;
    parts.push(f.label);
  }
  return parts.join(': ');
}
