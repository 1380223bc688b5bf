/**
 * The EAP (work-breakdown structure) of a site and area as a tree, built by the tree engine from
 * the flat list of its items as schemas/eap-os.ts declares it (by `pai`, codes in natural order);
 * here only what is particular to the EAP: the sum of the sibling weights per level and the
 * one-line label of an item. Pure: no React.
 */
import { schemaByName } from '../../../../schemas';
import type { TreeDecl } from '../../../../schemas/kinds';
import { formatDate, toNumber } from '../../format';
import { buildTree, flatten, nextCode as nextTreeCode, type TreeNode } from '../../views/tree/build';

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

export type EapNode = TreeNode<EapItem>;

/** The EAP's tree declaration (schemas/eap-os.ts): by `pai`, siblings in natural code order. */
export const EAP_TREE: TreeDecl = schemaByName('eapOs')!.tree!;

/** The items as a forest by `pai` (the tree engine: orphans and cycles end at the root level). */
export const buildEapTree = (items: EapItem[]): EapNode[] => buildTree(items, EAP_TREE);

/** The next code of a level under `parent` (the root level when undefined), skipping codes in use. */
export const nextCode = (parent: EapItem | undefined, siblings: EapItem[], allCodes: Iterable<string> = []): string =>
  nextTreeCode(EAP_TREE, parent, siblings, allCodes);

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
  return [
    levelWeights(roots),
    ...flatten(roots)
      .filter((n) => n.children.length)
      .map((n) => levelWeights(n.children, n.item)),
  ];
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
