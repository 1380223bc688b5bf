/**
 * The public survey page against the real API in-process, anonymously: an unknown link says so;
 * the demo link shows the ticket, refuses to send without the required answers, sends stars, the
 * NPS button and the comment once, thanks, and the same link is closed afterwards.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_SURVEY_TOKEN } from '../../../server/seed/demo-pesquisa-satisfacao';
import { SurveyPage } from './pesquisa-satisfacao-page';
import { pesquisaSatisfacao } from '../../../../schemas/pesquisa-satisfacao';

const T = { timeout: 30_000 };
const t = useInProcessApi('admin@portal.local');

const open = (token: string) =>
  render(
    <ConfigProvider locale={ptBR}>
      <AntdApp>
        <MemoryRouter initialEntries={[`/pesquisa/${token}`]}>
          <Routes>
            <Route path="/pesquisa/:token" element={<SurveyPage />} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );

const NPS_LABEL = pesquisaSatisfacao.fields.find((f) => f.name === 'nps')!.label;
const WORDS = ['muito insatisfeito', 'insatisfeito', 'neutro', 'satisfeito', 'muito satisfeito'];

/** Chooses the n-th star (1-based) of a rating question: a radio group whose stars are radios named by their words. */
async function rate(label: string, n: number) {
  const group = screen.getByRole('radiogroup', { name: label });
  const stars = within(group).getAllByRole('radio');
  expect(stars).toHaveLength(5);
  await userEvent.click(within(group).getByRole('radio', { name: `${n} – ${WORDS[n - 1]}` }));
  expect(stars[n - 1]).toBeChecked();
}

describe('public satisfaction survey page', { timeout: 90_000 }, () => {
  it('says when a link does not exist', async () => {
    t.mock.setUser(null);
    open('B'.repeat(43));
    await screen.findByText('Pesquisa não encontrada', {}, T);
    expect(screen.queryByRole('button', { name: /Enviar/ })).toBeNull();
  });

  it('records the answers once and then shows the survey as closed', async () => {
    t.mock.setUser(null);
    open(DEMO_SURVEY_TOKEN);
    await screen.findByText(/Iluminação do pátio com luminárias apagadas/, {}, T);
    const site = (await (await t.mock.api.request('/api/v1/obras?Id_Lista=101')).json())[0];
    expect(screen.getByText(`Obra: ${site.nome}`)).toBeInTheDocument();

    // Nothing answered: the required questions say so and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: /Enviar avaliação/ }));
    expect((await screen.findAllByText('Escolha uma nota de 1 a 5.', {}, T)).length).toBe(3);
    expect(await screen.findByText('Escolha uma nota de 0 a 10.', {}, T)).toBeInTheDocument();
    expect(t.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Each rating is a radio group named by its question, required, and marked invalid after the refused send.
    const atendimento = screen.getByRole('radiogroup', { name: 'Atendimento (1 a 5)' });
    expect(atendimento).toHaveAttribute('aria-required', 'true');
    expect(atendimento).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Comunicação (1 a 5)' })).not.toHaveAttribute('aria-required', 'true');
    // The NPS row is a radio group too (aria-required is only valid on one).
    expect(screen.getByRole('radiogroup', { name: NPS_LABEL })).toHaveAttribute('aria-required', 'true');
    await rate('Atendimento (1 a 5)', 5);
    await rate('Prazo (1 a 5)', 4);
    await rate('Qualidade da solução (1 a 5)', 5);
    await userEvent.click(screen.getByRole('radio', { name: '9' }).closest('label')!);
    await userEvent.type(screen.getByLabelText('Comentário'), 'Equipe atenciosa.');
    await userEvent.click(screen.getByRole('button', { name: /Enviar avaliação/ }));
    await screen.findByText('Obrigado pela sua avaliação!', {}, T);

    const post = t.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/v1/pesquisa/${DEMO_SURVEY_TOKEN}`);
    expect(post?.body).toEqual({ notaAtendimento: 5, notaPrazo: 4, notaQualidade: 5, nps: 9, comentario: 'Equipe atenciosa.' });
    const saved = await (await t.mock.api.request('/api/v1/pesquisas-satisfacao?comentario_like=Equipe%20atenciosa')).json();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ obra: '101', categoria: 'Garantia', notaAtendimento: 5, notaPrazo: 4, notaQualidade: 5, nps: 9 });

    open(DEMO_SURVEY_TOKEN);
    await screen.findByText('Pesquisa encerrada', {}, T);
    expect(screen.getByText(/já foi respondida/)).toBeInTheDocument();
  });
});
