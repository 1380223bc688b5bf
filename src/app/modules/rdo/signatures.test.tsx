/**
 * The daily report's signatures on its page, against the real API in-process: reports are created,
 * concluded ("enviar"), signed and returned ("devolver") through the API as the people who may, and
 * the card and the modal talk to the real GET/POST /api/v1/diarios/{id}/assinaturas. jsdom has no
 * canvas: the 2D context and the PNG export are stubbed (the export answers a real 1×1 PNG, which
 * the server validates), the pointer events are real.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { useNodeTypedArrays } from '../../../../tests/app/node-typed-arrays';
import { client } from '../../../../tests/api/workflow-helpers';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { formatDateTime } from '../../format';
import { DiarioShow } from './diario-show';
import { exportSignature } from './signature-pad';
import type { SignaturesView as SignaturesInfo } from '../../../../resources/signatures';

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
const diario = schemaByName('diario')!;
/** A valid 1×1 PNG: what the stubbed canvas exports, and what the server accepts and stores. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const ALREADY_SIGNED = 'Você já assinou este diário.';

let day = 0;
/** A new report of obra 101 by the site manager, concluded with "enviar" unless `draft`. */
async function newReport(draft = false): Promise<number> {
  day++;
  const created = await c.post('/api/v1/diarios', { obra: '101', data: `2026-09-${String(day).padStart(2, '0')}`, ocorrencias: `Teste ${day}.` }, SM);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  if (!draft) await step(id, 'enviar', SM);
  return id;
}

async function step(id: number, name: string, as: string, extra: Record<string, unknown> = {}) {
  const r = await c.step('diarios', id, name, as, extra);
  expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
}

