/**
 * One definition of a new record's defaults (create-defaults.tsx): the materials dialog opened from
 * a site's page fills the people of the site's responsibility matrix and shows the template's items
 * as soon as the template is chosen, like the entity's own page. Against the real API in-process.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';

const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const T = { timeout: 45_000 };
const t = useInProcessApi(QUANT);
const s = (name: string) => schemaByName(name) as EntitySchema;

describe('defaults of a record created from its site', { timeout: 120_000 }, () => {
  it('the materials dialog of a site takes the matrix people and shows the template items once the template is chosen', async () => {
    const site = await t.mock.api.request('/api/v1/obras?Id_Lista=101', { as: QUANT });
    const [obra] = (await site.json()) as { id: number }[];
    const templates = await t.mock.api.request('/api/v1/templates-materiais?_end=1&_sort=nome&_order=asc', { as: QUANT });
    const [template] = (await templates.json()) as { id: number; nome: string; itens: { descricao: string }[] }[];
    expect(template.itens.length).toBeGreaterThan(0);

    renderViews({ schemas: [s('obra'), s('material'), s('materialTemplate')], path: `/obras/show/${obra.id}`, user: DEMO_USERS[QUANT] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Materiais' }, T));
    fireEvent.click(await screen.findByRole('button', { name: /Nova/ }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    // The site's matrix ("Geral" row of site 101), before anything is typed.
    await waitFor(() => expect((within(dialog).getByLabelText('Quantificador: e-mail') as HTMLInputElement).value).toBe(QUANT), T);
    expect((within(dialog).getByLabelText('Verificador: e-mail') as HTMLInputElement).value).toBe(VERIF);

    // Choosing the template shows its items at once, before saving.
    const select = within(dialog).getByLabelText('Modelo utilizado');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle(template.nome, {}, T));
    await waitFor(() => expect(within(dialog).getByDisplayValue(template.itens[0].descricao)).toBeInTheDocument(), T);
  });
});
