/**
 * The public verification page, anonymously, against the real API in-process: the codes come from
 * daily reports concluded and signed through the API (one signed by both and valid, one returned
 * with "devolver" after the site manager signed, so its signatures voided, one voided by an
 * administrator with "anular"), an unknown well-formed code (404) and
 * a malformed one (400); a code typed in the box opens its own address.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { useNodeTypedArrays } from '../../../../tests/app/node-typed-arrays';
import { client } from '../../../../tests/api/workflow-helpers';
import { formatDateTime } from '../../format';
import { OUTCOME_TITLES, UNKNOWN_TITLE, VALID_TITLE, VerifyPage } from './verify-page';

const VOID_TITLE = OUTCOME_TITLES['assinaturas-anuladas'];
import type { Verification } from './verify-api';

const T = { timeout: 30_000 };
const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local'; // 'Site Manager', site manager of obra 101 (demo)
const CLIENTE = 'cliente@portal.local'; // 'Cliente Demonstração', representante_cliente on obra 101 (demo)
const t = useInProcessApi(SM);
useNodeTypedArrays();
const c = client({
  get api() {
    return t.mock.api;
  },
});

/** A daily report of obra 101 concluded by the site manager and signed by `signers` in order; its code. */
async function signedReport(data: string, signers: string[]): Promise<{ id: number; codigo: string }> {
  const created = await c.post('/api/v1/diarios', { obra: '101', data, ocorrencias: `Verificação ${data}.` }, SM);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  expect((await c.step('diarios', id, 'enviar', SM)).status).toBe(200);
  let codigo = '';
  for (const as of signers) {
    const r = await c.post(`/api/v1/diarios/${id}/assinaturas`, { metodo: 'login', confirmo: true }, as);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    codigo = r.body.codigo as string;
  }
  return { id, codigo };
}

/** What the API answers anonymously for a code. */
async function verification(codigo: string): Promise<{ status: number; body: Verification & { message?: string } }> {
  const res = await t.mock.api.request(`/api/v1/verificar/${encodeURIComponent(codigo)}`, { as: null });
  return { status: res.status, body: (await res.json()) as Verification & { message?: string } };
}

let valid = '';
let voided = '';
let annulled = '';
beforeAll(async () => {
  const toVoid = await signedReport('2026-08-12', [SM, CLIENTE]);
  annulled = toVoid.codigo;
  expect((await c.step('diarios', toVoid.id, 'anular', ADMIN, { comment: 'Diário lançado na obra errada.' })).status).toBe(200);
  valid = (await signedReport('2026-08-10', [SM, CLIENTE])).codigo;
  const returned = await signedReport('2026-08-11', [SM]);
  voided = returned.codigo;
  expect((await c.step('diarios', returned.id, 'devolver', ADMIN, { comment: 'Faltou o efetivo.' })).status).toBe(200);
}, 120_000);
// The page is public: nobody signed in.
beforeEach(() => t.mock.setUser(null));

const asked = () => t.requests.filter((r) => r.url.pathname.startsWith('/api/v1/verificar/')).map((r) => decodeURIComponent(r.url.pathname.split('/').pop()!));

const open = (path: string) =>
  render(
    <ConfigProvider locale={ptBR}>
      <AntdApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/verificar" element={<VerifyPage />} />
            <Route path="/verificar/:codigo" element={<VerifyPage />} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );

