/**
 * The profile's "Agenda no calendário" (issue 41) against the real API in process: generate shows
 * the address once and it answers the feed; "Gerar novo endereço" replaces it; "Desativar" turns it off.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { CalendarFeedCard } from './calendar-feed-card';

const WHO = 'sm@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(WHO);

const render = () => renderViews({ schemas: [], path: '/usuarios', routes: <Route path="/usuarios" element={<CalendarFeedCard />} />, user: DEMO_USERS[WHO] });
const feed = (url: string) => t.mock.api.request(new URL(url).pathname, { as: '' });

describe('profile: calendar feed (issue 41)', { timeout: 120_000 }, () => {
  it('generates, replaces and turns off the address', async () => {
    render();
    expect(await screen.findByText('Você não tem endereço de calendário ativo.', undefined, T)).toBeInTheDocument();
    expect(screen.getByText(/No Outlook: Adicionar calendário/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar endereço' }));
    const input = (await screen.findByRole('textbox', { name: 'Endereço do calendário' }, T)) as HTMLInputElement;
    expect(input.value).toMatch(/\/api\/v1\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(screen.getByRole('button', { name: 'Copiar endereço' })).toBeInTheDocument();
    const first = input.value;
    expect((await feed(first)).status).toBe(200);

    fireEvent.click(await screen.findByRole('button', { name: 'Gerar novo endereço' }, T));
    await screen.findByText('Novo endereço gerado. O anterior deixou de funcionar.', undefined, T);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Endereço do calendário' }) as HTMLInputElement).value).not.toBe(first), T);
    expect((await feed(first)).status).toBe(404);

    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    await screen.findByText(/Endereço desativado/, undefined, T);
    expect(await screen.findByText('Você não tem endereço de calendário ativo.', undefined, T)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Endereço do calendário' })).toBeNull();
  });
});
