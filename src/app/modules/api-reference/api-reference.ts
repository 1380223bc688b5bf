/**
 * The OpenAPI document (GET /api/v1/openapi.json) read as the reference page shows it: one entry
 * per resource (tag) with its operations and its fields.
 */
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  operationId: string;
}

export interface ApiField {
  name: string;
  title: string;
  type: string;
  rules: string;
  required: boolean;
}

export interface ApiResource {
  tag: string;
  description: string;
  operations: ApiOperation[];
  filters: string[];
  fields: ApiField[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function deref(doc: Doc, node: Doc | undefined): Doc | undefined {
  if (!node?.$ref) return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Doc | undefined>((n, k) => (n ? n[k] : undefined), doc);
}

/** A field schema as a short Portuguese description: type and rules. */
function describe(doc: Doc, s: Doc): { type: string; rules: string } {
  const inner = s.anyOf ? (s.anyOf.find((x: Doc) => x.type !== 'null') ?? {}) : s;
  // A reference to a shared schema (a person, a stored file): directly, or wrapped in `allOf`.
  const refNode: Doc | undefined = inner.$ref ? inner : inner.allOf?.[0]?.$ref ? inner.allOf[0] : undefined;
  const target = refNode ? { ...deref(doc, refNode), ref: (refNode.$ref as string).split('/').pop() } : inner;
  const types = Array.isArray(target.type) ? target.type.filter((t: string) => t !== 'null') : [target.type];
  let type = target.ref ?? types.filter(Boolean).join(' | ');
  if (target.type === 'array' || types.includes('array')) {
    const items = target.items?.$ref ? (target.items.$ref as string).split('/').pop() : target.items?.type;
    type = `lista de ${items ?? 'valores'}`;
  }
  if (target.format) type += ` (${target.format})`;
  const rules: string[] = [];
  if (target.enum) rules.push(`um de: ${target.enum.join(', ')}`);
  if (target.minLength !== undefined) rules.push(`mín. ${target.minLength} caracteres`);
  if (target.maxLength !== undefined) rules.push(`máx. ${target.maxLength} caracteres`);
  if (target.minimum !== undefined) rules.push(`≥ ${target.minimum}`);
  if (target.exclusiveMinimum !== undefined) rules.push(`> ${target.exclusiveMinimum}`);
  if (target.maximum !== undefined) rules.push(`≤ ${target.maximum}`);
  if (target.exclusiveMaximum !== undefined) rules.push(`< ${target.exclusiveMaximum}`);
  if (target.maxItems !== undefined) rules.push(`até ${target.maxItems} itens`);
  if (s.readOnly) rules.push('somente leitura');
  // A value the server fills when none is sent ("hoje", "a pessoa conectada").
  const filled = s['x-default'] ?? inner['x-default'];
  if (typeof filled === 'string') rules.push(`padrão: ${filled}`);
  return { type: type || 'objeto', rules: rules.join('; ') };
}

/** Resources of the document, in its tag order. */
export function resourcesOf(doc: Doc): ApiResource[] {
  const byTag = new Map<string, ApiResource>();
  for (const t of (doc.tags ?? []) as Doc[]) byTag.set(t.name, { tag: t.name, description: t.description ?? '', operations: [], filters: [], fields: [] });
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Doc>)) {
    for (const method of METHODS) {
      const op = item[method];
      const tag = op?.tags?.[0];
      if (!op || !tag || !byTag.has(tag)) continue;
      const res = byTag.get(tag)!;
      res.operations.push({ method: method.toUpperCase(), path, summary: op.summary ?? '', operationId: op.operationId ?? '' });
      if (method === 'get' && op.operationId?.startsWith('listar')) {
        res.filters = ((op.parameters ?? []) as Doc[]).map((p) => deref(doc, p)?.name).filter((n): n is string => !!n && !n.startsWith('_') && n !== 'q');
        const record = deref(doc, op.responses?.[200]?.content?.['application/json']?.schema?.items);
        const create = deref(doc, item.post?.requestBody?.content?.['application/json']?.schema);
        const required = new Set<string>(create?.required ?? []);
        res.fields = Object.entries((record?.properties ?? {}) as Record<string, Doc>).map(([name, s]) => ({
          name,
          title: s.title ?? (s.anyOf?.[0]?.title as string | undefined) ?? '',
          ...describe(doc, s),
          required: required.has(name),
        }));
      }
    }
  }
  return [...byTag.values()].filter((r) => r.operations.length);
}
