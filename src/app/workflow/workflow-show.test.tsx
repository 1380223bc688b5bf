/**
 * The workflow on the generic show page (state, steps, transition buttons, comment dialog,
 * history entries) against the real API in-process (mocks/api.ts), as admin@portal.local, on
 * contracts created for each test with the administrator as every person of the contract.
 *
 * One test uses an MSW override (marked below): the server's own `errors.comment` can only be
 * reached by sending no comment, which the dialog's client-side check never lets through.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { COMMENT_REQUIRED } from './transition-modal';
import { CONFLICT_TEXT } from './transition-errors';
import type { TransitionOption } from './types';
import { CNPJ } from '../../server/seed/demo-empresas';

const contrato = schemaByName('contrato') as EntitySchema;
const ADMIN = 'admin@portal.local';
const T = { timeout: 20_000 };
const t = useInProcessApi(ADMIN);
let seq = 0;
/** The transition POSTs the views made. */
const posts = () => t.requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.url.pathname, body: r.body as Record<string, unknown> }));

async function api<T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await t.mock.api.request(path, { ...init, as: ADMIN });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A new contract in Revisão whose responsible, manager and validator are the administrator. */
async function newContract(extra: Record<string, unknown> = {}): Promise<{ id: number; version: number }> {
  const me = { mail: ADMIN, nome: 'Administrador' };
  const r = await api<{ id: number; version: number; status: string }>('/api/v1/contratos', {
    method: 'POST',
    json: {
      numero: `WF-UI-${Date.now().toString(36)}-${++seq}`,
      tipo: 'Fornecimento',
      contraparte: CNPJ.trafoSul,
      objeto: 'Fornecimento de perfis metálicos',
      obra: '101',
      responsavel: me,
      gestor: me,
      validador: me,
      arquivos: [{ key: 'demo/testes/contrato.pdf', name: 'contrato.pdf', size: 1000, type: 'application/pdf' }],
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  expect(r.body.status).toBe('Revisão');
  return r.body;
}

/** Takes a step through the API (the test's "someone else"). */
async function step(id: number, name: string, comment?: string) {
  const now = await api<{ version: number }>(`/api/v1/contratos/${id}`);
  const r = await api(`/api/v1/contratos/${id}/transitions/${name}`, { method: 'POST', json: { version: now.body.version, comment } });
  expect(r.status).toBe(200);
}

const panel = () => screen.getByRole('region', { name: 'Situação e ações' });
const actions = () => within(panel()).getByRole('group', { name: 'Ações da situação' });
const dialog = () => screen.getByRole('dialog');

describe('workflow on the show page', () => {
  it('shows the state as a tag, the main path as steps and one button per transition the API offers', async () => {
    const k = await newContract();
    const offered = (await api<TransitionOption[]>(`/api/v1/contratos/${k.id}/transitions`)).body;
    expect(offered.map((t) => t.name)).toContain('emitir-juridico');

    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    await waitFor(() => expect(within(panel()).getByRole('group', { name: 'Ações da situação' })).toBeInTheDocument(), T);
    const tag = within(panel()).getByText('Revisão', { selector: '.ant-tag' });
    expect(tag.className).toContain('ant-tag-blue');
    const steps = within(panel()).getByRole('group', { name: 'Etapas do fluxo' });
    expect([...steps.querySelectorAll('.ant-steps-item-title')].map((e) => e.textContent)).toEqual([
      'Revisão',
      'Emitido para o Jurídico',
      'Emitido para o verificador',
      'Em finalização',
      'Aprovado',
    ]);
    expect(steps.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent).toBe('Revisão');

    const buttons = within(actions()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(offered.map((t) => t.label));
    for (const t of offered) {
      const b = within(actions()).getByRole('button', { name: t.label });
      expect(b.className.includes('ant-btn-primary')).toBe(t.tone === 'primary');
      expect(b.className.includes('ant-btn-dangerous')).toBe(t.tone === 'danger');
    }
    // The state is shown once, by the status bar, not again among the fields.
    const label = [...document.querySelectorAll('.ant-descriptions-item-label')].find((e) => e.textContent === 'Situação');
    expect(label).toBeUndefined();
    expect(screen.getByTestId('workflow-state').textContent).toBe('Revisão');
  });

  it('a step without comment asks for confirmation, moves the record and lands in the history', async () => {
    const k = await newContract();
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Ações da situação' }, T)).findByRole('button', { name: 'Emitir para o Jurídico' }));
    await screen.findByText('Confirmar: Emitir para o Jurídico?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));

    await screen.findByText('Situação alterada para Emitido para o Jurídico', {}, T);
    expect(posts().find((p) => p.path === `/api/v1/contratos/${k.id}/transitions/emitir-juridico`)?.body).toEqual({ version: k.version });
    await waitFor(() => expect(within(panel()).getByText('Emitido para o Jurídico', { selector: '.ant-tag' })).toBeInTheDocument(), T);
    // The buttons follow the new state.
    await waitFor(() => expect(within(actions()).queryByRole('button', { name: 'Emitir para o Jurídico' })).toBeNull(), T);
    expect(within(actions()).getByRole('button', { name: 'Emitir para o verificador' })).toBeEnabled();
    // History: label in bold, from → to, by whom.
    const entry = (await screen.findByText('Emitir para o Jurídico', { selector: 'strong' }, T)).closest('.ant-timeline-item')!;
    expect(entry.textContent).toContain('de Revisão para Emitido para o Jurídico');
    // By name, not by address (issue 23: words, not codes).
    await waitFor(() => expect(entry.textContent).toContain('por Administrador'), T);
    expect(entry.textContent).not.toContain(ADMIN);
  });

  it('a step with a required comment opens the dialog, refuses an empty comment and keeps the comment in the history', async () => {
    const k = await newContract();
    await step(k.id, 'emitir-juridico');
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Ações da situação' }, T)).findByRole('button', { name: 'Devolver para revisão' }));

    expect(within(dialog()).getByText('Devolver para revisão', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Comentário (obrigatório)')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Devolver para revisão' }));
    await within(dialog()).findByText(COMMENT_REQUIRED);
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('Comentário (obrigatório)'), { target: { value: 'Falta a cláusula de reajuste.' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Devolver para revisão' }));
    await screen.findByText('Situação alterada para Revisão', {}, T);
    expect(posts()[0].body).toMatchObject({ comment: 'Falta a cláusula de reajuste.' });
    const quote = await screen.findByText('Falta a cláusula de reajuste.', { selector: 'blockquote' }, T);
    const entry = quote.closest('.ant-timeline-item')!;
    expect(within(entry as HTMLElement).getByText('Devolver para revisão', { selector: 'strong' })).toBeInTheDocument();
    expect(entry.textContent).toContain('de Emitido para o Jurídico para Revisão');
  });

  it("shows the server's comment error on the comment field", async () => {
    const k = await newContract();
    await step(k.id, 'emitir-juridico');
    // MSW override: the real server answers this 400 only to an empty comment, which the dialog
    // never sends; here it refuses a filled one with the contract's error shape.
    t.server.use(
      http.post(`http://localhost/api/v1/contratos/${k.id}/transitions/devolver`, () =>
        HttpResponse.json(
          { message: 'Escreva um comentário para "Devolver para revisão".', statusCode: 400, errors: { comment: ['O comentário é obrigatório nesta ação.'] } },
          { status: 400 },
        ),
      ),
    );
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Ações da situação' }, T)).findByRole('button', { name: 'Devolver para revisão' }));
    fireEvent.change(within(dialog()).getByLabelText('Comentário (obrigatório)'), { target: { value: 'ok' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Devolver para revisão' }));
    const error = await within(dialog()).findByText('O comentário é obrigatório nesta ação.', {}, T);
    expect(error.closest('.ant-form-item')?.textContent).toContain('Comentário (obrigatório)');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a step refused for empty fields names them with their labels', async () => {
    const k = await newContract({ arquivos: [] });
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Ações da situação' }, T)).findByRole('button', { name: 'Emitir para o Jurídico' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    const alert = await within(panel()).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('Arquivos do contrato');
    expect(within(panel()).getByText('Revisão', { selector: '.ant-tag' })).toBeInTheDocument();
    const saved = await api<{ status: string }>(`/api/v1/contratos/${k.id}`);
    expect(saved.body.status).toBe('Revisão');
  });

  it('a stale version (409) says the record changed and reloads it', async () => {
    const k = await newContract();
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    const group = await screen.findByRole('group', { name: 'Ações da situação' }, T);
    // Someone else edits the contract meanwhile.
    const patched = await api(`/api/v1/contratos/${k.id}`, { method: 'PATCH', json: { version: k.version, observacoes: 'Alterado por outra pessoa' } });
    expect(patched.status).toBe(200);

    fireEvent.click(within(group).getByRole('button', { name: 'Emitir para o Jurídico' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await screen.findByText(CONFLICT_TEXT, {}, T);
    expect((await screen.findAllByText('Alterado por outra pessoa', {}, T)).length).toBeGreaterThan(0);

    // The reloaded version goes through. (A regex: under jsdom the spent loading icon stays in the
    // button, as antd's leave animation never ends, and adds "loading" to its name.)
    await waitFor(() => expect(within(actions()).getByRole('button', { name: /Emitir para o Jurídico/ })).toBeEnabled(), T);
    fireEvent.click(within(actions()).getByRole('button', { name: /Emitir para o Jurídico/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Confirmar/ }));
    await screen.findByText('Situação alterada para Emitido para o Jurídico', {}, T);
    expect(posts().at(-1)?.body).toEqual({ version: k.version + 1 });
  });

  it('the administrators\' "Alterar situação" asks for the new state and a comment', async () => {
    const k = await newContract();
    const offered = (await api<TransitionOption[]>(`/api/v1/contratos/${k.id}/transitions`)).body;
    const admin = offered.find((t) => t.choices);
    expect(admin?.label).toBe('Alterar situação');
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Ações da situação' }, T)).findByRole('button', { name: 'Alterar situação' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Alterar situação' }));
    await within(dialog()).findByText('Escolha a nova situação.');
    expect(await within(dialog()).findByText(COMMENT_REQUIRED, {}, T)).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog()).getByLabelText('Nova situação'));
    // The current state is not offered.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).not.toContain('Revisão');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Em finalização"]')!);
    fireEvent.change(within(dialog()).getByLabelText('Comentário (obrigatório)'), { target: { value: 'Correção de cadastro.' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Alterar situação' }));
    await screen.findByText('Situação alterada para Em finalização', {}, T);
    expect(posts()[0].body).toEqual({ version: k.version, to: 'Em finalização', comment: 'Correção de cadastro.' });
    await within(panel()).findByText('Em finalização', { selector: '.ant-tag' }, T);
  });

  it('create and edit forms do not offer the state field', async () => {
    const k = await newContract();
    renderViews({ schemas: [contrato], path: '/contratos/create' });
    await screen.findByLabelText('Nº do contrato', {}, T);
    expect(screen.queryByLabelText('Situação')).toBeNull();
    cleanup();
    renderViews({ schemas: [contrato], path: `/contratos/edit/${k.id}` });
    await waitFor(() => expect(screen.getByLabelText('Nº do contrato')).not.toHaveValue(''), T);
    expect(screen.queryByLabelText('Situação')).toBeNull();
  });
});
