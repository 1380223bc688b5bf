/**
 * The tree screen on its own: the nodes a page gives, the search that keeps the ancestors of what
 * matches, selection reported to the page, the panel beside the tree.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { buildTree } from './build';
import { TreeScreen } from './tree-screen';

type Folder = { id: number; nome: string; pai?: number };
const roots = buildTree<Folder>(
  [
    { id: 1, nome: 'Obra 101' },
    { id: 2, nome: 'Projetos', pai: 1 },
    { id: 3, nome: 'Revisões', pai: 2 },
    { id: 4, nome: 'Fotos', pai: 1 },
    { id: 5, nome: 'Contratos' },
  ],
  { parent: 'pai', order: 'nome' },
);
const names = () => [...screen.getByRole('tree', { name: 'Pastas' }).querySelectorAll('.ant-tree-title')].map((e) => e.textContent);

const show = (onSelect = vi.fn(), selectedKey?: string) =>
  render(
    <TreeScreen<Folder>
      label="Pastas"
      variant="directory"
      roots={roots}
      title="Pastas"
      emptyText="Nenhuma pasta."
      textOf={(f) => f.nome}
      searchPlaceholder="Buscar pasta"
      selectedKey={selectedKey}
      onSelect={onSelect}
      panel={selectedKey ? <div>Painel da pasta {selectedKey}</div> : null}
      emptyPanel="Escolha uma pasta."
    />,
  );

describe('TreeScreen', () => {
  it('shows every node open, in order, and reports the node clicked', () => {
    const onSelect = vi.fn();
    show(onSelect);
    expect(names()).toEqual(['Contratos', 'Obra 101', 'Fotos', 'Projetos', 'Revisões']);
    expect(screen.getByText('Escolha uma pasta.')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('tree', { name: 'Pastas' })).getByText('Fotos'));
    expect(onSelect).toHaveBeenCalledWith('4');
  });

  it('the search keeps what matches and the folders above it', () => {
    show();
    fireEvent.change(screen.getByLabelText('Buscar pasta'), { target: { value: 'revisoes' } });
    expect(names()).toEqual(['Obra 101', 'Projetos', 'Revisões']);
    fireEvent.change(screen.getByLabelText('Buscar pasta'), { target: { value: 'xyz' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('Nada encontrado com esta busca.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Buscar pasta'), { target: { value: '' } });
    expect(names()).toHaveLength(5);
  });

  it('shows the page panel of the selected node', () => {
    show(vi.fn(), '3');
    expect(screen.getByText('Painel da pasta 3')).toBeInTheDocument();
    expect(screen.queryByText('Escolha uma pasta.')).toBeNull();
    expect(screen.getByRole('tree', { name: 'Pastas' }).querySelector('.ant-tree-treenode-selected')?.textContent).toBe('Revisões');
  });
});
