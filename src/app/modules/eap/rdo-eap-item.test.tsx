/**
 * The site's RDO picks each activity's "Item da EAP" from the whole EAP of its site (declared with
 * `eapCodeOf: { obra }`, no area), read from the site's schedule, for the site manager too (who
 * does not read `eap-os` itself). Against the real API in-process.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { GenericCreate } from '../../views/generic-create';
import { DEMO_USERS } from '../../../../mocks/test-app';

const SM = 'sm@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;

const activities = () => screen.getByText('Atividades executadas', { selector: '.ant-form-item-label label' }).closest('.ant-form-item') as HTMLElement;

describe("RDO activities' EAP item", { timeout: 90_000 }, () => {
  it("the site manager picks the code from the site's EAP", async () => {
    renderViews({
      schemas: [diario],
      path: '/novo-rdo',
      routes: <Route path="/novo-rdo" element={<GenericCreate schema={diario} initialValues={{ obra: '101' }} />} />,
      user: DEMO_USERS[SM],
    });
    fireEvent.click(await waitFor(() => within(activities()).getByRole('button', { name: /Adicionar linha/ }), T));
    const picker = await within(activities()).findByRole('combobox', { name: 'Item da EAP' }, T);
    await waitFor(() => expect(t.requests.some((r) => r.method === 'GET' && r.url.pathname === '/api/v1/obras/101/cronograma')).toBe(true), T);
    fireEvent.mouseDown(picker);
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find(
        (e) => e.textContent === '1.2.1 — Concretagem de bases de equipamentos',
      );
      if (!el) throw new Error('opção 1.2.1 ausente');
      return el;
    }, T);
    // Items of site 101 only (another site's codes are not offered).
    const offered = [...document.querySelectorAll('.ant-select-tree-title')].map((e) => e.textContent);
    expect(offered).toContain('2.1 — Instalação de inversores');
    expect(offered.some((o) => o?.startsWith('3.1 '))).toBe(false);
    fireEvent.click(option);
    const cell = picker.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(cell).getByText('1.2.1 — Concretagem de bases de equipamentos')).toBeInTheDocument(), T);
  });
});
