/**
 * The library screen against the real API in-process: the folder tree, a folder's access lists and
 * files with the administrator's actions, and a reader's view of the same folder (no upload, no
 * rename, no delete). The upload itself is driven in the browser suite (tests/e2e/12-journeys).
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { LibraryPage } from './biblioteca-page';

const T = { timeout: 45_000 };
const t = useInProcessApi('admin@portal.local');
const FOLDER = 'Obra 101 — Projetos';

async function folderId(): Promise<number> {
  const res = await t.mock.api.request(`/api/v1/diretorios?nome=${encodeURIComponent(FOLDER)}`, { as: 'admin@portal.local' });
  return ((await res.json()) as { id: number }[])[0].id;
}

const render = (path: string, email: string) =>
  renderViews({ schemas: [], path, user: DEMO_USERS[email], routes: <Route path="/biblioteca" element={<LibraryPage />} /> });

describe('library', { timeout: 120_000 }, () => {
  it('the administrator sees the tree, the access lists, the files and every folder action', async () => {
    const id = await folderId();
    render(`/biblioteca?pasta=${id}`, 'admin@portal.local');
    const tree = await screen.findByRole('tree', { name: 'Pastas da biblioteca' }, T);
    expect(within(tree).getByText(FOLDER)).toBeInTheDocument();
    await screen.findByText('Planta de formas das bases — rev. 2', {}, T);
    expect(screen.getByText('Somente leitura')).toBeInTheDocument();
    expect(screen.getByText('leitura@portal.local')).toBeInTheDocument();
    for (const b of ['Nova pasta', 'Renomear', 'Excluir']) expect(screen.getByRole('button', { name: new RegExp(`${b}$`) })).toBeInTheDocument();

    // The drop zone is there (the upload itself runs in the browser suite: jsdom's XHR bypasses MSW).
    expect(document.querySelector('.ant-upload input[type=file]')).not.toBeNull();
  });

  it('a reader of the folder sees its files but may not upload, rename or delete', async () => {
    t.mock.setUser('leitura@portal.local');
    const id = await folderId();
    render(`/biblioteca?pasta=${id}`, 'leitura@portal.local');
    await screen.findByText('Planta de formas das bases — rev. 2', {}, T);
    expect(screen.getByText(/não enviar arquivos/)).toBeInTheDocument();
    expect(document.querySelector('.ant-upload input[type=file]')).toBeNull();
    for (const b of ['Nova pasta', 'Renomear', 'Excluir']) expect(screen.queryByRole('button', { name: new RegExp(`${b}$`) })).toBeNull();
    expect(screen.getByRole('link', { name: /Baixar Planta de formas/ })).toBeInTheDocument();
  });
});
