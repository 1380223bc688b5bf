import { describe, expect, it } from 'vitest';
import { compareCodes, flatten, subtreeKeys } from '../../views/tree/build';
import { allLevels, buildEapTree, formatPeriod, itemLabel, nextCode, type EapItem } from './tree';

const item = (id: number, codigo: string, pai: number | null = null, peso?: number | null): EapItem => ({ id, codigo, descricao: `Item ${codigo}`, pai, peso });

describe('EAP tree', () => {
  it('orders codes naturally', () => {
    expect(['1.10', '2', '1.2', '1', '1.2.1', '10', '1.A'].sort(compareCodes)).toEqual(['1', '1.2', '1.2.1', '1.10', '1.A', '2', '10']);
  });

  it('builds the tree by parent, children in code order; an orphan stays visible at the root and a cycle is cut once', () => {
    const roots = buildEapTree([
      item(3, '1.10', 1),
      item(1, '1'),
      item(2, '1.2', 1),
      item(4, '1.2.1', 2),
      item(5, '9.1', 99),
      item(6, 'x', 7),
      item(7, 'y', 6),
    ]);
    expect(roots.map((n) => n.item.codigo)).toEqual(['1', '9.1', 'y']);
    expect(roots[0].children.map((n) => n.item.codigo)).toEqual(['1.2', '1.10']);
    expect(roots[0].children[0].children[0].parent?.item.codigo).toBe('1.2');
    expect(flatten(roots).map((n) => n.item.codigo)).toEqual(['1', '1.2', '1.2.1', '1.10', '9.1', 'y', 'x']);
    expect([...subtreeKeys(roots[0].children[0])].sort()).toEqual(['2', '4']);
  });

  it('gives the next code of a level', () => {
    const one = item(1, '1');
    expect(nextCode(one, [item(2, '1.1', 1), item(3, '1.2', 1)])).toBe('1.3');
    expect(nextCode(one, [])).toBe('1.1');
    expect(nextCode(undefined, [item(1, '2'), item(4, '3')])).toBe('4');
    expect(nextCode(undefined, [])).toBe('1');
    // Gaps are not filled; codes used elsewhere in the tree are skipped; non-numeric codes are ignored.
    expect(nextCode(one, [item(2, '1.1', 1), item(3, '1.4', 1), item(5, '1.B', 1)])).toBe('1.5');
    expect(nextCode(undefined, [item(1, '1')], ['2', '3.1'])).toBe('3');
  });

  it('sums the weights of each level', () => {
    const roots = buildEapTree([
      item(1, '1', null, 60),
      item(2, '2', null, 40),
      item(3, '1.1', 1, 33.33),
      item(4, '1.2', 1, 33.33),
      item(5, '1.3', 1, null),
      item(6, '2.1', 2, 100),
    ]);
    expect(allLevels(roots).map((l) => [l.parent?.codigo ?? 'raiz', l.sum, l.missing, l.ok])).toEqual([
      ['raiz', 100, 0, true],
      ['1', 66.66, 1, false],
      ['2', 100, 0, true],
    ]);
    expect(allLevels([])).toEqual([]);
  });

  it('labels an item with its code, description, weight and planned period', () => {
    expect(itemLabel({ ...item(1, '1.2', null, 40), descricao: 'Montagem', inicioPrevisto: '2025-02-03', terminoPrevisto: '2025-02-14' })).toBe(
      '1.2 — Montagem · peso 40% · 03/02–14/02/2025',
    );
    expect(itemLabel({ ...item(1, '1', null, 12.5), descricao: 'Obra' })).toBe('1 — Obra · peso 12,5%');
    expect(itemLabel({ ...item(1, '1'), descricao: 'Obra' })).toBe('1 — Obra');
    expect(formatPeriod('2024-12-15', '2025-02-14')).toBe('15/12/2024–14/02/2025');
    expect(formatPeriod('2025-02-03', null)).toBe('a partir de 03/02/2025');
    expect(formatPeriod(null, '2025-02-14')).toBe('até 14/02/2025');
  });
});
