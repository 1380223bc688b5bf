import { describe, expect, it } from 'vitest';
import type { TreeDecl } from '../../../../schemas/kinds';
import { schemaByName } from '../../../../schemas';
import { buildTree, compareCodes, filterTree, flatten, nextCode, subtreeKeys, type TreeNode } from './build';

type Rec = { id: number; nome?: string; codigo?: string; pai?: number | null };

const BY_PARENT: TreeDecl = { parent: 'pai', order: 'nome' };
const BY_CODE: TreeDecl = { code: { field: 'codigo', separator: '.' }, order: 'codigo' };
/** Each level as "key(child, child)" to read a whole forest at once. */
const shape = (nodes: TreeNode<Rec>[]): string =>
  nodes.map((n) => `${n.item.nome ?? n.item.codigo}${n.children.length ? `(${shape(n.children)})` : ''}`).join(' ');

describe('tree engine', () => {
  it('the three trees are declared on their schemas', () => {
    expect(schemaByName('eapOs')!.tree).toEqual({ parent: 'pai', code: { field: 'codigo', separator: '.' }, order: 'codigo' });
    expect(schemaByName('diretorio')!.tree).toEqual({ parent: 'pai', order: 'nome' });
    expect(schemaByName('modeloDiretorio')!.tree).toEqual({ parent: 'pai', order: 'nome' });
  });

  it('builds by parent reference, siblings in pt-BR text order, parent links set', () => {
    const roots = buildTree<Rec>(
      [
        { id: 1, nome: 'Obra' },
        { id: 2, nome: 'Projetos', pai: 1 },
        { id: 3, nome: 'Área técnica', pai: 1 },
        { id: 4, nome: 'Revisões', pai: 2 },
        { id: 5, nome: 'Contratos' },
      ],
      BY_PARENT,
    );
    expect(shape(roots)).toBe('Contratos Obra(Área técnica Projetos(Revisões))');
    const revisoes = flatten(roots).find((n) => n.key === '4')!;
    expect(revisoes.parent?.item.nome).toBe('Projetos');
    expect(revisoes.parent?.parent?.key).toBe('1');
    expect(roots[0].parent).toBeUndefined();
  });

  it('keeps orphans (parent not loaded, e.g. not visible to the viewer) and cycles at the root instead of losing them', () => {
    const roots = buildTree<Rec>(
      [
        { id: 1, nome: 'A' },
        { id: 2, nome: 'B', pai: 99 },
        { id: 3, nome: 'C', pai: 4 },
        { id: 4, nome: 'D', pai: 3 },
        { id: 5, nome: 'E', pai: 5 },
      ],
      BY_PARENT,
    );
    expect(flatten(roots)).toHaveLength(5);
    // C → D → C: the first one reached stays a root, the other goes under it.
    expect(shape(roots)).toBe('A B D(C) E');
  });

  it('builds by code prefix: under the longest existing prefix, in natural code order, missing levels skipped', () => {
    const roots = buildTree<Rec>(
      [
        { id: 1, codigo: '1' },
        { id: 2, codigo: '1.10' },
        { id: 3, codigo: '1.2' },
        { id: 4, codigo: '1.2.1' },
        { id: 5, codigo: '2.3.1' },
        { id: 6, codigo: '2' },
        { id: 7, codigo: '9.1' },
        { id: 8, codigo: '10' },
      ],
      BY_CODE,
    );
    // 2.3.1 goes under 2 (there is no 2.3); 9.1 has no prefix in the list and stays at the root.
    expect(shape(roots)).toBe('1(1.2(1.2.1) 1.10) 2(2.3.1) 9.1 10');
    expect([...subtreeKeys(roots[0])].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('orders codes naturally, with any separator', () => {
    expect(['1.10', '2', '1.2', '1', '1.2.1', '10', '1.A'].sort((a, b) => compareCodes(a, b))).toEqual(['1', '1.2', '1.2.1', '1.10', '1.A', '2', '10']);
    expect(['A-10', 'A-9', 'A'].sort((a, b) => compareCodes(a, b, '-'))).toEqual(['A', 'A-9', 'A-10']);
  });

  it('filters by search text (accents and case ignored), keeping the ancestors of what matches', () => {
    const roots = buildTree<Rec>(
      [
        { id: 1, nome: 'Obra' },
        { id: 2, nome: 'Projetos', pai: 1 },
        { id: 3, nome: 'Área técnica', pai: 2 },
        { id: 4, nome: 'Fotos', pai: 1 },
        { id: 5, nome: 'Contratos' },
      ],
      BY_PARENT,
    );
    const text = (r: Rec) => r.nome ?? '';
    const found = filterTree(roots, ' AREA ', text);
    expect(shape(found)).toBe('Obra(Projetos(Área técnica))');
    expect(found[0].children[0].children[0].parent?.key).toBe('2');
    // A match keeps only the ancestors, not its siblings; its own children are kept only when they match.
    expect(shape(filterTree(roots, 'projetos', text))).toBe('Obra(Projetos)');
    expect(filterTree(roots, 'nada disso', text)).toEqual([]);
    expect(filterTree(roots, '  ', text)).toBe(roots);
    // The original forest is untouched.
    expect(shape(roots)).toBe('Contratos Obra(Fotos Projetos(Área técnica))');
  });

  it('gives the next free code of a level', () => {
    const one = { id: 1, codigo: '1' };
    expect(
      nextCode(BY_CODE, one, [
        { id: 2, codigo: '1.1' },
        { id: 3, codigo: '1.4' },
        { id: 4, codigo: '1.B' },
      ]),
    ).toBe('1.5');
    expect(nextCode(BY_CODE, undefined, [])).toBe('1');
    expect(nextCode(BY_CODE, undefined, [one], ['2', '3.1'])).toBe('3');
    expect(() => nextCode(BY_PARENT, undefined, [])).toThrow();
  });
});
