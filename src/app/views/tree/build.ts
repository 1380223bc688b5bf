/**
 * The tree engine: records of an entity declared as a tree (`tree` in its schema, schemas/kinds.ts)
 * turned into a forest of nodes, by parent reference or by code prefix, siblings sorted as the
 * declaration says; walking it (every node, a subtree's keys); filtering it by a search text
 * keeping the ancestors of what matches; and the next free code of a level. Pure: no React.
 */
import type { TreeDecl } from '../../../../schemas/kinds';

export type TreeRecord = { id?: unknown; [field: string]: unknown };

export interface TreeNode<T extends TreeRecord = TreeRecord> {
  /** The record's id as text (the antd tree key). */
  key: string;
  item: T;
  children: TreeNode<T>[];
  /** The parent's node (undefined at the root level). */
  parent?: TreeNode<T>;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Natural order of codes: 1 < 1.2 < 1.10 < 2; non-numeric segments compare as text. */
export function compareCodes(a: string, b: string, separator = '.'): number {
  const x = a.split(separator);
  const y = b.split(separator);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const numeric = /^\d+$/.test(x[i]) && /^\d+$/.test(y[i]);
    const c = numeric ? Number(x[i]) - Number(y[i]) : x[i].localeCompare(y[i], 'pt-BR', { numeric: true });
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

/** The sibling order of a declaration: natural code order on the code field, pt-BR text order on any other. */
export function siblingOrder(decl: TreeDecl): (a: TreeRecord, b: TreeRecord) => number {
  const field = decl.order;
  if (decl.code && decl.code.field === field) {
    const sep = decl.code.separator;
    return (a, b) => compareCodes(text(a[field]), text(b[field]), sep);
  }
  return (a, b) => text(a[field]).localeCompare(text(b[field]), 'pt-BR');
}

/** The parent key of each record: its parent reference, or the record with the longest code prefix of its code. */
function parentKeys(records: TreeRecord[], decl: TreeDecl): (string | undefined)[] {
  if (decl.parent) {
    const field = decl.parent;
    return records.map((r) => (r[field] === null || r[field] === undefined || r[field] === '' ? undefined : text(r[field])));
  }
  if (!decl.code) throw new Error('Uma árvore declara `parent` ou `code`.');
  const { field, separator } = decl.code;
  const byCode = new Map<string, string>();
  for (const r of records) if (!byCode.has(text(r[field]))) byCode.set(text(r[field]), text(r.id));
  return records.map((r) => {
    const parts = text(r[field]).split(separator);
    for (let n = parts.length - 1; n > 0; n--) {
      const key = byCode.get(parts.slice(0, n).join(separator));
      if (key !== undefined) return key;
    }
    return undefined;
  });
}

/**
 * The records as a forest: each record under its parent; a record whose parent is not in the list
 * (or that would close a cycle) is shown at the root level rather than lost.
 */
export function buildTree<T extends TreeRecord>(records: T[], decl: TreeDecl): TreeNode<T>[] {
  const nodes = records.map((item) => ({ key: text(item.id), item, children: [] }) as TreeNode<T>);
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const parents = parentKeys(records, decl);
  const roots: TreeNode<T>[] = [];
  const isAncestor = (candidate: TreeNode<T>, node: TreeNode<T>) => {
    for (let p: TreeNode<T> | undefined = candidate; p; p = p.parent) if (p === node) return true;
    return false;
  };
  nodes.forEach((node, i) => {
    const parent = parents[i] === undefined ? undefined : byKey.get(parents[i]!);
    if (parent && !isAncestor(parent, node)) {
      node.parent = parent;
      parent.children.push(node);
    } else roots.push(node);
  });
  const order = siblingOrder(decl);
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => order(a.item, b.item));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Every node of the forest, depth first. */
export function flatten<T extends TreeRecord>(nodes: TreeNode<T>[]): TreeNode<T>[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The keys of a node and of every node below it. */
export function subtreeKeys(node: TreeNode): Set<string> {
  return new Set(flatten([node]).map((n) => n.key));
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('pt-BR')
    .trim();

/**
 * The nodes whose text contains the search (accents and case ignored), with their ancestors so
 * they are reached from the root; the rest of the tree is left out. An empty search keeps all.
 * The nodes returned are copies: the original forest is not changed.
 */
export function filterTree<T extends TreeRecord>(roots: TreeNode<T>[], search: string, textOf: (item: T) => string): TreeNode<T>[] {
  const wanted = normalize(search);
  if (!wanted) return roots;
  const keep = (list: TreeNode<T>[], parent?: TreeNode<T>): TreeNode<T>[] =>
    list.flatMap((n) => {
      const copy: TreeNode<T> = { key: n.key, item: n.item, children: [], parent };
      copy.children = keep(n.children, copy);
      return copy.children.length || normalize(textOf(n.item)).includes(wanted) ? [copy] : [];
    });
  return keep(roots);
}

/**
 * The next code of a level: the parent's code, the separator and one more than the highest numeric
 * last segment of the siblings (1.3 after 1.1 and 1.2); at the root, one more than the highest
 * root number. Skips codes already used anywhere in the tree.
 */
export function nextCode(decl: TreeDecl, parent: TreeRecord | undefined, siblings: TreeRecord[], allCodes: Iterable<string> = []): string {
  if (!decl.code) throw new Error('A árvore não declara `code`.');
  const { field, separator } = decl.code;
  const prefix = parent ? `${text(parent[field])}${separator}` : '';
  const codes = siblings.map((s) => text(s[field]));
  let max = 0;
  for (const c of codes) {
    const rest = c.startsWith(prefix) ? c.slice(prefix.length) : '';
    if (/^\d+$/.test(rest)) max = Math.max(max, Number(rest));
  }
  const used = new Set([...allCodes, ...codes]);
  let n = max + 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}
