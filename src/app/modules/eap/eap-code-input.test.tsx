/**
 * A work order's daily report picks each activity's EAP item from the tree of the report's site and
 * area (`atividades.eapCodigo`, declared with `eapCodeOf`), against the real API in-process (MSW):
 * the EAP's configurators and the technicians who write the reports on their sites alike (issue 23:
 * the field team does not read the EAP itself, only its pickable codes); on a site that is not
 * theirs the code is typed as before.
 */
import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { GenericCreate } from '../../views/generic-create';
import { DEMO_USERS } from '../../../../mocks/test-app';

const AUTOMACAO = 'automacao@portal.local';
const FIELD = 'field@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(AUTOMACAO);
const diarioOs = schemaByName('diarioOs')!;

const form = (user: string, initialValues: Record<string, unknown>) =>
  renderViews({
    schemas: [diarioOs],
    path: '/novo-diario',
    routes: <Route path="/novo-diario" element={<GenericCreate schema={diarioOs} initialValues={initialValues} />} />,
    user: DEMO_USERS[user],
  });

const activities = () => screen.getByText('Atividades', { selector: '.ant-form-item-label label' }).closest('.ant-form-item') as HTMLElement;

describe("daily report activities' EAP item", { timeout: 90_000 }, () => {
  it("picks the code from the tree of the report's site and area", async () => {
    form(AUTOMACAO, { obra: '103', area: 'AUTOMACAO' });
    fireEvent.click(await waitFor(() => within(activities()).getByRole('button', { name: /Adicionar linha/ }), T));
    const picker = await within(activities()).findByRole('combobox', { name: 'Item da EAP' }, T);
    await waitFor(() => expect(t.requests.some((r) => r.method === 'GET' && r.url.pathname === '/api/v1/obras/103/eap-codigos')).toBe(true), T);
    const get = t.requests.find((r) => r.method === 'GET' && r.url.pathname === '/api/v1/obras/103/eap-codigos')!;
    expect(get.url.searchParams.get('area')).toBe('AUTOMACAO');
    fireEvent.mouseDown(picker);
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find((e) => e.textContent === '3.1 — Configuração de IEDs');
      if (!el) throw new Error('opção 3.1 ausente');
      return el;
    }, T);
    // The whole tree of that EAP, nothing of other sites or areas.
    const offered = [...document.querySelectorAll('.ant-select-tree-title')].map((e) => e.textContent);
    expect(offered).toEqual(['3 — Automação da subestação', '3.1 — Configuração de IEDs', '3.2 — Telas do SCADA']);
    fireEvent.click(option);
    fireEvent.change(within(activities()).getByLabelText('Descrição'), { target: { value: 'Parametrização dos IEDs do bay 2' } });
    fireEvent.change(screen.getByLabelText('Responsável pelo diário: e-mail'), { target: { value: AUTOMACAO } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/diarios-os')).toBe(true), T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/diarios-os')!;
    expect(post.body).toMatchObject({ obra: '103', area: 'AUTOMACAO', atividades: [{ eapCodigo: '3.1', descricao: 'Parametrização dos IEDs do bay 2' }] });
  });

  it('keeps a stored code that is not in the EAP, marked', async () => {
    form(AUTOMACAO, { obra: '103', area: 'AUTOMACAO', atividades: [{ eapCodigo: '9.9', descricao: 'Código antigo' }] });
    const picker = await within(await waitFor(() => activities(), T)).findByRole('combobox', { name: 'Item da EAP' }, T);
    const cell = picker.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(cell).getByText('9.9 (fora da EAP desta obra)')).toBeInTheDocument(), T);
  });

  it("offers the field technician the codes of their site's FIELD EAP as a searchable select", async () => {
    t.mock.setUser(FIELD);
    form(FIELD, { obra: '101', area: 'FIELD' });
    fireEvent.click(await waitFor(() => within(activities()).getByRole('button', { name: /Adicionar linha/ }), T));
    const picker = await within(activities()).findByRole('combobox', { name: 'Item da EAP' }, T);
    expect(within(activities()).queryByRole('textbox', { name: 'Item da EAP' })).toBeNull();
    await waitFor(
      () =>
        expect(
          t.requests.some((r) => r.method === 'GET' && r.url.pathname === '/api/v1/obras/101/eap-codigos' && r.url.searchParams.get('area') === 'FIELD'),
        ).toBe(true),
      T,
    );
    // Not the EAP records themselves (the field team may not read them).
    expect(t.requests.some((r) => r.url.pathname === '/api/v1/eap-os')).toBe(false);
    fireEvent.mouseDown(picker);
    const titles = (visibleOnly = false) => [
      ...document.querySelectorAll<HTMLElement>(
        `.ant-select-tree-treenode${visibleOnly ? ':not(.ant-select-tree-treenode-hidden)' : ''} .ant-select-tree-title`,
      ),
    ];
    await waitFor(() => expect(titles().map((e) => e.textContent)).toContain('2.1 — Instalação de inversores'), T);
    const offered = titles().map((e) => e.textContent);
    expect(offered).toEqual(
      expect.arrayContaining(['1 — Obras civis e estrutura metálica', '2 — Serviços de campo — elétrica', '2.2 — Comissionamento do pórtico rolante']),
    );
    // Neither the automation EAP of 101 (5.x) nor another site's items (103: 3.x, 4).
    expect(offered.filter((o) => /^(5|3|4)(\.| )/.test(o ?? ''))).toEqual([]);
    // Searchable: typing narrows the tree to the matching items (and their parents).
    fireEvent.change(picker, { target: { value: 'pórtico' } });
    await waitFor(() => expect(titles(true).map((e) => e.textContent)).not.toContain('2.1 — Instalação de inversores'), T);
    fireEvent.click(titles(true).find((e) => e.textContent === '2.2 — Comissionamento do pórtico rolante')!);
    fireEvent.change(within(activities()).getByLabelText('Descrição'), { target: { value: 'Testes do pórtico' } });
    fireEvent.change(screen.getByLabelText('Responsável pelo diário: e-mail'), { target: { value: FIELD } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/diarios-os')).toBe(true), T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/diarios-os')!;
    expect(post.body).toMatchObject({ obra: '101', area: 'FIELD', atividades: [{ eapCodigo: '2.2', descricao: 'Testes do pórtico' }] });
  });

  it('opens the matches of what was typed before the tree arrived', async () => {
    t.mock.setUser(FIELD);
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    // The site's codes answer late (a slow network): the technician has typed by then. Returning
    // nothing hands the request on to the real API.
    t.server.use(http.get('http://localhost/api/v1/obras/101/eap-codigos', async () => void (await gate)));
    form(FIELD, { obra: '101', area: 'FIELD' });
    fireEvent.click(await waitFor(() => within(activities()).getByRole('button', { name: /Adicionar linha/ }), T));
    const picker = await within(activities()).findByRole('combobox', { name: 'Item da EAP' }, T);
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'inversores' } });
    release();
    const shown = () => [...document.querySelectorAll<HTMLElement>('.ant-select-tree-treenode:not(.ant-select-tree-treenode-hidden) .ant-select-tree-title')];
    // The parent item opened over its match, not collapsed.
    await waitFor(() => expect(shown().map((e) => e.textContent)).toContain('2.1 — Instalação de inversores'), T);
    fireEvent.click(shown().find((e) => e.textContent === '2.1 — Instalação de inversores')!);
    await waitFor(() => expect(within(activities()).getByText('2.1 — Instalação de inversores')).toBeInTheDocument(), T);
  });

  it("is a text box on a site that is not the field technician's", async () => {
    t.mock.setUser(FIELD);
    form(FIELD, { obra: '102', area: 'FIELD' });
    fireEvent.click(await waitFor(() => within(activities()).getByRole('button', { name: /Adicionar linha/ }), T));
    const box = within(activities()).getByRole('textbox', { name: 'Item da EAP' });
    fireEvent.change(box, { target: { value: '2.1' } });
    expect(box).toHaveValue('2.1');
    expect(within(activities()).queryByRole('combobox', { name: 'Item da EAP' })).toBeNull();
    expect(t.requests.some((r) => r.url.pathname.endsWith('/eap-codigos') || r.url.pathname === '/api/v1/eap-os')).toBe(false);
  });
});
