import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, RELEASE_NOTES, filterReleaseNotes, listModules, parseModuleTag } from './release-notes';
import { VersoesSistemaPage } from './VersoesSistemaPage';

const toTime = (d: string) => {
  const [dd, mm, yyyy] = d.split('/').map(Number);
  return Date.UTC(yyyy, mm - 1, dd);
};

describe('release notes data', () => {
  it('the latest is 3.5.1 of 18/08/2025 and feeds APP_VERSION', () => {
    expect(RELEASE_NOTES[0]).toMatchObject({ versao: '3.5.1', data: '18/08/2025' });
    expect(APP_VERSION).toBe('3.5.1');
  });

  it('entries are newest first, dated dd/mm/aaaa, every text tagged by module', () => {
    const times = RELEASE_NOTES.map((n) => toTime(n.data));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(RELEASE_NOTES.map((n) => n.versao)).size).toBe(RELEASE_NOTES.length);
    for (const n of RELEASE_NOTES) {
      expect(n.data).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(n.versao).toMatch(/^\d+\.\d+\.\d+$/);
      for (const t of [...n.melhorias, ...n.bug]) expect(t).toMatch(/^\[[^\]]+\] \S/);
    }
  });

  it('names the rules of the spec release-note hints', () => {
    const all = RELEASE_NOTES.flatMap((n) => [...n.melhorias, ...n.bug]).join('\n');
    expect(all).toMatch(/comentário passou a ser obrigatório/);
    expect(all).toMatch(/mesma data.*hoje/);
    expect(all).toMatch(/cliente passou a ser obrigatório ao adicionar um registro de obra/i);
    expect(all).toMatch(/validação no formulário de abertura/);
    expect(all).toMatch(/Administradores .*excluir diários/);
    expect(all).toMatch(/portal de fornecedores/i);
    expect(all).toMatch(/escritórios de advocacia/);
  });

  it('parses the module tag', () => {
    expect(parseModuleTag('[RDO] Texto')).toEqual({ modulo: 'RDO', texto: 'Texto' });
    expect(parseModuleTag('Sem marca')).toEqual({ modulo: 'Geral', texto: 'Sem marca' });
  });

  it('lists modules and filters by module, dropping versions left empty', () => {
    const modules = listModules();
    expect(modules).toEqual(expect.arrayContaining(['RDO', 'Pós-venda', 'Jurídico', 'Fornecedores']));
    const rdo = filterReleaseNotes(RELEASE_NOTES, 'RDO');
    expect(rdo.length).toBeGreaterThan(0);
    expect(rdo.length).toBeLessThan(RELEASE_NOTES.length);
    for (const n of rdo) {
      expect(n.melhorias.length + n.bug.length).toBeGreaterThan(0);
      for (const t of [...n.melhorias, ...n.bug]) expect(t.startsWith('[RDO]')).toBe(true);
    }
    expect(filterReleaseNotes(RELEASE_NOTES, undefined)).toEqual(RELEASE_NOTES);
  });
});

describe('VersoesSistemaPage', () => {
  it('lists every version, newest first, with its date', () => {
    render(<VersoesSistemaPage />);
    expect(screen.getByRole('heading', { name: 'Versões do sistema' })).toBeInTheDocument();
    const entries = screen.getAllByTestId('release-entry');
    expect(entries.map((e) => e.getAttribute('data-versao'))).toEqual(RELEASE_NOTES.map((n) => n.versao));
    expect(entries[0]).toHaveTextContent('Versão 3.5.1');
    expect(entries[0]).toHaveTextContent('18/08/2025');
    expect(entries[0]).toHaveTextContent('Atual');
    expect(within(entries[0]).getByText('Melhorias')).toBeInTheDocument();
    expect(within(entries[0]).getByText('Correções de erros')).toBeInTheDocument();
  });

  it('filters by module', async () => {
    render(<VersoesSistemaPage />);
    const select = screen.getByRole('combobox', { name: 'Filtrar por módulo' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Jurídico'));
    const expected = filterReleaseNotes(RELEASE_NOTES, 'Jurídico');
    const entries = await screen.findAllByTestId('release-entry');
    expect(entries.map((e) => e.getAttribute('data-versao'))).toEqual(expected.map((n) => n.versao));
    for (const e of entries) {
      for (const li of within(e).getAllByRole('listitem')) expect(li).toHaveTextContent(/^Jurídico/);
    }
  });

  it('starts with a given module filter', () => {
    render(<VersoesSistemaPage modulo="RDO" />);
    const expected = filterReleaseNotes(RELEASE_NOTES, 'RDO');
    expect(screen.getAllByTestId('release-entry')).toHaveLength(expected.length);
  });
});
