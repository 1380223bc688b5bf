import { useEffect, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { ResourceContext, type IResourceItem } from '@refinedev/core';
import baseRouterProvider from '@refinedev/react-router';
import { matchResourceCached, routerProvider } from './router-provider';

const RESOURCES: IResourceItem[] = [
  { name: 'obras', list: '/obras', show: '/obras/:id', create: '/obra', edit: '/obras/:id/editar' },
  { name: 'diarios', list: '/diarios', show: '/diarios/:id', create: '/diarios/novo', edit: '/diarios/:id/editar' },
];

function Both({ seen }: { seen: unknown[][] }) {
  const ours = routerProvider.parse!()();
  const stock = baseRouterProvider.parse!()();
  seen.push([ours, stock]);
  return <span data-testid="pathname">{ours.pathname}</span>;
}

function Wrap({ path, children }: { path: string; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ResourceContext.Provider value={{ resources: RESOURCES }}>{children}</ResourceContext.Provider>
    </MemoryRouter>
  );
}

describe('routerProvider.parse', () => {
  it.each([
    '/diarios?pageSize=25&currentPage=2&sorters[0][field]=data&sorters[0][order]=desc&filters[0][field]=obra&filters[0][operator]=eq&filters[0][value]=101',
    '/diarios/7%2F1?to=%2Fobras',
    '/obras/12/editar',
    '/desconhecida/3',
  ])('returns what the stock parse returns for %s', (path) => {
    const seen: unknown[][] = [];
    render(
      <Wrap path={path}>
        <Routes>
          <Route path="*" element={<Both seen={seen} />} />
        </Routes>
      </Wrap>,
    );
    const [ours, stock] = seen[seen.length - 1];
    expect(ours).toEqual(stock);
  });

  it('also with the route parameters React Router gives', () => {
    const seen: unknown[][] = [];
    render(
      <Wrap path="/diarios/9">
        <Routes>
          <Route path="/diarios/:id" element={<Both seen={seen} />} />
        </Routes>
      </Wrap>,
    );
    const [ours, stock] = seen[seen.length - 1];
    expect(ours).toEqual(stock);
    expect(ours).toMatchObject({ id: '9', action: 'show', resource: { name: 'diarios' } });
  });

  it('keeps the same function across renders until the location changes', async () => {
    const fns: unknown[] = [];
    function Probe({ n }: { n: number }) {
      fns.push(routerProvider.parse!());
      const navigate = useNavigate();
      useEffect(() => {
        if (n === 2) navigate('/diarios?currentPage=3');
      }, [n, navigate]);
      return <span>{n}</span>;
    }
    const tree = (n: number) => (
      <Wrap path="/diarios">
        <Routes>
          <Route path="*" element={<Probe n={n} />} />
        </Routes>
      </Wrap>
    );
    const { rerender } = render(tree(1));
    rerender(tree(1));
    expect(fns[fns.length - 1]).toBe(fns[0]);
    rerender(tree(2));
    await screen.findByText('2');
    expect(fns[fns.length - 1]).not.toBe(fns[0]);
  });

  it('matches a path once per resources array', () => {
    const a = matchResourceCached('/diarios/1', RESOURCES);
    expect(matchResourceCached('/diarios/1', RESOURCES)).toBe(a);
    expect(a).toMatchObject({ found: true, action: 'show', matchedRoute: '/diarios/:id' });
    expect(matchResourceCached('/diarios/1', [...RESOURCES])).not.toBe(a);
  });
});
