import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ROUTED } from '../../resources/routes';
import { elementFor } from './app-routes';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

describe('a redirect of the route table', () => {
  it("keeps the path's params and the query: /contratos/7 opens /contrato/7 (issue 36)", async () => {
    const from = ROUTED.find((r) => r.path === '/contratos/:id')!;
    render(
      <MemoryRouter initialEntries={['/contratos/7?acao=aprovar']}>
        <Routes>
          <Route path={from.path} element={elementFor(from)} />
          <Route path="/contrato/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/contrato/7?acao=aprovar');
  });
});
