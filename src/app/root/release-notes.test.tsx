import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, RELEASE_NOTES, filterReleaseNotes, listModules, parseModuleTag } from './release-notes';
import { VersoesSistemaPage } from './versoes-sistema-page';
import { PORTAL_BUILD } from './build-info';
import pkg from '../../../package.json';
import raw from './release-notes.json';

const toTime = (d: string) => {
  const [dd, mm, yyyy] = d.split('/').map(Number);
  return Date.UTC(yyyy, mm - 1, dd);
};

describe('release notes data', () => {
  it("the latest entry is package.json's version, the one the build carries", () => {
    expect(RELEASE_NOTES[0].versao).toBe(pkg.version);
    expect(APP_VERSION).toBe(pkg.version);
  });

  it('the JSON file holds only entries of the declared shape', () => {
    expect(Array.isArray(raw)).toBe(true);
    for (const n of raw as unknown[]) {
      expect(Object.keys(n as object).sort()).toEqual(['bug', 'data', 'melhorias', 'versao']);
      const e = n as Record<string, unknown>;
      expect(typeof e.versao).toBe('string');
      expect(typeof e.data).toBe('string');
      for (const list of [e.melhorias, e.bug]) {
        expect(Array.isArray(list)).toBe(true);
        for (const t of list as unknown[]) expect(typeof t).toBe('string');
      }
      expect((e.melhorias as string[]).length + (e.bug as string[]).length).toBeGreaterThan(0);
    }
  });

  it('keeps the older entries (3.2.0 to 3.5.1) and dates the newer ones after them', () => {
    const versions = RELEASE_NOTES.map((n) => n.versao);
    expect(versions).toEqual(expect.arrayContaining(['3.5.1', '3.5.0', '3.4.2', '3.4.0', '3.3.1', '3.3.0', '3.2.0']));
    expect(RELEASE_NOTES.find((n) => n.versao === '3.5.1')).toMatchObject({ data: '18/08/2025' });
    // Versions go down as the list goes on (newest first).
    const parts = versions.map((v) => v.split('.').map(Number));
    for (let i = 1; i < parts.length; i++) {
      const [a, b] = [parts[i - 1], parts[i]];
      expect(a[0] * 1e6 + a[1] * 1e3 + a[2]).toBeGreaterThan(b[0] * 1e6 + b[1] * 1e3 + b[2]);
    }
  });

  it('says what the portal does today, by module', () => {
    const all = RELEASE_NOTES.flatMap((n) => [...n.melhorias, ...n.bug]).join('\n');
    for (const what of [/sem conexão/, /No aparelho/, /[Aa]ssinatura/, /\/verificar/, /SLA/, /[Cc]alendário da empresa/, /Minhas pendências/, /Ausências/])
      expect(all).toMatch(what);
    for (const what of [
      /e-mails/,
      /[Ff]ornecedor/,
      /Configurar entidade/,
      /[Ll]ixeira/,
      /Auditoria/,
      /duas etapas/,
      /Sessões ativas/,
      /[Bb]ackup/,
      /[Mm]anutenção/,
    ])
      expect(all).toMatch(what);
  });

  it('names the modules of issue 40: the signed RIT, the ethics channel, insurance in force, maintenance, the version on the profile', () => {
    const of = (modulo: string) =>
      filterReleaseNotes(RELEASE_NOTES, modulo)
        .flatMap((n) => [...n.melhorias, ...n.bug])
        .join('\n');
    expect(of('RIT')).toMatch(/Assinar RIT/);
    expect(of('RIT')).toMatch(/Devolvido para correção/);
    expect(of('RIT')).toMatch(/\/verificar/);
    expect(of('Ética')).toMatch(/anônimo/);
    expect(of('Ética')).toMatch(/protocolo e uma senha/);
    expect(of('Seguros')).toMatch(/apólice em vigor/);
    expect(of('Seguros')).toMatch(/60, 30 e 7 dias/);
    expect(of('Administração')).toMatch(/módulo .*em manutenção/);
    expect(of('Portal')).toMatch(/versão do portal .*no perfil/);
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
    expect(entries[0]).toHaveTextContent(`Versão ${pkg.version}`);
    expect(entries[0]).toHaveTextContent(RELEASE_NOTES[0].data);
    expect(entries[0]).toHaveTextContent('Atual');
    expect(within(entries[0]).getByText('Melhorias')).toBeInTheDocument();
    expect(within(entries[0]).getByText('Correções de erros')).toBeInTheDocument();
  });

  it("shows the build's version and commit", () => {
    render(<VersoesSistemaPage />);
    expect(screen.getByTestId('versao-atual')).toHaveTextContent(pkg.version);
    expect(screen.getByTestId('versao-atual')).toHaveTextContent(PORTAL_BUILD.commit);
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
