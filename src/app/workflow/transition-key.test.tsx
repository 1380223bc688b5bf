/**
 * Workflow steps carry an `Idempotency-Key` per click (issue 26), against the real API in-process:
 * the same step clicked again after a network failure is the same request with the same key (taken
 * once even if the first one had reached the server); another step gets another key.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { CNPJ } from '../../server/seed/demo-empresas';
import { IDEMPOTENCY_HEADER } from '../providers/idempotency';

const contrato = schemaByName('contrato') as EntitySchema;
const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);
const me = { mail: ADMIN, nome: 'Administrador' };

async function newContract(): Promise<{ id: number; version: number }> {
  const res = await t.mock.api.request('/api/v1/contratos', {
    method: 'POST',
    as: ADMIN,
    json: {
      numero: `WF-KEY-${Date.now().toString(36)}`,
      tipo: 'Fornecimento',
      contraparte: CNPJ.trafoSul,
      objeto: 'Fornecimento de perfis metálicos',
      obra: '101',
      responsavel: me,
      gestor: me,
      validador: me,
      arquivos: [{ key: 'demo/testes/contrato.pdf', name: 'contrato.pdf', size: 1000, type: 'application/pdf' }],
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; version: number };
}

const actions = async () => within(await screen.findByRole('group', { name: 'Ações da situação' }, T));

async function click(label: string) {
  // Regexes: under jsdom the spent loading icon stays in a button (antd's leave animation never
  // ends) and adds "loading" to its name (see workflow-show.test.tsx).
  const name = new RegExp(label);
  await waitFor(async () => expect((await actions()).getByRole('button', { name })).toBeEnabled(), T);
  fireEvent.click((await actions()).getByRole('button', { name }));
  fireEvent.click(await screen.findByRole('button', { name: /Confirmar/ }, T));
}

describe('workflow steps and Idempotency-Key', () => {
  it('a step clicked again after a network failure reuses its key; the next step gets a new one', { timeout: 120_000 }, async () => {
    const k = await newContract();
    const keys: { path: string; key: string | null }[] = [];
    let cut = true;
    t.server.use(
      http.post(/\/transitions\//, ({ request }) => {
        keys.push({ path: new URL(request.url).pathname, key: request.headers.get(IDEMPOTENCY_HEADER) });
        if (cut) {
          cut = false;
          return HttpResponse.error(); // the network drops: nothing reached the server
        }
        // Returns nothing: the request goes on to the in-process API.
      }),
    );
    renderViews({ schemas: [contrato], path: `/contratos/show/${k.id}` });

    await click('Emitir para o Jurídico');
    await screen.findByText(/Não foi possível conectar ao servidor/, {}, T);
    await click('Emitir para o Jurídico');
    await screen.findByText('Situação alterada para Emitido para o Jurídico', {}, T);
    expect(keys).toHaveLength(2);
    expect(keys[0].key).toBeTruthy();
    expect(keys[1].key).toBe(keys[0].key);
    await waitFor(() => expect(screen.getByTestId('workflow-state').textContent).toBe('Emitido para o Jurídico'), T);

    await click('Emitir para o verificador');
    await waitFor(() => expect(keys).toHaveLength(3), T);
    expect(keys[2].path).toBe(`/api/v1/contratos/${k.id}/transitions/emitir-verificador`);
    expect(keys[2].key).toBeTruthy();
    expect(keys[2].key).not.toBe(keys[0].key);
  });
});
