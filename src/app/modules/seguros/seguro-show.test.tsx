/**
 * A policy's page (view override of `seguro`, src/app/modules/seguros/seguro-show.tsx) against the
 * real API in-process, on the demo data (src/server/seed/demo-seguros.ts): the card "Apólice em
 * vigor" with each contracted value struck through beside the one in force and the issued
 * endorsements in the order they apply (drafts left out); "Renovar" opening the create form of the
 * renewal route prefilled from the policy in force, and saving the renewal linked to it.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../../schemas';
import { ROUTED } from '../../../../resources/routes';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import type { PortalUser } from '../../../access/user';
import { EntityPage } from '../../pages/entity-page';
import { formatMoney } from '../../format';
import './register';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);
const seguro = schemaByName('seguro')!;
const endosso = schemaByName('endosso')!;
const renewal = ROUTED.find((r) => r.path === '/seguros/renovar')!;

type Rec = Record<string, unknown> & { id: number };
const get = async (path: string, as = ADMIN) => (await (await t.mock.api.request(path, { as })).json()) as unknown;
const me = async (email: string) => ((await get('/api/v1/me', email)) as { user: PortalUser }).user;
const policy = async (numero: string) => ((await get(`/api/v1/seguros?numeroApolice=${encodeURIComponent(numero)}`)) as Rec[])[0];
/** Money as the screen reads (the no-break space after "R$" normalised like the DOM text). */
const money = (n: unknown) => formatMoney(n).replace(/\s/g, ' ');

const open = async (id: number) =>
  renderViews({
    schemas: [seguro, endosso],
    path: `/seguros/show/${id}`,
    routes: <Route path="/seguros/renovar" element={<EntityPage route={renewal} />} />,
    user: await me(ADMIN),
  });

const inForceCard = async () => (await screen.findByText('Apólice em vigor', {}, T)).closest('.ant-card') as HTMLElement;
/** The rows of the endorsements' table of the card (no header, no summary). */
const endorsementRows = (card: HTMLElement) => Array.from(card.querySelectorAll<HTMLElement>('.ant-table tbody tr.ant-table-row'));

