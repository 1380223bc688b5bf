/**
 * The e-mail button's confirmation page against the real API in-process: it shows the record and
 * changes nothing until the person confirms; a step that needs a comment asks for it; a used link
 * is explained.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { sql } from 'kysely';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { AcaoEmailPage } from './acao-email-page';

const contrato = schemaByName('contrato') as EntitySchema;
const VALID = 'contratos.validador@portal.local';
const RESP = 'contratos.responsavel@portal.local';
const T = { timeout: 20_000 };
const t = useInProcessApi(VALID);
let seq = 0;

async function call<B>(path: string, as: string, json?: unknown): Promise<{ status: number; body: B }> {
  const res = await t.mock.api.request(path, json === undefined ? { as } : { method: 'POST', as, json });
  return { status: res.status, body: (await res.json()) as B };
}

/** A contract in "Em finalização" (moved by the administrator) and the validator's button token for `label`. */
async function waiting(label: string): Promise<{ id: number; numero: string; token: string }> {
  const numero = `UI-${Date.now().toString(36)}-${++seq}`;
  const created = await call<{ id: number }>('/api/v1/contratos', RESP, {
    numero,
    tipo: 'Fornecimento',
    contraparte: '78901234000105', // Trafo Sul Indústria (demo)
    objeto: 'Teste da página de ação por e-mail',
    obra: '101',
    responsavel: { mail: RESP },
    gestor: { mail: 'contratos.gestor@portal.local' },
    validador: { mail: VALID },
    arquivos: [{ key: 'demo/testes/c.pdf', name: 'c.pdf', size: 1000, type: 'application/pdf' }],
  });
  expect(created.status).toBe(201);
  await sql`update contrato set status = 'Emitido para o verificador' where id = ${created.body.id}`.execute(t.mock.api.db);
  const now = await call<{ version: number }>(`/api/v1/contratos/${created.body.id}`, 'admin@portal.local');
  expect((await call(`/api/v1/contratos/${created.body.id}/transitions/finalizar`, 'admin@portal.local', { version: now.body.version })).status).toBe(200);
  const m = await sql<{
    texto: string;
  }>`select texto from mensagem where para ? ${VALID} and referencia = ${`contratos/${created.body.id}`} order by id desc limit 1`.execute(t.mock.api.db);
  const line = m.rows[0].texto.split('\n').find((l) => l.startsWith(`${label}: `))!;
  return { id: created.body.id, numero, token: /\/acao-email\/(\S+)$/.exec(line)![1] };
}

const status = async (id: number) => (await call<{ status: string }>(`/api/v1/contratos/${id}`, 'admin@portal.local')).body.status;
const render = (token: string) =>
  renderViews({ schemas: [contrato], path: `/acao-email/${token}`, routes: <Route path="/acao-email/:token" element={<AcaoEmailPage />} /> });

describe('AcaoEmailPage', () => {
  it('shows the record, changes nothing until confirmed, then takes the step; the link is then used', async () => {
    const k = await waiting('Aprovar contrato');
    render(k.token);
    expect(await screen.findByText(`Contrato ${k.numero}`, {}, T)).toBeTruthy();
    expect(screen.getByText(/O registro passará de/)).toBeTruthy();
    expect(await status(k.id)).toBe('Em finalização');
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar contrato' }));
    expect(await screen.findByText(`Feito: "Aprovar contrato" em Contrato "${k.numero}".`, {}, T)).toBeTruthy();
    expect(await status(k.id)).toBe('Aprovado');
    render(k.token);
    expect(await screen.findByText(/Este link já foi usado em/, {}, T)).toBeTruthy();
  });

  it('says the action is no longer needed when the record moved on (issue 36)', async () => {
    const k = await waiting('Aprovar contrato');
    const now = await call<{ version: number }>(`/api/v1/contratos/${k.id}`, 'admin@portal.local');
    const back = await call(`/api/v1/contratos/${k.id}/transitions/devolver`, VALID, { version: now.body.version, comment: 'Faltou um anexo.' });
    expect(back.status).toBe(200);
    render(k.token);
    expect(await screen.findByText('Esta ação não é mais necessária', {}, T)).toBeTruthy();
    expect(screen.getByText(`O contrato "${k.numero}" já está em "Revisão": a ação "Aprovar contrato" não é mais necessária. Nada foi alterado.`)).toBeTruthy();
    expect(screen.queryByText(/permissão/)).toBeNull();
  });

  it('asks for the comment a step requires before sending it', async () => {
    const k = await waiting('Devolver para revisão');
    render(k.token);
    const button = await screen.findByRole('button', { name: 'Devolver para revisão' }, T);
    fireEvent.click(button);
    expect(await screen.findByText('Escreva um comentário para esta ação.', {}, T)).toBeTruthy();
    expect(await status(k.id)).toBe('Em finalização');
    fireEvent.change(screen.getByLabelText('Comentário'), { target: { value: 'Ajustar a cláusula 3.' } });
    fireEvent.click(button);
    await waitFor(async () => expect(await status(k.id)).toBe('Revisão'), T);
  });
});
