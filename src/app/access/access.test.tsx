import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { defineAbilityFor } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { StaticAbilityProvider } from './ability-context';
import { createAccessControlProvider, decideCan } from './access-control-provider';
import { Pode, usePodeCheck } from './pode';

const user = (roles: string[], email = 'ana@empresa.com'): PortalUser => ({
  id_user: 'u1',
  username: email,
  email,
  name: 'Ana',
  empresa: ['empresa'],
  obra: ['101'],
  roles,
  tipo: 'staff',
});

describe('accessControlProvider', () => {
  const ability = defineAbilityFor(user(['contratos']));
  const provider = createAccessControlProvider({ getAbility: () => ability });

  it('hides unauthorized buttons globally', () => {
    expect(provider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });

  it('decides per record: a contract edit allowed on one row and not on another', async () => {
    const mine = { id: 1, status: 'Revisão', responsavel: { mail: 'ana@empresa.com' } };
    const other = { id: 2, status: 'Revisão', responsavel: { mail: 'bia@empresa.com' } };
    const approved = { id: 3, status: 'Aprovado', responsavel: { mail: 'ana@empresa.com' } };
    expect(await provider.can({ resource: 'contratos', action: 'edit', params: { id: 1, meta: { record: mine } } })).toEqual({ can: true });
    const denied = await provider.can({ resource: 'contratos', action: 'edit', params: { id: 2, meta: { record: other } } });
    expect(denied.can).toBe(false);
    expect(denied.reason).toBe('Você não tem permissão para editar este contrato.');
    expect((await provider.can({ resource: 'contratos', action: 'edit', params: { data: approved } })).can).toBe(false);
    // `list`/`show` → read.
    expect((await provider.can({ resource: 'contratos', action: 'list' })).can).toBe(true);
    expect((await provider.can({ resource: 'contratos', action: 'show', params: { record: other } })).can).toBe(true);
    // create and delete are not granted to `contratos`.
    expect((await provider.can({ resource: 'contratos', action: 'create' })).can).toBe(false);
    expect((await provider.can({ resource: 'contratos', action: 'delete', params: { meta: { record: mine } } })).can).toBe(false);
  });

  it('maps edit to update for other subjects, honours schema actions, denies without an ability', () => {
    const sm = defineAbilityFor(user(['site_manager'], 'sm@empresa.com'));
    expect(decideCan(sm, { resource: 'diarios', action: 'edit', params: { meta: { record: { siteManager: { mail: 'sm@empresa.com' } } } } }).can).toBe(true);
    expect(decideCan(sm, { resource: 'diarios', action: 'edit', params: { meta: { record: { siteManager: { mail: 'x@empresa.com' } } } } }).can).toBe(false);
    const fab = defineAbilityFor(user(['fabricacao']));
    expect(decideCan(fab, { resource: 'fabricacoes', action: 'create' }).can).toBe(true); // create → write (schema.actions)
    expect(decideCan(null, { resource: 'contratos', action: 'list' }).can).toBe(false);
  });
});

describe('<Pode>', () => {
  const ability = defineAbilityFor(user(['site_manager'], 'sm@empresa.com'));
  const wrap = (ui: React.ReactNode) => render(<StaticAbilityProvider ability={ability}>{ui}</StaticAbilityProvider>);

  it('shows its content when allowed and hides it when denied', () => {
    wrap(
      <>
        <Pode I="read" a="RDO">
          <span>pode ler RDO</span>
        </Pode>
        <Pode I="delete" a="RDO">
          <span>pode excluir RDO</span>
        </Pode>
      </>,
    );
    expect(screen.getByText('pode ler RDO')).toBeInTheDocument();
    expect(screen.queryByText('pode excluir RDO')).toBeNull();
  });

  it('checks a record and a field', () => {
    const dele = { siteManager: { mail: 'sm@empresa.com' } };
    const outro = { siteManager: { mail: 'x@empresa.com' } };
    const fieldAbility = defineAbilityFor({ ...user(['x']), specific_rules: [{ action: 'update', subject: 'Obra', fields: ['status'] }] });
    render(
      <>
        <StaticAbilityProvider ability={ability}>
          <Pode I="update" a="RDO" this={dele}>
            <span>editar o meu</span>
          </Pode>
          <Pode I="update" a="RDO" this={outro}>
            <span>editar o outro</span>
          </Pode>
        </StaticAbilityProvider>
        <StaticAbilityProvider ability={fieldAbility}>
          <Pode I="update" a="Obra" field="status">
            <span>campo status</span>
          </Pode>
          <Pode I="update" a="Obra" field="nome">
            <span>campo nome</span>
          </Pode>
        </StaticAbilityProvider>
      </>,
    );
    expect(screen.getByText('editar o meu')).toBeInTheDocument();
    expect(screen.queryByText('editar o outro')).toBeNull();
    expect(screen.getByText('campo status')).toBeInTheDocument();
    expect(screen.queryByText('campo nome')).toBeNull();
  });

  it('inverted with `not`, and the render-function form', () => {
    wrap(
      <>
        <Pode not I="delete" a="RDO">
          <span>sem permissão para excluir</span>
        </Pode>
        <Pode not I="read" a="RDO">
          <span>não aparece</span>
        </Pode>
        <Pode I="manage" a="all" passThrough>
          {(ok) => <span>{ok ? 'admin' : 'não é admin'}</span>}
        </Pode>
      </>,
    );
    expect(screen.getByText('sem permissão para excluir')).toBeInTheDocument();
    expect(screen.queryByText('não aparece')).toBeNull();
    expect(screen.getByText('não é admin')).toBeInTheDocument();
  });

  it('usePodeCheck: the same check as a function, for a list of records, fields and actions', () => {
    const fieldAbility = defineAbilityFor({ ...user(['x']), specific_rules: [{ action: 'update', subject: 'Obra', fields: ['status'] }] });
    function Lista() {
      const pode = usePodeCheck();
      const rows = [{ siteManager: { mail: 'sm@empresa.com' } }, { siteManager: { mail: 'x@empresa.com' } }];
      const answers = [
        ...rows.map((r) => pode({ I: 'update', a: 'RDO', this: r })),
        ...(['read', 'delete'] as const).map((I) => pode({ I, a: 'RDO' })),
        pode({ not: true, I: 'delete', a: 'RDO' }),
      ];
      return <span>{answers.join(',')}</span>;
    }
    function Campos() {
      const pode = usePodeCheck();
      return <span>{['status', 'nome'].map((field) => pode({ I: 'update', a: 'Obra', field })).join(',')}</span>;
    }
    render(
      <>
        <StaticAbilityProvider ability={ability}>
          <Lista />
        </StaticAbilityProvider>
        <StaticAbilityProvider ability={fieldAbility}>
          <Campos />
        </StaticAbilityProvider>
      </>,
    );
    expect(screen.getByText('true,false,true,false,true')).toBeInTheDocument();
    expect(screen.getByText('true,false')).toBeInTheDocument();
  });
});