describe("the policy's page", { timeout: 120_000 }, () => {
  it('shows the contracted → in-force values and the issued endorsements in order', async () => {
    const p = await policy('01.67.0012345');
    expect(p).toMatchObject({ importanciaSegurada: 18_750_000, importanciaSeguradaAtual: 19_900_000, premio: 61_875, premioTotal: 67_820 });
    expect(p.fimVigenciaAtual).toBe(p.fimVigencia);
    await open(p.id);
    const card = await inForceCard();
    await within(card).findByText('Alteração de importância segurada', {}, T);

    const contracted = within(card).getByText(money(18_750_000));
    expect(contracted.closest('del')).not.toBeNull();
    expect(within(card).getByText(money(19_900_000)).closest('strong')).not.toBeNull();
    expect(within(card).getByText(money(61_875)).closest('del')).not.toBeNull();
    expect(within(card).getAllByText(money(67_820)).length).toBeGreaterThan(0);
    // The end of validity did not change: shown once, not struck through.
    const end = within(card).getByText('31/12/2025');
    expect(end.closest('del')).toBeNull();
    expect(within(card).getByText('Vencida')).toBeInTheDocument();

    const rows = endorsementRows(card);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['001', '002']);
    expect(within(rows[0]).getByText('14/03/2025')).toBeInTheDocument();
    expect(within(rows[0]).getByText(`importância segurada ${money(19_900_000)}`)).toBeInTheDocument();
    expect(within(rows[0]).getByText(`+${money(3_795)}`)).toBeInTheDocument();
    expect(within(rows[1]).getByText('Inclusão de cobertura')).toBeInTheDocument();
    expect(within(rows[1]).getByText('02/05/2025')).toBeInTheDocument();
    expect(within(card).getByText(`Prêmio contratado ${money(61_875)} com os endossos emitidos`)).toBeInTheDocument();
    const asked = t.requests.find((r) => r.url.pathname === '/api/v1/endossos' && r.url.searchParams.get('apolice') === String(p.id));
    expect(asked?.url.searchParams.get('situacao')).toBe('Emitido');
  });

  it('on a phone, lists the issued endorsements in order instead of a table', async () => {
    const wide = window.innerWidth;
    window.innerWidth = 390;
    try {
      const p = await policy('01.67.0012345');
      await open(p.id);
      const card = await inForceCard();
      const list = await within(card).findByRole('list', { name: 'Endossos emitidos' }, T);
      expect(card.querySelector('.ant-table')).toBeNull();
      const items = within(list).getAllByRole('listitem');
      expect(items.map((li) => li.querySelector('strong')?.textContent?.replace(/\s/g, ' '))).toEqual([
        'Endosso 001 · Alteração de importância segurada',
        'Endosso 002 · Inclusão de cobertura',
        money(67_820),
      ]);
      expect(items[0]).toHaveTextContent('Emissão 14/03/2025');
      expect(items[2]).toHaveTextContent(`Prêmio contratado ${money(61_875)} com os endossos emitidos`);
    } finally {
      window.innerWidth = wide;
    }
  });

  it('leaves the draft endorsements out of the policy in force', async () => {
    const p = await policy('01.67.0021450');
    const all = (await get(`/api/v1/endossos?apolice=${p.id}`)) as Rec[];
    expect(all.map((e) => [e.numero, e.situacao]).sort()).toEqual([
      ['001', 'Emitido'],
      ['002', 'Rascunho'],
    ]);
    await open(p.id);
    const card = await inForceCard();
    await within(card).findByText('Inclusão de cobertura', {}, T);
    expect(endorsementRows(card)).toHaveLength(1);
    expect(within(card).queryByText('Prorrogação de vigência')).toBeNull();
    expect(within(card).getByText(money(8_400_000)).closest('del')).not.toBeNull();
    expect(within(card).getByText(money(9_600_000)).closest('strong')).not.toBeNull();
    expect(within(card).getByText(`+${money(2_880)}`)).toBeInTheDocument();
  });

  it('"Renovar" opens the renewal form prefilled from the policy in force; saving links it', async () => {
    const p = await policy('01.67.0021877');
    await open(p.id);
    fireEvent.click(await screen.findByRole('button', { name: /Renovar/ }, T));
    await waitFor(() => expect(`${currentLocation.pathname}${currentLocation.search}`).toBe(`/seguros/renovar?anterior=${p.id}`), T);
    const previous = (await screen.findByLabelText('Apólice anterior (renovação)', {}, T)).closest('.ant-form-item') as HTMLElement;
    await within(previous).findByText('01.67.0021877', {}, T);
    // The values in force are copied into the empty fields.
    const start = screen.getByLabelText('Início da vigência') as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe(String(p.fimVigenciaAtual).split('-').reverse().join('/')), T);
    expect(screen.getByLabelText('Importância segurada')).toHaveValue('5300000,00');
    expect(screen.getByDisplayValue('Instalação e montagem')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Nº da apólice'), { target: { value: '01.67.0030001' } });
    const end = screen.getByLabelText('Fim da vigência');
    fireEvent.mouseDown(end);
    fireEvent.change(end, { target: { value: '31/12/2027' } });
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));

    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/seguros')).toBe(true), T);
    const sent = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/seguros')!;
    expect(sent.body).toMatchObject({ apoliceAnterior: p.id, numeroApolice: '01.67.0030001', fimVigencia: '2027-12-31' });
    await waitFor(async () => expect(await policy('01.67.0030001')).toBeDefined(), T);
    const created = await policy('01.67.0030001');
    expect(created).toMatchObject({
      apoliceAnterior: p.id,
      obra: p.obra,
      seguradora: p.seguradora,
      corretora: p.corretora,
      inicioVigencia: p.fimVigenciaAtual,
      fimVigencia: '2027-12-31',
      importanciaSegurada: p.importanciaSeguradaAtual,
      status: 'Em cotação',
    });
    expect(created.coberturas).toEqual(p.coberturasAtuais);
    // Saved: the new policy's page.
    await waitFor(() => expect(currentLocation.pathname).toBe(`/seguros/show/${created.id}`), T);
  });
});
