/**
 * The checklist fill screen (/:obra/checklist/:tipo/preencher) against the real API in-process, as
 * the field technician field@portal.local (create and read on FIELD, sites 101 and 103): work order
 * from `?os=`, templates of the site, items by section, checks before sending, the API's errors on
 * their items, a photo per answer, and the saved checklist's page on success.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { SPEC_ROUTES } from '../../../../resources/routes';
import { schemaByName } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { ChecklistFillPage } from './checklist-fill-page';

const FIELD = 'field@portal.local';
const ADMIN = 'admin@portal.local';
const T = { timeout: 45_000 };
const t = useInProcessApi(FIELD);
const s = (name: string) => schemaByName(name) as EntitySchema;
const ROUTE = SPEC_ROUTES.find((r) => r.path === '/:obra/checklist/:tipo/preencher')!;

async function api<R = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: R }> {
  const res = await t.mock.api.request(path, { ...init, as: ADMIN });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as R };
}
const osId = async (numero: string) => (await api<{ id: number }[]>(`/api/v1/os-field?numero=${numero}`)).body[0].id;

const page = (path: string) =>
  renderViews({
    schemas: [s('checklistPreenchidoField')],
    path,
    user: DEMO_USERS[FIELD],
    routes: <Route path="/:obra/checklist/:tipo/preencher" element={<ChecklistFillPage route={ROUTE} />} />,
  });

/** Opens an antd select by its label and picks the option with this text. */
async function choose(label: string, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const el = await screen.findByText(option, { selector: '.ant-select-item-option-content' }, T);
  fireEvent.click(el);
}
const item = (question: string | RegExp) => screen.getByRole('group', { name: question });
const pick = (question: string | RegExp, option: string) => fireEvent.click(within(item(question)).getByRole('radio', { name: option }));
const postsTo = (path: string) => t.requests.filter((r) => r.method === 'POST' && r.url.pathname === path);
const uploads: string[] = [];

function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * jsdom's XMLHttpRequest bypasses MSW, so the photo upload (uploadFile of src/app/fields/form-items.tsx,
 * an XHR with a multipart body) is handed here to the same in-process API, as the signed-in user.
 */
/** A real 1×1 PNG: the API checks the type from the bytes. */
const ONE_PIXEL_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

