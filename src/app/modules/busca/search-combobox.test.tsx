/**
 * The search box's combobox (issue 39): WAI-ARIA attributes, results grouped by module, ↑/↓ and Enter
 * open the active record, the last option opens the full results page, recents when empty.
 */
import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SearchAnswer } from '../../../../resources/search';
import { SearchCombobox, resultsStatus } from './search-combobox';
import { isSearchShortcut } from './search-trigger';
import { rememberSearch } from './recent';

const hit = (recurso: string, modulo: string, id: number, titulo: string) => ({
  recurso,
  modulo,
  id,
  codigo: null,
  titulo,
  estado: { valor: 'Aberto', rotulo: 'Aberto', cor: 'gold' },
  obra: { id: '101', nome: 'Obra Horizonte' },
  trecho: { campo: 'Descrição', partes: [{ texto: 'O ' }, { texto: 'guindaste', destaque: true }, { texto: ' parou.' }] },
  atualizadoEm: '2026-11-27T10:00:00Z',
});
const ANSWER: SearchAnswer = {
  q: 'guindaste',
  resultados: [
    hit('posvendas', 'Tickets de pós-venda', 1, 'Guindaste A'),
    hit('contratos', 'Contratos', 7, 'Locação de guindaste'),
    hit('posvendas', 'Tickets de pós-venda', 2, 'Guindaste B'),
  ],
  modulos: [],
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function setup() {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(ANSWER), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const done = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/inicio']}>
        <SearchCombobox onDone={done} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, done, input: screen.getByRole('combobox', { name: 'Buscar em todos os módulos' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('SearchCombobox', () => {
  it('lists the results grouped by module, moves with the arrows and opens the active one with Enter', async () => {
    const { input, done, fetchMock } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(input, { target: { value: 'guindaste' } });
    await screen.findByText('Locação de guindaste');
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/busca\?q=guindaste&limite=8$/);
    const options = screen.getAllByRole('option');
    // Grouped: both tickets first (their module's best result is first), then the contract, then "Ver todos".
    expect(options.map((o) => o.getAttribute('data-registro'))).toEqual(['posvendas/1', 'posvendas/2', 'contratos/7', null]);
    expect(
      screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Tickets de pós-venda', 'Contratos', null]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', 'busca-opcao-0');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', 'busca-opcao-2');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('3 resultados.');
    expect(screen.getAllByText('guindaste', { selector: 'mark' }).length).toBe(3);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(done).toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/contrato/7');
  });

  it('ends with "Ver todos os resultados", reached with ↑ from the first option', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'guindaste' } });
    await screen.findByText('Locação de guindaste');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', 'busca-opcao-3');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/busca?q=guindaste'));
  });

  it('offers the recent searches when nothing is typed', async () => {
    rememberSearch(undefined, 'CT-2025');
    const { input } = setup();
    expect(screen.getByRole('option', { name: /CT-2025/ })).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('CT-2025');
  });
});

describe('shortcuts and status', () => {
  it('opens with Ctrl+K, ⌘K and "/" outside a text field', () => {
    const body = document.body;
    const field = document.createElement('input');
    expect(isSearchShortcut({ key: 'k', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, target: body })).toBe(true);
    expect(isSearchShortcut({ key: 'K', ctrlKey: false, metaKey: true, altKey: false, shiftKey: false, target: field })).toBe(true);
    expect(isSearchShortcut({ key: '/', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: body })).toBe(true);
    expect(isSearchShortcut({ key: '/', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: field })).toBe(false);
    expect(isSearchShortcut({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: body })).toBe(false);
  });

  it('says how many results there are, or that there are none', () => {
    expect(resultsStatus('x', 0, false)).toBe('Nenhum resultado para “x”.');
    expect(resultsStatus('x', 1, false)).toBe('1 resultado.');
    expect(resultsStatus('x', undefined, true)).toBe('Buscando…');
    expect(resultsStatus('', 3, false)).toBe('');
  });
});
