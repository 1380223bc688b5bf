/**
 * "Relatório PDF" of a site's punch list (issue 42) against the real API in-process: the filters go
 * into the report's address and the PDF comes back; "Enviar à empresa" queues the company's e-mail
 * and says to whom; the API's refusals show on their fields; a supplier has no "Enviar à empresa".
 */
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { APP_ROUTES } from '../../../../resources/routes';
import { EntityPage } from '../../pages/entity-page';
import { CNPJ } from '../../../server/seed/demo-empresas';
import { reportPath } from './punch-report-modal';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
const item = schemaByName('itemVerificacao')!;
const siteList = APP_ROUTES.find((r) => r.path === '/obras/:obra/itens-verificacao')!;

function openList(user = SM) {
  t.mock.setUser(user);
  renderViews({
    schemas: [item],
    path: '/obras/101/itens-verificacao',
    routes: <Route path={siteList.path} element={<EntityPage route={siteList} />} />,
    user: DEMO_USERS[user],
  });
}

const dialog = () => within(screen.getByRole('dialog'));

async function pickCompany(name: RegExp) {
  fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Empresa responsável' }));
  fireEvent.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }, T));
}

describe('punch list report', { timeout: 120_000 }, () => {
  it('builds the address from the filters', () => {
    expect(reportPath('101', {})).toBe('/obras/101/itens-verificacao/relatorio.pdf');
    expect(reportPath('101', { empresa: CNPJ.concreta, disciplina: 'Elétrica', status: ['Aberto', 'Reaberto'] })).toBe(
      `/obras/101/itens-verificacao/relatorio.pdf?empresa=${CNPJ.concreta}&disciplina=El%C3%A9trica&status=Aberto&status=Reaberto`,
    );
  });

  it('downloads the PDF of the chosen states from the API', async () => {
    // The document itself is the API's (tests/api/punch-report.test.ts, in Node); here, what the button asks and does with it.
    const saved = vi.fn(() => 'blob:relatorio');
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    t.server.use(
      http.get(
        'http://localhost/api/v1/obras/101/itens-verificacao/relatorio.pdf',
        () =>
          new HttpResponse(new TextEncoder().encode('%PDF-1.3\n%%EOF'), {
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="itens-verificacao-obra-101-2026-11-29.pdf"' },
          }),
      ),
    );
    openList();
    fireEvent.click(await screen.findByRole('button', { name: /Relatório PDF/ }, T));
    await screen.findByRole('dialog', {}, T);
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Situação' }));
    fireEvent.click(await screen.findByText('Reaberto', { selector: '.ant-select-item-option-content' }, T));
    fireEvent.click(dialog().getByRole('button', { name: /Baixar PDF/ }));
    await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/obras/101/itens-verificacao/relatorio.pdf')).toBe(true), T);
    const req = t.requests.find((r) => r.url.pathname.endsWith('/relatorio.pdf'))!;
    expect(req.url.searchParams.getAll('status')).toEqual(['Reaberto']);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), T);
    expect(click).toHaveBeenCalled();
    expect(click.mock.instances[0]).toHaveProperty('download', 'itens-verificacao-obra-101-2026-11-29.pdf');
    expect(dialog().queryByRole('alert')).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('"Enviar à empresa" e-mails the company its open items; refusals show on their fields', async () => {
    openList();
    fireEvent.click(await screen.findByRole('button', { name: /Relatório PDF/ }, T));
    fireEvent.click(await screen.findByRole('button', { name: /Enviar à empresa/ }, T));
    // No company chosen: said on the field, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: /Enviar$/ }));
    expect(await screen.findByText('Escolha a empresa que recebe o relatório.', {}, T)).toBeInTheDocument();
    expect(t.requests.some((r) => r.url.pathname.endsWith('/relatorio/enviar'))).toBe(false);

    await pickCompany(/Montagens Ideal/);
    // An address that is not one: the API's message on "Destinatários".
    const to = dialog().getByRole('combobox', { name: 'Destinatários' });
    // Typed addresses become tags at a comma, a semicolon or a space.
    fireEvent.change(to, { target: { value: 'não-é-email,' } });
    await dialog().findByText('não-é-email', {}, T);
    fireEvent.click(screen.getByRole('button', { name: /Enviar$/ }));
    await waitFor(() => expect(screen.getAllByText(/inválido/).length).toBeGreaterThan(0), T);
    const before = await sql<{ n: string }>`select count(*) as n from mensagem where referencia = 'obras/101/itens-verificacao'`.execute(t.mock.api.db);
    expect(Number(before.rows[0].n)).toBe(0);

    // The wrong address removed: the company's registered e-mail is used.
    fireEvent.click(document.querySelector('.ant-modal .ant-select-selection-item-remove')!);
    await waitFor(() => expect(dialog().queryByText('não-é-email')).not.toBeInTheDocument(), T);
    // The accepted send (the e-mail and its PDF are the API's, tests/api/punch-report.test.ts): what the screen sends and says.
    t.server.use(
      http.post('http://localhost/api/v1/obras/101/itens-verificacao/relatorio/enviar', () =>
        HttpResponse.json({ para: ['qualidade@montagensideal.local'], itens: 3 }, { status: 202 }),
      ),
    );
    fireEvent.change(dialog().getByLabelText('Mensagem'), { target: { value: 'Favor corrigir até sexta.' } });
    fireEvent.click(screen.getByRole('button', { name: /Enviar$/ }));
    await screen.findByText('Relatório com 3 itens em aberto enviado para qualidade@montagensideal.local.', {}, T);
    const sent = t.requests.find((r) => r.url.pathname === '/api/v1/obras/101/itens-verificacao/relatorio/enviar' && !(r.body as { para?: unknown }).para);
    expect(sent?.body).toEqual({ empresa: CNPJ.montagensIdeal, mensagem: 'Favor corrigir até sexta.' });
  });

  it('a supplier downloads its company\'s report and has no "Enviar à empresa"', async () => {
    openList('fornecedor@portal.local');
    fireEvent.click(await screen.findByRole('button', { name: /Relatório PDF/ }, T));
    await screen.findByRole('button', { name: /Baixar PDF/ }, T);
    expect(screen.queryByRole('button', { name: /Enviar à empresa/ })).not.toBeInTheDocument();
  });
});