describe('public verification page', { timeout: 60_000 }, () => {
  it('says a document is valid, with its name and signers', async () => {
    const { status, body } = await verification(valid);
    expect(status).toBe(200);
    expect(body.valido).toBe(true);
    open(`/verificar/${valid}`);
    expect(await screen.findByText(VALID_TITLE, {}, T)).toBeInTheDocument();
    expect(screen.queryByText(VOID_TITLE)).toBeNull();
    expect(body.documento).toMatch(/^Diário de obra nº \d+ — .+ — 10\/08\/2026$/);
    expect(screen.getByText(body.documento)).toBeInTheDocument();
    expect(screen.getByText(body.mensagem)).toBeInTheDocument();
    const signers = screen.getByRole('list', { name: 'Assinantes' });
    const items = within(signers).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Responsável da obra');
    expect(items[0]).toHaveTextContent('Site Manager');
    expect(items[0]).toHaveTextContent(`Assinado em ${formatDateTime(body.assinaturas[0].em)}`);
    expect(within(items[0]).getByText('Válida')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Representante do cliente');
    expect(items[1]).toHaveTextContent('Cliente Demonstração');
    expect(items[1]).toHaveTextContent(`Assinado em ${formatDateTime(body.assinaturas[1].em)}`);
    expect(screen.getByLabelText('Código de verificação')).toHaveValue(valid);
    expect(asked()).toEqual([valid]);
    expect(t.requests.every((r) => !r.url.pathname.startsWith('/api/v1/') || r.url.pathname.startsWith('/api/v1/verificar/'))).toBe(true);
  });

  it('says when the signatures were voided or the content changed', async () => {
    const { body } = await verification(voided);
    expect(body.valido).toBe(false);
    open(`/verificar/${voided}`);
    expect(await screen.findByText(VOID_TITLE, {}, T)).toBeInTheDocument();
    expect(screen.queryByText(VALID_TITLE)).toBeNull();
    expect(screen.getByText(body.mensagem)).toBeInTheDocument();
    expect(body.mensagem).toMatch(/assinaturas foram anuladas/);
    expect(body.situacao).toBe('assinaturas-anuladas');
    const [signer, ...others] = within(screen.getByRole('list', { name: 'Assinantes' })).getAllByRole('listitem');
    expect(others).toHaveLength(0);
    expect(signer).toHaveTextContent('Site Manager');
    expect(within(signer).getByText('Anulada')).toBeInTheDocument();
  });

  it('says a voided document is voided, when, by whom and why', async () => {
    const { body } = await verification(annulled);
    expect(body.valido).toBe(false);
    expect(body.situacao).toBe('anulado');
    expect(body.mensagem).toMatch(/^Documento anulado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por .+\. Motivo: Diário lançado na obra errada\.$/);
    open(`/verificar/${annulled}`);
    expect(await screen.findByText('Documento anulado', {}, T)).toBeInTheDocument();
    expect(screen.getByText(body.mensagem)).toBeInTheDocument();
    expect(screen.queryByText(VALID_TITLE)).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Assinantes' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const item of items) expect(within(item).getByText('Anulada')).toBeInTheDocument();
  });

  it('says an unknown code does not exist, and a malformed one what the API answers', async () => {
    const unknown = [valid, voided, annulled].includes('ABCDEFGHJK') ? 'ABCDEFGHJM' : 'ABCDEFGHJK';
    expect((await verification(unknown)).status).toBe(404);
    open(`/verificar/${unknown}`);
    expect(await screen.findByText(UNKNOWN_TITLE, {}, T)).toBeInTheDocument();
    expect(screen.queryByText(VALID_TITLE)).toBeNull();
    expect(screen.queryByText(VOID_TITLE)).toBeNull();
    cleanup();
    const malformed = await verification('CURTO');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Código de verificação inválido: são 10 letras e números, como impresso no documento.');
    open('/verificar/CURTO');
    expect(await screen.findByText(malformed.body.message!, {}, T)).toBeInTheDocument();
    expect(screen.queryByText(UNKNOWN_TITLE)).toBeNull();
    expect(asked()).toEqual([unknown, 'CURTO']);
  });

  it('verifies a typed code', async () => {
    open('/verificar');
    const input = screen.getByLabelText('Código de verificação');
    expect(screen.getByRole('button', { name: 'Verificar' })).toBeDisabled();
    await userEvent.type(input, `  ${valid} `);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(VALID_TITLE, {}, T)).toBeInTheDocument();
    expect(asked()).toEqual([valid]);
  });
});
