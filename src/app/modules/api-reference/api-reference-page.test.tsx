/**
 * The API reference page against the real API in-process: resources and operations from
 * GET /api/v1/openapi.json, a resource's fields with their rules, search, and the refusal a client gets.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { ApiReferencePage } from './api-reference-page';

const T = { timeout: 20_000 };
const t = useInProcessApi('leitura@portal.local');

const page = () => renderViews({ schemas: [], path: '/referencia-api', routes: <Route path="/referencia-api" element={<ApiReferencePage />} /> });

describe('Referência da API', () => {
  it('lists every resource with its operations and fields, and filters by name', async () => {
    page();
    const header = await screen.findByText('Produtos', { selector: 'strong' }, T);
    expect(screen.getByText('Diários de obra', { selector: 'strong' })).toBeInTheDocument();
    fireEvent.click(header);
    const panel = header.closest('.ant-collapse-item') as HTMLElement;
    await within(panel).findByText('/produtos/{id}/historico');
    expect(within(panel).getAllByText('PATCH').length).toBeGreaterThan(0);
    // Fields: required flag and the rules from the schema.
    const codigo = within(panel).getByText('codigo', { selector: 'code' }).closest('tr') as HTMLElement;
    expect(within(codigo).getByText('obrigatório')).toBeInTheDocument();
    expect(within(codigo).getByText(/máx\. 30 caracteres/)).toBeInTheDocument();
    const categoria = within(panel).getByText('categoria', { selector: 'code' }).closest('tr') as HTMLElement;
    expect(within(categoria).getByText(/um de: Equipamento/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Procurar recurso'), { target: { value: 'diarios de obra' } });
    expect(screen.queryByText('Produtos', { selector: 'strong' })).toBeNull();
    expect(screen.getByText('Diários de obra', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows the API refusal to a client', async () => {
    t.mock.setUser('cliente@portal.local');
    page();
    await screen.findByText('A descrição da API é só para colaboradores.', {}, T);
  });
});