async function sign(id: number, as: string, body: unknown) {
  const r = await c.post(`/api/v1/diarios/${id}/assinaturas`, body, as);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

async function signaturesOf(id: number, as = SM): Promise<SignaturesInfo> {
  const r = await c.get(`/api/v1/diarios/${id}/assinaturas`, as);
  expect(r.status).toBe(200);
  return r.body as SignaturesInfo;
}

const signaturesCalls = (id: number) => t.requests.filter((r) => r.url.pathname === `/api/v1/diarios/${id}/assinaturas`);

function open(id: number) {
  return renderViews({
    schemas: [diario],
    path: `/diarios/${id}`,
    routes: <Route path="/diarios/:diario" element={<DiarioShow schema={diario} />} />,
    user: DEMO_USERS[SM],
  });
}

/** A 2D context that records the drawing calls (jsdom has none). */
function stubCanvas() {
  const ctx = {
    setTransform: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    drawImage: vi.fn(),
    lineWidth: 0,
    lineCap: '',
    lineJoin: '',
    strokeStyle: '',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
  return ctx;
}

describe('signatures of a daily report', { timeout: 120_000 }, () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the signatures of a concluded report, the voided ones with their reason, and no button without podeAssinar', async () => {
    // Signed by both, returned for correction (voids both with the reason), concluded and signed again.
    const id = await newReport();
    await sign(id, SM, { metodo: 'desenho', imagem: PNG });
    await sign(id, CLIENTE, { metodo: 'login', confirmo: true });
    await step(id, 'devolver', ADMIN, { comment: 'Faltou o efetivo.' });
    await step(id, 'enviar', SM);
    await sign(id, SM, { metodo: 'desenho', imagem: PNG });
    const info = await signaturesOf(id);
    expect(info).toMatchObject({ podeAssinar: false, motivo: ALREADY_SIGNED, proxima: 'cliente' });
    expect(info.assinaturas.map((s) => [s.papel, s.metodo, s.valida])).toEqual([
      ['responsavel', 'desenho', false],
      ['cliente', 'login', false],
      ['responsavel', 'desenho', true],
    ]);

    open(id);
    const list = await screen.findByRole('list', { name: 'Assinaturas do diário' }, T);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Responsável da obra: Site Manager',
      'Representante do cliente: Cliente Demonstração',
      'Responsável da obra: Site Manager',
    ]);
    const [firstVoided, clientVoided, valid] = items;
    const [s1, s2, s3] = info.assinaturas;
    for (const [li, s] of [
      [firstVoided, s1],
      [clientVoided, s2],
    ] as const) {
      expect(within(li).getByText('Anulada')).toBeInTheDocument();
      expect(within(li).queryByText('Válida')).toBeNull();
      expect(s.anuladaMotivo).toBe('Diário reaberto: Faltou o efetivo.');
      expect(within(li).getByText(`Anulada em ${formatDateTime(s.anuladaEm)}: Diário reaberto: Faltou o efetivo.`)).toBeInTheDocument();
    }
    expect(within(firstVoided).getByText(`${formatDateTime(s1.em)} · Assinatura desenhada`)).toBeInTheDocument();
    expect(within(clientVoided).getByText(`${formatDateTime(s2.em)} · Confirmada com o login`)).toBeInTheDocument();
    expect(within(clientVoided).queryByRole('img')).toBeNull();
    expect(within(valid).getByText('Válida')).toBeInTheDocument();
    expect(within(valid).queryByText('Anulada')).toBeNull();
    expect(within(valid).getByText(`${formatDateTime(s3.em)} · Assinatura desenhada`)).toBeInTheDocument();
    expect(within(valid).getByRole('img', { name: 'Assinatura desenhada de Site Manager' })).toHaveAttribute('src', PNG);

    expect(info.codigo).toMatch(/^[A-Z0-9]{10}$/);
    expect(screen.getByText(info.codigo!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verificar autenticidade' })).toHaveAttribute('href', `/verificar/${info.codigo}`);
    expect(screen.getByText(ALREADY_SIGNED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar diário/ })).toBeNull();
  });

  it('shows no card, and asks nothing, while the report is a draft', async () => {
    const id = await newReport(true);
    open(id);
    await screen.findByRole('button', { name: /Baixar PDF/ }, T);
    expect(screen.queryByText('Assinaturas')).toBeNull();
    expect(signaturesCalls(id)).toHaveLength(0);
  });

  it('signs by drawing: the pad enables "Assinar", posts the PNG and the card shows the new signature', async () => {
    const ctx = stubCanvas();
    const id = await newReport();
    expect(await signaturesOf(id)).toMatchObject({ podeAssinar: true, proxima: 'responsavel', assinaturas: [] });
    open(id);
    await userEvent.click(await screen.findByRole('button', { name: /Assinar diário/ }, T));
    expect(screen.getByText('Nenhuma assinatura ainda.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Assinar diário' });
    expect(within(dialog).getByText(/IP, o dispositivo \(navegador\) e uma impressão digital \(SHA-256\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Qualquer alteração posterior do conteúdo anula a assinatura/)).toBeInTheDocument();
    const ok = within(dialog).getByRole('button', { name: 'Assinar' });
    expect(ok).toBeDisabled();

    const pad = within(dialog).getByRole('img', { name: 'Quadro para desenhar a assinatura' });
    expect(pad).toHaveAccessibleDescription(/Desenhe sua assinatura/);
    expect(pad.style.touchAction).toBe('none');
    // A tap is not a signature.
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    expect(ok).toBeDisabled();
    // A stroke with a pen is.
    fireEvent.pointerDown(pad, { pointerId: 2, pointerType: 'pen', clientX: 10, clientY: 20 });
    fireEvent.pointerMove(pad, { pointerId: 2, pointerType: 'pen', clientX: 40, clientY: 30 });
    fireEvent.pointerMove(pad, { pointerId: 2, pointerType: 'pen', clientX: 80, clientY: 25 });
    fireEvent.pointerUp(pad, { pointerId: 2, pointerType: 'pen', clientX: 80, clientY: 25 });
    expect(ctx.lineTo).toHaveBeenCalledWith(80, 25);
    await waitFor(() => expect(ok).toBeEnabled());
    expect(within(dialog).getByText('Assinatura desenhada.')).toBeInTheDocument();

    // "Limpar" erases it; draw again with the mouse.
    await userEvent.click(within(dialog).getByRole('button', { name: /Limpar/ }));
    await waitFor(() => expect(ok).toBeDisabled());
    fireEvent.pointerDown(pad, { pointerId: 3, pointerType: 'mouse', button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(pad, { pointerId: 3, pointerType: 'mouse', clientX: 60, clientY: 50 });
    fireEvent.pointerUp(pad, { pointerId: 3, pointerType: 'mouse', clientX: 60, clientY: 50 });
    await waitFor(() => expect(ok).toBeEnabled());

    await userEvent.click(ok);
    const item = await screen.findByRole('listitem', { name: 'Responsável da obra: Site Manager' }, T);
    expect(
      signaturesCalls(id)
        .filter((r) => r.method === 'POST')
        .map((r) => r.body),
    ).toEqual([{ metodo: 'desenho', imagem: PNG }]);
    expect(within(item).getByText('Válida')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Assinatura desenhada de Site Manager' })).toHaveAttribute('src', PNG);
    expect(screen.getByText(ALREADY_SIGNED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar diário/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assinar diário' })).toBeNull());
    // Stored by the server: the drawn PNG, by the site manager, valid, with the report's code.
    const stored = await signaturesOf(id, ADMIN);
    expect(stored.assinaturas).toEqual([expect.objectContaining({ papel: 'responsavel', email: SM, metodo: 'desenho', imagem: PNG, valida: true })]);
    expect(screen.getByText(stored.codigo!)).toBeInTheDocument();
  });

  it('signs with the login confirmation from the keyboard and shows the API refusal', async () => {
    stubCanvas();
    const id = await newReport();
    // On a phone (390 px) the modal takes the whole width.
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      open(id);
      await userEvent.click(await screen.findByRole('button', { name: /Assinar diário/ }, T));
    } finally {
      window.innerWidth = width;
    }
    const dialog = await screen.findByRole('dialog', { name: 'Assinar diário' });
    expect(dialog.style.width).toBe('100vw');
    const ok = within(dialog).getByRole('button', { name: 'Assinar' });
    // Keyboard only: the method radios (arrow keys), then the confirmation checkbox (space).
    within(dialog).getByRole('radio', { name: 'Desenhar assinatura' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Confirmar com meu login' })).toBeChecked();
    const confirm = within(dialog).getByRole('checkbox', { name: 'Confirmo que li o diário e concordo com o seu conteúdo' });
    expect(ok).toBeDisabled();
    confirm.focus();
    await userEvent.keyboard(' ');
    expect(confirm).toBeChecked();
    expect(ok).toBeEnabled();
    // Meanwhile the site manager signed on another device: the API refuses (409) with its message.
    await sign(id, SM, { metodo: 'login', confirmo: true });
    await userEvent.click(ok);
    expect(await within(dialog).findByRole('alert', {}, T)).toHaveTextContent(ALREADY_SIGNED);
    expect(
      signaturesCalls(id)
        .filter((r) => r.method === 'POST')
        .map((r) => r.body),
    ).toEqual([{ metodo: 'login', confirmo: true }]);
    expect(screen.getByRole('dialog', { name: 'Assinar diário' })).toBeInTheDocument();
    // The card reloads (409): the signature made elsewhere, and no more "Assinar diário".
    await screen.findByRole('listitem', { name: 'Responsável da obra: Site Manager' }, T);
    expect(screen.queryByRole('button', { name: /Assinar diário/ })).toBeNull();
    expect((await signaturesOf(id)).assinaturas).toHaveLength(1);
  });

  it('exports the drawing scaled down to at most 600×200', () => {
    const ctx = stubCanvas();
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 540;
    expect(exportSignature(canvas)).toBe(PNG);
    expect(ctx.drawImage).toHaveBeenCalledWith(canvas, 0, 0, 444, 200);
    ctx.drawImage.mockClear();
    canvas.width = 500;
    canvas.height = 150;
    exportSignature(canvas);
    expect(ctx.drawImage).not.toHaveBeenCalled();
  });
});
