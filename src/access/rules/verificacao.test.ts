/** docs/access.md decision 38: who reads and acts on a site's plan sheets and punch list. */
import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../ability';
import type { PortalUser } from '../user';

const user = (roles: string[], extra: Partial<PortalUser> = {}): PortalUser => ({
  id_user: 'u',
  username: 'u',
  email: 'eu@empresa.com.br',
  name: 'Eu',
  empresa: ['EmpresaX'],
  obra: ['101'],
  roles,
  tipo: '',
  ...extra,
});

const item = (data: Record<string, unknown>) => subject('ItemVerificacao', { obra: '101', status: 'Aberto', ...data }) as never;
const sheet = (obra: string) => subject('Planta', { obra }) as never;
const SUPPLIER = user(['fornecedor'], { tipo: 'fornecedor', empresa: ['12345678000195'], obra: [] });
const REP = user(['cliente', 'projetista', 'representante_cliente'], { tipo: 'cliente' });

describe('decision 38', () => {
  it('the people of a site read its plans and items and add items; nothing of another site', () => {
    const a = defineAbilityFor(user([]));
    expect(a.can('read', sheet('101'))).toBe(true);
    expect(a.can('read', item({}))).toBe(true);
    expect(a.can('create', item({}))).toBe(true);
    expect(a.can('update', item({}))).toBe(false);
    expect(a.can('create', sheet('101'))).toBe(false);
    expect(a.can('read', item({ obra: '102' }))).toBe(false);
    expect(defineAbilityFor(user([], { obra: [] })).can('read', 'ItemVerificacao')).toBe(false);
  });

  it('the site manager runs both on their sites; the substitute on the sites naming them', () => {
    const sm = defineAbilityFor(user(['site_manager']));
    expect(sm.can('update', item({}))).toBe(true);
    expect(sm.can('create', sheet('101'))).toBe(true);
    expect(sm.can('update', item({ obra: '102' }))).toBe(false);
    const sub = defineAbilityFor(user(['site_manager_substituto'], { obra: [], obrasSubstituto: ['102'] }));
    expect(sub.can('update', item({ obra: '102' }))).toBe(true);
    expect(sub.can('update', item({ obra: '101' }))).toBe(false);
  });

  it('engineering sends plans of any site', () => {
    expect(defineAbilityFor(user(['editor_projetista'], { obra: [] })).can('create', sheet('105'))).toBe(true);
    expect(defineAbilityFor(user(['admin_projetos'], { obra: [] })).can('delete', sheet('105'))).toBe(true);
  });

  it("a supplier reads and answers its company's items only, without the internal field; no sheet", () => {
    const a = defineAbilityFor(SUPPLIER, { internalFields: { ItemVerificacao: ['observacaoInterna'] } });
    const mine = item({ empresaResponsavel: '12345678000195' });
    expect(a.can('read', mine)).toBe(true);
    expect(a.can('Interagir', mine)).toBe(true);
    expect(a.can('update', mine)).toBe(false);
    expect(a.can('read', mine, 'observacaoInterna')).toBe(false);
    expect(a.can('read', item({ empresaResponsavel: '99999999000199' }))).toBe(false);
    expect(a.can('read', sheet('101'))).toBe(false);
  });

  it("the client's representative reads its sites' items only where the site turned it on", () => {
    const a = defineAbilityFor(REP);
    expect(a.can('read', item({ visivelCliente: true }))).toBe(true);
    expect(a.can('read', item({ visivelCliente: false }))).toBe(false);
    expect(a.can('read', item({ visivelCliente: true, obra: '102' }))).toBe(false);
    expect(a.can('Interagir', item({ visivelCliente: true }))).toBe(false);
    expect(defineAbilityFor(user(['cliente', 'projetista'], { tipo: 'cliente' })).can('read', item({ visivelCliente: true }))).toBe(false);
  });
});
