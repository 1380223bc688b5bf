/**
 * The EAP (work-breakdown structure) of a site and area as a tree, built from the flat list of its
 * items by `pai`: codes in natural order (1.2 before 1.10), the next free code of a level, the sum
 * of the sibling weights per level and the one-line label of an item. Pure: no React.
 */
import { formatDate, toNumber } from '../../format';

export interface EapItem {
  id: number;
  version?: number;
  codigo: string;
  descricao: string;
  pai?: number | null;
  area?: string;
  obra?: string;
  peso?: number | string | null;
  inicioPrevisto?: string | null;
  terminoPrevisto?: string | null;
  [key: string]: unknown;
}

export interface EapNode {
  item: EapItem;
  children: EapNode[];
  /** The parent's node (undefined at the root level). */
  parent?: EapNode;
}

const segments = (code: string) => code.split('.');

/** Natural order of codes: 1 < 1.2 < 1.10 < 2; non-numeric segments compare as text. */
export function compareCodes(a: string, b: string): number {
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const nx = /^\d+$/.test(x[i]) ? Number(x[i]) : NaN;
    const ny = /^\d+$/.test(y[i]) ? Number(y[i]) : NaN;
    const c = !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : x[i].localeCompare(y[i], 'pt-BR', { numeric: true });
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

/**
 * The items as a forest: each item under its `pai`; an item whose parent is not in the list (or
 * that would close a cycle) is shown at the root level rather than lost.
 */
export function buildEapTree(items: EapItem[]): EapNode[] {
  const nodes = new Map<number, EapNode>(items.map((item) => [Number(item.id), { item, children: [] }]));
  const roots: EapNode[] = [];
  const ancestorOf = (candidate: EapNode, node: EapNode) => {
    for (let p: EapNode | undefined = candidate; p; p = p.parent) if (p === node) return true;
    return false;
  };
  for (const node of nodes.values()) {
    const pai = node.item.pai;
    const parent = pai === null || pai === undefined ? undefined : nodes.get(Number(pai));
    if (parent && !ancestorOf(parent, node)) {
      node.parent = parent;
      parent.children.push(node);
    } else roots.push(node);
  }
  const sort = (list: EapNode[]) => {
    list.sort((a, b) => compareCodes(a.item.codigo, b.item.codigo));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Every node of the forest, depth first. */
export function flatten(nodes: EapNode[]): EapNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The ids of a node and of every node below it. */
export function subtreeIds(node: EapNode): Set<number> {
  return new Set(flatten([node]).map((n) => Number(n.item.id)));
}

/**
 * The next code of a level: the parent's code, a dot and one more than the highest numeric last
 * segment of its children (1.3 after 1.1 and 1.2); at the root, one more than the highest root
 * number. Skips codes already used anywhere in the tree.
 */
export function nextCode(parent: EapItem | undefined, siblings: EapItem[], allCodes: Iterable<string> = []): string {
  const prefix = parent ? `${parent.codigo}.` : '';
  let max = 0;
  for (const s of siblings) {
    if (!s.codigo.startsWith(prefix)) continue;
    const rest = s.codigo.slice(prefix.length);
    if (/^\d+$/.test(rest)) max = Math.max(max, Number(rest));
  }
  const used = new Set([...allCodes, ...siblings.map((s) => s.codigo)]);
  let n = max + 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export interface LevelWeights {
  /** The parent of the level (undefined: the root level). */
  parent?: EapItem;
  /** Sum of the siblings' weights, rounded to 2 decimals. */
  sum: number;
  /** Siblings without a weight. */
  missing: number;
  ok: boolean;
}

/** Sum of the weights of one level of siblings; it should be 100 %. */
export function levelWeights(siblings: EapNode[], parent?: EapItem): LevelWeights {
  let sum = 0;
  let missing = 0;
  for (const s of siblings) {
    const w = toNumber(s.item.peso);
    if (w === undefined) missing++;
    else sum += w;
  }
  sum = Math.round(sum * 100) / 100;
  return { parent, sum, missing, ok: sum === 100 };
}

/** The root level and every level under an item with children, in tree order. */
export function allLevels(roots: EapNode[]): LevelWeights[] {
  if (!roots.length) return [];
  return [levelWeights(roots), ...flatten(roots).filter((n) => n.children.length).map((n) => levelWeights(n.children, n.item))];
}

const PERCENT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export function formatPercent(n: number): string {
  return `${PERCENT.format(n)}%`;
}

const dm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** The planned period: "03/02–14/02/2025", "15/12/2024–14/02/2025", "a partir de 03/02/2025", "até 14/02/2025". */
export function formatPeriod(inicio?: string | null, termino?: string | null): string {
  const a = inicio ? String(inicio).slice(0, 10) : '';
  const b = termino ? String(termino).slice(0, 10) : '';
  if (a && b) return a.slice(0, 4) === b.slice(0, 4) ? `${dm(a)}–${formatDate(b)}` : `${formatDate(a)}–${formatDate(b)}`;
  if (a) return `a partir de ${formatDate(a)}`;
  if (b) return `até ${formatDate(b)}`;
  return '';
}

/** "1.2 — Descrição · peso 40% · 03/02–14/02/2025" (parts without a value are left out). */
export function itemLabel(item: EapItem): string {
  const peso = toNumber(item.peso);
  const period = formatPeriod(item.inicioPrevisto, item.terminoPrevisto);
  return [`${item.codigo} — ${item.descricao}`, peso === undefined ? '' : `peso ${formatPercent(peso)}`, period].filter(Boolean).join(' · ');
}
