/**
 * The supplier's SGI screens (docs/access.md decision 29) against the real API in-process: "Responder" on
 * its SGI record sends a supplier-portal entry linked to the record, listed on the record for the
 * supplier and the SGI team; on an action plan the supplier edits only the situation and evidence of
 * its own action, the other actions and the plan's fields being read-only; staff keep the generic form.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../../schemas';
import type { PortalUser } from '../../../access/user';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import './register';

const T = { timeout: 20_000 };
const SUP = 'fornecedor@portal.local';
const SGI = 'sgi@portal.local';
const t = useInProcessApi(SUP);
const ticketSgi = schemaByName('ticketSgi')!;
const portal = schemaByName('portalFornecedor')!;
const plano = schemaByName('planoAcao')!;

type Rec = Record<string, unknown> & { id: number; version: number };

const api = async (path: string, as: string) => (await (await t.mock.api.request(path, { as })).json()) as unknown;
const me = async (email: string) => ((await api('/api/v1/me', email)) as { user: PortalUser }).user;
const rnc = async () => ((await api('/api/v1/tickets-sgi?codigo=QUA-2025-0001', SGI)) as Rec[])[0];
const rncPlan = async (as = SGI) => ((await api('/api/v1/planos-acao?titulo=Tratativa%20da%20RNC%20de%20pintura', as)) as Rec[])[0];

const open = async (email: string, path: string) => {
  t.mock.setUser(email);
  return renderViews({ schemas: [ticketSgi, portal, plano], path, user: await me(email) });
};

describe("the supplier's SGI screens", () => {
  it('the supplier answers its record with "Responder"; the answer is listed on the record', async () => {
    const ticket = await rnc();
    await open(SUP, `/tickets-sgi/show/${ticket.id}`);
    const answers = await screen.findByRole('region', { name: /Respostas do fornecedor/ }, T);
    await within(answers).findByText('Resposta à RNC de pintura da TR-07', undefined, T);
    // The supplier adds no record through the generic list: it answers with "Responder".
    expect(within(answers).queryByRole('button', { name: /Novo/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Responder/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    expect(within(dialog).getByText('Responder ao registro QUA-2025-0001')).toBeInTheDocument();
    // Company, e-mail, situation and date are the API's: the supplier writes only the message and files.
    expect(within(dialog).queryByLabelText('Fornecedor')).toBeNull();
    expect(within(dialog).queryByLabelText('Situação')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Enviar resposta/ }));
    expect(await within(dialog).findByText('Campo obrigatório.', undefined, T)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Mensagem'), { target: { value: 'Medidor de camada implantado na linha de pintura.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Enviar resposta/ }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/portal-fornecedor')).toBe(true), T);
    const sent = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/portal-fornecedor')!;
    expect(sent.body).toEqual({ ticket: ticket.id, mensagem: 'Medidor de camada implantado na linha de pintura.', anexos: [] });
    await within(answers).findByText('Resposta ao registro QUA-2025-0001', undefined, T);
    const stored = (await api(`/api/v1/portal-fornecedor?ticket=${ticket.id}&_sort=id&_order=desc`, SGI)) as Rec[];
    expect(stored[0]).toMatchObject({ ticket: ticket.id, mensagem: 'Medidor de camada implantado na linha de pintura.', email: SUP, status: 'Recebido' });
  });

  it('the SGI team sees the answers on the record and has no supplier "Responder"', async () => {
    const ticket = await rnc();
    await open(SGI, `/tickets-sgi/show/${ticket.id}`);
    const answers = await screen.findByRole('region', { name: /Respostas do fornecedor/ }, T);
    await within(answers).findByText('Resposta à RNC de pintura da TR-07', undefined, T);
    await screen.findByRole('region', { name: /Planos de ação/ }, T);
    expect(screen.queryByRole('button', { name: /^Responder$/ })).toBeNull();
  });

  it('on a plan, the supplier changes only the situation and evidence of its own action', async () => {
    const before = await rncPlan();
    const seen = await rncPlan(SUP);
    await open(SUP, `/planos-acao/edit/${before.id}`);
    const own = await screen.findByRole('region', { name: /Ação 3: Medir a espessura/ }, T);
    const other = screen.getByRole('region', { name: /Ação 1: Retocar a pintura/ });
    // One editable action: its situation, evidence and files; nothing of the plan nor of the other actions.
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(within(other).queryByRole('textbox')).toBeNull();
    expect(within(other).getByText('Concluída')).toBeInTheDocument();
    expect(screen.queryByLabelText('Título')).toBeNull();
    fireEvent.mouseDown(within(own).getByRole('combobox'));
    const options = await screen.findAllByRole('option', undefined, T);
    expect(options.map((o) => o.textContent)).not.toContain('Cancelada');
    fireEvent.click(await screen.findByTitle('Em andamento', undefined, T));
    fireEvent.change(within(own).getByLabelText('Andamento e evidência'), { target: { value: 'Medidor instalado; 40 peças medidas.' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'PATCH' && r.url.pathname === `/api/v1/planos-acao/${before.id}`)).toBe(true), T);
    const patch = t.requests.find((r) => r.method === 'PATCH')!.body as { version: number; acoes: Record<string, unknown>[] };
    expect(Object.keys(patch).sort()).toEqual(['acoes', 'version']);
    const shown = seen.acoes as Record<string, unknown>[];
    expect(patch.acoes.slice(0, 2)).toEqual(shown.slice(0, 2));
    await waitFor(async () => {
      const after = await rncPlan();
      expect((after.acoes as Record<string, unknown>[])[2]).toMatchObject({ status: 'Em andamento', evidencia: 'Medidor instalado; 40 peças medidas.' });
      expect((after.acoes as Record<string, unknown>[]).slice(0, 2)).toEqual((before.acoes as Record<string, unknown>[]).slice(0, 2));
      expect(after.titulo).toBe(before.titulo);
    }, T);
  });

  it("the supplier reads the plan's fields on its page (read through readAcoes)", async () => {
    const plan = await rncPlan();
    await open(SUP, `/planos-acao/show/${plan.id}`);
    await screen.findByText('Ações (5W2H)', undefined, T);
    expect(await screen.findByText('Medir a espessura de pintura em 100% das peças antes do envio', undefined, T)).toBeInTheDocument();
    expect(screen.getByText('Prazo final')).toBeInTheDocument();
  });

  it('staff edit a plan with the generic form', async () => {
    const plan = await rncPlan();
    await open(SGI, `/planos-acao/edit/${plan.id}`);
    expect(await screen.findByLabelText('Título', undefined, T)).toBeInTheDocument();
    expect(screen.queryByText('Informe a situação, o andamento e as evidências das ações da sua empresa.')).toBeNull();
  });
});
