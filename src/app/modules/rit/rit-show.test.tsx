/**
 * The technical inspection report's page (issue 40) against the real API in-process: reports are
 * created and issued ("emitir") through the API by the inspector, and the page's card and dialog talk
 * to the real GET/POST /api/v1/rits/{id}/assinaturas — the same card as the daily report's, with the
 * RIT's words ("Assinar RIT", "Inspetor"). "Baixar PDF" asks /api/v1/rits/{id}/pdf. A report
 * returned for correction shows its state, its voided signatures and the steps the API offers. The
 * public verification page names the RIT's first signer "Inspetor".
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { useNodeTypedArrays } from '../../../../tests/app/node-typed-arrays';
import { client, person } from '../../../../tests/api/workflow-helpers';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { VerifyPage } from '../verificar/verify-page';
import { RitShow } from './rit-show';

const T = { timeout: 30_000 };
const FIELD = 'field@portal.local'; // 'Fábio Field', `field`, inspector on sites 101 and 103 (demo)
const CLIENTE = 'cliente@portal.local'; // 'Cliente Demonstração', representante_cliente on obra 101 (demo)
const t = useInProcessApi(FIELD);
useNodeTypedArrays();
const c = client({
  get api() {
    return t.mock.api;
  },
});
const rit = schemaByName('rit')!;

let day = 0;
/** A new report of obra 101 by the inspector, issued unless `draft`. */
async function newReport(draft = false): Promise<{ id: number; numero: string }> {
  day++;
  const created = await c.post(
    '/api/v1/rits',
    {
      obra: '101',
      data: `2026-10-${String(day).padStart(2, '0')}`,
      titulo: `Inspeção de teste ${day}`,
      tipoInspecao: 'Montagem',
      inspetor: person(FIELD),
      conclusao: 'Aprovado',
      itens: [{ item: 'Prumo', resultado: 'Conforme' }],
    },
    FIELD,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  if (!draft) expect((await c.step('rits', id, 'emitir', FIELD)).status).toBe(200);
  return { id, numero: created.body.numero as string };
}

const signaturesCalls = (id: number) => t.requests.filter((r) => r.url.pathname === `/api/v1/rits/${id}/assinaturas`);

function open(id: number, as: string, query = '') {
  t.mock.setUser(as);
  return renderViews({
    schemas: [rit],
    path: `/rits/${id}${query}`,
    routes: <Route path="/rits/:id" element={<RitShow schema={rit} />} />,
    user: DEMO_USERS[as],
  });
}

describe("the RIT's page", { timeout: 120_000 }, () => {
  it('the inspector signs an issued report with "Assinar RIT"; the card names the role "Inspetor"', async () => {
    const { id } = await newReport();
    open(id, FIELD);
    expect(await screen.findByRole('button', { name: /Baixar PDF/ }, T)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Assinar RIT/ }, T));
    expect(screen.getByText('Assinaturas')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma assinatura ainda.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Assinar RIT' });
    expect(within(dialog).getByText(/impressão digital \(SHA-256\) do conteúdo do relatório/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Confirmar com meu login' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Confirmo que li o relatório e concordo com o seu conteúdo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));

    const list = await screen.findByRole('list', { name: 'Assinaturas do relatório' }, T);
    const item = within(list).getByRole('listitem', { name: 'Inspetor: Fábio Field' });
    expect(within(item).getByText('Válida')).toBeInTheDocument();
    expect(within(item).getByText('Inspetor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar RIT/ })).toBeNull();
    expect(screen.getByText('Você já assinou este relatório.')).toBeInTheDocument();
    expect(
      signaturesCalls(id)
        .filter((r) => r.method === 'POST')
        .map((r) => r.body),
    ).toEqual([{ metodo: 'login', confirmo: true }]);
    // Stored by the server: the inspector's signature, with the report's verification code on the card.
    const stored = (await c.get(`/api/v1/rits/${id}/assinaturas`, FIELD)).body as { codigo: string; assinaturas: { papel: string; email: string }[] };
    expect(stored.assinaturas).toEqual([expect.objectContaining({ papel: 'responsavel', email: FIELD })]);
    expect(screen.getByText(stored.codigo)).toBeInTheDocument();
  });

  it("the client's representative, opened from the inbox (?acao=assinar), gets the dialog once the inspector signed", async () => {
    const { id } = await newReport();
    expect((await c.post(`/api/v1/rits/${id}/assinaturas`, { metodo: 'login', confirmo: true }, FIELD)).status).toBe(201);
    open(id, CLIENTE, '?acao=assinar');
    const dialog = await screen.findByRole('dialog', { name: 'Assinar RIT' }, T);
    expect(screen.getByRole('listitem', { name: 'Inspetor: Fábio Field' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Confirmar com meu login' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Confirmo que li o relatório e concordo com o seu conteúdo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByRole('listitem', { name: 'Representante do cliente: Cliente Demonstração' }, T)).toBeInTheDocument();
    // The last signature makes it "Assinado" (the API's step), and nobody is asked to sign any more.
    await waitFor(async () => expect((await c.get(`/api/v1/rits/${id}`, FIELD)).body.status).toBe('Assinado'), T);
    expect(screen.queryByRole('button', { name: /Assinar RIT/ })).toBeNull();
  });

  it('a draft shows "Baixar PDF" and no signatures card; the button downloads the API\'s document', async () => {
    const { id, numero } = await newReport(true);
    const created = vi.fn(() => 'blob:rit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The document itself is the API's (tests/api/rit.test.ts); here, what the button does with it.
    t.server.use(
      http.get(
        `http://localhost/api/v1/rits/${id}/pdf`,
        () =>
          new HttpResponse(new TextEncoder().encode('%PDF-1.3\n%%EOF'), {
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${numero}.pdf"` },
          }),
      ),
    );
    try {
      open(id, FIELD);
      fireEvent.click(await screen.findByRole('button', { name: /Baixar PDF/ }, T));
      await waitFor(() => expect(click).toHaveBeenCalled(), T);
      expect(t.requests.filter((r) => r.url.pathname === `/api/v1/rits/${id}/pdf`).map((r) => r.method)).toEqual(['GET']);
      expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(`${numero}.pdf`);
      // A draft that was never issued has no signature: nothing shown, nothing to sign.
      await waitFor(() => expect(signaturesCalls(id).length).toBeGreaterThan(0), T);
      expect(screen.queryByText('Assinaturas')).toBeNull();
      expect(screen.queryByRole('button', { name: /Assinar RIT/ })).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('a report returned for correction: "Devolvido para correção", its signature voided, and the API\'s "Emitir relatório"', async () => {
    const { id } = await newReport();
    expect((await c.post(`/api/v1/rits/${id}/assinaturas`, { metodo: 'login', confirmo: true }, FIELD)).status).toBe(201);
    expect((await c.step('rits', id, 'devolver', FIELD, { comment: 'Faltou a foto da solda.' })).status).toBe(200);
    open(id, FIELD);
    const state = await screen.findByTestId('workflow-state', {}, T);
    await waitFor(() => expect(state).toHaveTextContent('Devolvido para correção'), T);
    const list = await screen.findByRole('list', { name: 'Assinaturas do relatório' }, T);
    const item = within(list).getByRole('listitem', { name: 'Inspetor: Fábio Field' });
    expect(within(item).getByText('Anulada')).toBeInTheDocument();
    expect(item).toHaveTextContent('Relatório devolvido: Faltou a foto da solda.');
    // The steps are the API's: issue it again, once corrected; nothing to sign meanwhile.
    expect(await screen.findByRole('button', { name: /Emitir relatório/ }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Devolver para correção/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Assinar RIT/ })).toBeNull();
  });

  it('the verification page names the RIT\'s first signer "Inspetor"', async () => {
    const { id } = await newReport();
    const signed = await c.post(`/api/v1/rits/${id}/assinaturas`, { metodo: 'login', confirmo: true }, FIELD);
    expect(signed.status).toBe(201);
    const codigo = signed.body.codigo as string;
    t.mock.setUser(null);
    render(
      <ConfigProvider locale={ptBR}>
        <AntdApp>
          <MemoryRouter initialEntries={[`/verificar/${codigo}`]}>
            <Routes>
              <Route path="/verificar/:codigo" element={<VerifyPage />} />
            </Routes>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>,
    );
    const signers = await screen.findByRole('list', { name: 'Assinantes' }, T);
    const [first, ...others] = within(signers).getAllByRole('listitem');
    expect(others).toHaveLength(0);
    expect(first).toHaveTextContent('Inspetor');
    expect(first).toHaveTextContent('Fábio Field');
    expect(first).not.toHaveTextContent('Responsável da obra');
  });
});