class InProcessXhr {
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  private method = 'GET';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    void (async () => {
      const file = form.get('file') as File;
      const bytes = await readBytes(file);
      const boundary = 'checklist-test-boundary';
      const enc = new TextEncoder();
      const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
      const tail = enc.encode(`\r\n--${boundary}--\r\n`);
      const body = new Uint8Array(head.length + bytes.length + tail.length);
      body.set(head, 0);
      body.set(bytes, head.length);
      body.set(tail, head.length + bytes.length);
      const url = new URL(this.url);
      uploads.push(`${this.method} ${url.pathname}`);
      const res = await t.mock.api.request(url.pathname + url.search, {
        method: this.method,
        as: FIELD,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      this.status = res.status;
      this.responseText = await res.text();
      this.onload?.();
    })().catch(() => this.onerror?.());
  }
}

describe('checklist fill screen', { timeout: 120_000 }, () => {
  it('fills a checklist for the work order of ?os=: checks first, then saves it concluded with a photo and opens it', async () => {
    const os = await osId('OSF-101-0003');
    page(`/101/checklist/field/preencher?os=${os}`);
    expect(screen.getByRole('heading', { name: 'Preencher checklist (Field)' })).toBeInTheDocument();
    await screen.findByText(/OSF-101-0003 – Inspeção dos painéis da subestação unitária/, { selector: '.ant-select-selection-item' }, T);
    // Templates of every site and of site 101.
    fireEvent.mouseDown(screen.getByLabelText('Modelo de checklist'));
    await waitFor(
      () => expect(screen.getByText('Inspeção de obra 101 (v1) · obra 101', { selector: '.ant-select-item-option-content' })).toBeInTheDocument(),
      T,
    );
    await choose('Modelo de checklist', 'Instalação de painel elétrico (v2)');

    // Items grouped by section, with the progress.
    for (const section of ['Segurança', 'Execução', 'Encerramento']) expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    expect(screen.getByText('0 de 5 respondidos')).toBeInTheDocument();
    expect(screen.getByText(/4 obrigatórios sem resposta/)).toBeInTheDocument();

    // A non-conformity asks for an observation and moves the result off "Aprovado".
    pick(/Torque dos bornes conferido/, 'Não conforme');
    expect(within(item(/Torque dos bornes/)).getByText(/Obrigatória para itens não conformes/)).toBeInTheDocument();
    expect(screen.getByText('Aprovado com ressalvas', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
    expect(screen.getByText('1 de 5 respondidos')).toBeInTheDocument();

    // Concluding now: each problem on its item, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: /Concluir checklist/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('4 itens precisam de atenção');
    expect(within(item(/Torque dos bornes/)).getByText('Descreva a não conformidade.')).toBeInTheDocument();
    for (const q of [/Permissão de trabalho/, /Bloqueio e etiquetagem/, /Registro fotográfico/])
      expect(within(item(q)).getByText('Responda este item obrigatório.')).toBeInTheDocument();
    expect(within(item(/Resistência de isolamento/)).queryByText('Responda este item obrigatório.')).toBeNull();
    expect(postsTo('/api/v1/checklists-field')).toEqual([]);

    pick(/Permissão de trabalho/, 'Conforme');
    fireEvent.click(within(item(/Permissão de trabalho/)).getByRole('radio', { name: 'Sim' }));
    pick(/Bloqueio e etiquetagem/, 'Conforme');
    fireEvent.change(within(item(/Torque dos bornes/)).getByLabelText('Observação'), { target: { value: 'Dois bornes frouxos no X2, reapertados.' } });
    await waitFor(() => expect(within(item(/Torque dos bornes/)).queryByText('Descreva a não conformidade.')).toBeNull(), T);
    pick(/Registro fotográfico/, 'Conforme');
    const photoItem = item(/Registro fotográfico/);
    const input = within(photoItem).getByLabelText('Fotos') as HTMLInputElement;
    // Only while the photo goes up (the data provider's axios also speaks XHR): the upload reaches the in-process API.
    vi.stubGlobal('XMLHttpRequest', InProcessXhr);
    // antd draws a thumbnail of a picked image through an object URL, which jsdom lacks.
    const realObjectUrl = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:miniatura';
    try {
      fireEvent.change(input, { target: { files: [new File([ONE_PIXEL_PNG], 'painel.png', { type: 'image/png' })] } });
      await waitFor(() => expect(photoItem.querySelector('.ant-upload-list-item-done')).not.toBeNull(), T);
    } finally {
      vi.unstubAllGlobals();
      URL.createObjectURL = realObjectUrl;
    }
    expect(screen.getByText('4 de 5 respondidos')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Concluir checklist/ }));
    await waitFor(() => expect(currentLocation.pathname).toMatch(/^\/checklists-field\/show\/\d+$/), T);
    const post = postsTo('/api/v1/checklists-field')[0].body as Record<string, unknown>;
    expect(post).toMatchObject({ obra: '101', os, status: 'Concluído', resultado: 'Aprovado com ressalvas', executante: { mail: FIELD } });
    const respostas = post.respostas as Record<string, unknown>[];
    expect(respostas.map((r) => [r.item, r.secao, r.conformidade])).toEqual([
      [1, 'Segurança', 'Conforme'],
      [2, 'Segurança', 'Conforme'],
      [3, 'Execução', 'Não conforme'],
      [5, 'Encerramento', 'Conforme'],
    ]);
    expect(respostas[0].resposta).toBe('Sim');
    expect(respostas[3].fotos).toEqual([expect.objectContaining({ name: 'painel.png', type: 'image/png', key: expect.stringMatching(/\.png$/) })]);
    const id = Number(currentLocation.pathname.split('/').pop());
    const saved = await api<Record<string, unknown>>(`/api/v1/checklists-field/${id}`);
    expect(saved.body).toMatchObject({ os, status: 'Concluído', created_by: FIELD });
    // Queried again until found: a re-render of the show page can replace the node a findBy* returned.
    await waitFor(() => expect(screen.getByText('Dois bornes frouxos no X2, reapertados.')).toBeInTheDocument(), T);
    // The photo was stored by the API and is served back.
    expect(uploads).toEqual(['POST /api/v1/arquivos']);
    const key = (respostas[3].fotos as { key: string }[])[0].key;
    const served = await t.mock.api.request(`/api/v1/arquivos/${key}`, { as: FIELD });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it("shows the API's errors on their items (a template made stricter while the checklist was being filled)", async () => {
    const tpl = await api<{ id: number; version: number }>('/api/v1/checklist-templates-field', {
      method: 'POST',
      json: {
        nome: 'Teste de cabos',
        obra: '103',
        tipoServico: 'Inspeção',
        itens: [
          { ordem: 1, secao: 'Cabos', pergunta: 'Identificação dos cabos', tipoResposta: 'Texto', obrigatorio: false },
          { ordem: 2, secao: 'Cabos', pergunta: 'Prensa-cabos apertados', tipoResposta: 'Conforme / Não conforme', obrigatorio: true },
        ],
      },
    });
    expect(tpl.status).toBe(201);
    page(`/103/checklist/field/preencher?os=${await osId('OSF-103-0001')}`);
    await screen.findByText(/OSF-103-0001/, { selector: '.ant-select-selection-item' }, T);
    // Site 101's template is not offered on site 103.
    fireEvent.mouseDown(screen.getByLabelText('Modelo de checklist'));
    await screen.findByText('Teste de cabos (v1) · obra 103', { selector: '.ant-select-item-option-content' }, T);
    expect(screen.queryByText(/Inspeção de obra 101/, { selector: '.ant-select-item-option-content' })).toBeNull();
    await choose('Modelo de checklist', 'Teste de cabos (v1) · obra 103');
    pick(/Identificação dos cabos/, 'Conforme');
    pick(/Prensa-cabos/, 'Conforme');

    const itens = [
      { ordem: 1, secao: 'Cabos', pergunta: 'Identificação dos cabos', tipoResposta: 'Texto', obrigatorio: true },
      { ordem: 2, secao: 'Cabos', pergunta: 'Prensa-cabos apertados', tipoResposta: 'Conforme / Não conforme', obrigatorio: true },
    ];
    expect((await api(`/api/v1/checklist-templates-field/${tpl.body.id}`, { method: 'PATCH', json: { version: tpl.body.version, itens } })).status).toBe(200);

    fireEvent.click(screen.getByRole('button', { name: /Concluir checklist/ }));
    await within(item(/Identificação dos cabos/)).findByText('Informe a resposta deste item obrigatório.', {}, T);
    expect(screen.getByRole('alert')).toHaveTextContent('Verifique os campos destacados.');
    expect(postsTo('/api/v1/checklists-field')).toHaveLength(1);
    expect(currentLocation.pathname).toBe('/103/checklist/field/preencher');

    // Answered, it saves as a draft.
    fireEvent.change(within(item(/Identificação dos cabos/)).getByLabelText('Resposta'), { target: { value: 'Anilhas conforme diagrama' } });
    await waitFor(() => expect(within(item(/Identificação dos cabos/)).queryByText('Informe a resposta deste item obrigatório.')).toBeNull(), T);
    fireEvent.click(screen.getByRole('button', { name: /Salvar rascunho/ }));
    await waitFor(() => expect(currentLocation.pathname).toMatch(/^\/checklists-field\/show\/\d+$/), T);
    expect(postsTo('/api/v1/checklists-field')[1].body).toMatchObject({
      status: 'Em preenchimento',
      template: tpl.body.id,
      respostas: [{ item: 1, resposta: 'Anilhas conforme diagrama' }, { item: 2 }],
    });
  });

  it('a draft needs a work order and a template; an item with a comment needs its conformity', async () => {
    page('/101/checklist/field/preencher');
    await waitFor(() => expect(screen.getByLabelText('Modelo de checklist')).toBeEnabled(), T);
    fireEvent.click(screen.getByRole('button', { name: /Salvar rascunho/ }));
    await waitFor(() => expect(screen.getByText('Selecione a ordem de serviço.')).toBeInTheDocument(), T);
    expect(screen.getByText('Selecione o modelo de checklist.')).toBeInTheDocument();
    await choose('Ordem de serviço', /OSF-101-0002/);
    await choose('Modelo de checklist', 'Inspeção de obra 101 (v1) · obra 101');
    fireEvent.change(within(item(/Torque dos bornes/)).getByLabelText('Observação'), { target: { value: 'Falta verificar o borne X3.' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar rascunho/ }));
    await within(item(/Torque dos bornes/)).findByText('Escolha a conformidade deste item.', {}, T);
    expect(postsTo('/api/v1/checklists-field')).toEqual([]);
  });

  it('refuses an area the user cannot fill and an unknown area', async () => {
    page('/101/checklist/automacao/preencher');
    await waitFor(() => expect(screen.getByText('Você não tem permissão para preencher checklists de Automação.')).toBeInTheDocument(), T);
    page('/101/checklist/eletrica/preencher');
    await waitFor(() => expect(currentLocation.pathname).toBe('/404'), T);
  });

  it("the work order's page links to the screen with the order preselected", async () => {
    const os = await osId('OSF-101-0002');
    renderViews({ schemas: [s('osField'), s('checklistPreenchidoField'), s('diarioOs')], path: `/os-field/show/${os}`, user: DEMO_USERS[FIELD] });
    const region = await screen.findByRole('region', { name: /Checklists/ }, T);
    const link = within(region).getByRole('link', { name: /Preencher checklist/ });
    expect(link.getAttribute('href')).toBe(`/101/checklist/field/preencher?os=${os}`);
  });
});
