import { DASHBOARDS } from './dashboards';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaByName } from '../schemas';
import { APP_ROUTES, NOT_BUILT_ROUTES, ROUTED, SPEC_ROUTES, entityPaths, patternKey, recordsBaseOf, resolveEntity } from './routes';
import { REFINE_RESOURCES } from './refine-resources';

const SECTION_2_PATHS = [
  // Public
  '',
  '/acessoFederado',
  '/login',
  '/primeiroLogin',
  '/403',
  '/404',
  '/ObraInacessivel',
  '/manutencao',
  // Open layout
  '/teste',
  '/obras',
  '/versoesSistema',
  '/todas-obras',
  // Site layout
  '/obras/:obra',
  '/obras/:obra/biblioteca',
  '/obras/:obra/galeria',
  '/obras/:obra/usuarios/adicionar',
  '/obras/:obra/atualizar',
  '/obras/:obra/informacoes',
  '/obras/:obra/cre/Dashboard',
  '/obras/:obra/cre',
  '/obras/:obra/cre/AsBuilt',
  // General layout
  '/usuarios/:user?',
  '/biblioteca',
  '/obra',
  '/obra/documentacao',
  '/seguros',
  '/seguros/perfeito',
  // FIELD / AUTOMACAO
  '/:obra/field/checklist',
  '/:obra/field/config',
  '/:obra/field/ordensServico',
  '/:obra/automacao/checklist',
  '/:obra/automacao/config',
  '/:obra/automacao/ordensServico',
  '/:obra/checklist/:tipo/preencher',
  '/:obra/ordensServico',
  '/:obra/ordensServico/:tipo/:idOs',
  '/:obra/ordensServico/:tipo/:idOs/diario/:idDiario',
  '/:obra/ordensServico/:tipo/:idOs/diario',
  // RDO
  '/diarios',
  '/:obra/diarios/configurar',
  '/:obra/diarios/datas',
  '/:obra/diarios/novo',
  '/diarios/:diario',
  '/diarios/:diario/editar',
  '/diarios/:diario/atualizar',
  // Post-sales
  '/dashboard-posvendas',
  '/posvendas-satisfacao',
  '/posvendas',
  '/posvendas/:ticket',
  // Factory
  '/fabricacao/nova',
  '/fabricacao',
  '/fabrica/Dashboard',
  '/projetos-fabrica',
  '/projetos-fabrica/Eletrica',
  '/projetos-fabrica/Mecanica',
  '/fabricacao/:obra',
  '/fabricacao/:obra/usuarios/adicionar',
  '/fabricacao/:obra/atualizar',
  '/:obra/fabricacao/Dashboard',
  '/fabricacao/:obra/projetos',
  '/fabricacao/:obra/projetos/Mecanica',
  '/fabricacao/:obra/projetos/Eletrica',
  // Contracts and materials
  '/contrato',
  '/:obra/contrato',
  '/materiais/template',
  '/:obra/materiais/novo',
  '/:obra/materiais',
  // CRE
  '/cre',
  '/cre/Dashboard',
  '/cre/AsBuilt',
  '/cre/Executivo',
  '/cre/Referencia',
  // SGI
  '/sgi',
  '/sgi/qualidade',
  '/sgi/meioAmbiente',
  '/sgi/seguranca',
  '/sgi/auditoria',
  '/sgi/acoes',
  '/sgi/plano-acao',
  // Products and legal
  '/produto',
  '/produto/taf',
  '/produto/taf/:produto',
  '/juridico/civil',
  '/juridico/trabalhista',
  '/juridico/dashboard',
  '/juridico/enviarDocumentos/:tipoDocumento',
];

const byPath = (path: string) => {
  const r = SPEC_ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`rota ausente: ${path}`);
  return r;
};

describe('route table (docs/specification.md §2)', () => {
  it('declares every route of section 2', () => {
    const declared = SPEC_ROUTES.filter((r) => r.spec).map((r) => r.path);
    expect([...declared].sort()).toEqual([...SECTION_2_PATHS].sort());
  });

  it('has unique ids and no two routed paths with the same pattern', () => {
    expect(new Set(APP_ROUTES.map((r) => r.id)).size).toBe(APP_ROUTES.length);
    const patterns = ROUTED.map((r) => patternKey(r.path));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('every route carries its metadata and opens something', () => {
    for (const r of APP_ROUTES) {
      expect(r.title, r.path).toBeTruthy();
      expect(r.icon, r.path).toBeTruthy();
      expect(r.breadcrumb, r.path).toBeTruthy();
      expect(typeof r.menu).toBe('boolean');
      expect(typeof r.manutencao).toBe('boolean');
      expect(typeof r.obraObrigatoria).toBe('boolean');
      expect(['public', 'open', 'site', 'general', 'factory']).toContain(r.layout);
      expect(!!r.entity || !!r.screen || r.redirect !== undefined, r.path).toBe(true);
      if (r.layout !== 'public' && r.menu) expect(r.group, r.path).toBeTruthy();
      if (r.path.includes(':obra')) expect(r.obraObrigatoria, r.path).toBe(true);
    }
  });

  it('entity names exist in SCHEMAS (including per-param variants)', () => {
    for (const r of APP_ROUTES) {
      if (!r.entity) continue;
      const names = [r.entity.name, ...Object.values(r.entity.byParam?.cases ?? {}).map((c) => c.name)].filter(Boolean) as string[];
      expect(names.length, r.path).toBeGreaterThan(0);
      for (const n of names) expect(schemaByName(n), `${r.path} → ${n}`).toBeDefined();
      for (const field of Object.keys({ ...r.entity.filters, ...r.entity.prefill })) {
        const schemas = names.map((n) => schemaByName(n)!);
        expect(
          schemas.every((s) => s.fields.some((f) => f.name === field)),
          `${r.path}: campo ${field}`,
        ).toBe(true);
      }
    }
    expect(resolveEntity(byPath('/:obra/checklist/:tipo/preencher').entity!, { tipo: 'field' })?.schema.name).toBe('checklistPreenchidoField');
    expect(resolveEntity(byPath('/:obra/checklist/:tipo/preencher').entity!, { tipo: 'automacao' })?.schema.name).toBe('checklistPreenchidoAutomacao');
    expect(resolveEntity(byPath('/:obra/checklist/:tipo/preencher').entity!, { tipo: 'x' })).toBeUndefined();
  });

  it('access rules follow section 2 and decision 24', () => {
    const a = (path: string) => byPath(path).access;
    // Subject only → read.
    expect(a('/posvendas')).toEqual({ subject: 'POSVENDAS', action: 'read' });
    expect(a('/posvendas/:ticket')).toEqual({ subject: 'POSVENDAS', action: 'read' });
    expect(a('/contrato')).toEqual({ subject: 'Contratos', action: 'read' });
    expect(a('/:obra/contrato')).toEqual({ subject: 'Contratos', action: 'read' });
    expect(a('/usuarios/:user?')).toEqual({ subject: 'PERFIL', action: 'read' });
    expect(a('/biblioteca')).toEqual({ subject: 'BIBLIOTECA', action: 'read' });
    expect(a('/seguros')).toEqual({ subject: 'SEGUROS', action: 'read' });
    expect(a('/seguros/perfeito')).toEqual({ subject: 'SEGUROS_PLENO', action: 'read' });
    expect(a('/todas-obras')).toEqual({ subject: 'Obra', action: 'read' });
    expect(a('/produto/taf')).toEqual({ subject: 'TAF', action: 'read' });
    expect(a('/juridico/civil')).toEqual({ subject: 'ProcessoJuridico', action: 'read' });
    expect(a('/obras/:obra/usuarios/adicionar')).toEqual({ subject: 'Usuario', action: 'create' });
    // Named actions.
    expect(a('/obra')).toEqual({ subject: 'Obra', action: 'create' });
    expect(a('/obra/documentacao')).toEqual({ subject: 'Obra', action: 'configure' });
    expect(a('/obras/:obra/atualizar')).toEqual({ subject: 'Obra', action: 'update' });
    expect(a('/obras/:obra/informacoes')).toEqual({ subject: 'Obra', action: 'inspect' });
    expect(a('/obras/:obra/galeria')).toEqual({ subject: 'Obra', action: 'read' });
    expect(a('/:obra/field/checklist')).toEqual({ subject: 'FIELD', action: 'config' });
    expect(a('/:obra/automacao/config')).toEqual({ subject: 'AUTOMACAO', action: 'config' });
    expect(a('/:obra/checklist/:tipo/preencher')).toEqual({ subject: 'AUTOMACAO', action: 'create', or: [{ subject: 'FIELD', action: 'create' }] });
    expect(a('/diarios')).toEqual({ subject: 'RDO', action: 'read' });
    expect(a('/:obra/diarios/configurar')).toEqual({ subject: 'RDO', action: 'config' });
    // docs/access.md decision 30: the schedule is read by the staff who read the site's RDOs (not a client's representative, decision 32).
    expect(a('/:obra/diarios/datas')).toEqual({ subject: 'RDO', action: 'read', also: [{ subject: 'Calendario', action: 'read' }] });
    expect(a('/:obra/diarios/novo')).toEqual({ subject: 'RDO', action: 'create' });
    expect(a('/diarios/:diario/editar')).toEqual({ subject: 'RDO', action: 'update' });
    expect(a('/diarios/:diario')?.or).toEqual([
      { subject: 'AUTOMACAO', action: 'read' },
      { subject: 'FIELD', action: 'read' },
    ]);
    expect(a('/fabricacao/nova')).toEqual({ subject: 'FABRICACAO', action: 'write' });
    expect(a('/fabricacao/:obra/atualizar')).toEqual({ subject: 'FABRICACAO', action: 'update' });
    expect(a('/fabricacao/:obra/usuarios/adicionar')).toEqual({ subject: 'PROJETO_FABRICA', action: 'adicionar_cliente' });
    // "Needs admin_projetos_fabrica" → manage PROJETO_FABRICA; "needs admin_projetos" → manage PROJETO.
    for (const p of ['/fabrica/Dashboard', '/projetos-fabrica', '/projetos-fabrica/Eletrica', '/projetos-fabrica/Mecanica']) {
      expect(a(p)).toEqual({ subject: 'PROJETO_FABRICA', action: 'manage' });
    }
    expect(a('/cre/Dashboard')).toEqual({ subject: 'PROJETO', action: 'manage' });
    expect(a('/cre')).toEqual({ subject: 'PROJETO', action: 'read' });
    for (const p of ['/cre/AsBuilt', '/cre/Executivo', '/cre/Referencia', '/obras/:obra/cre/Dashboard']) {
      expect(a(p)).toEqual({ subject: 'PROJETO', action: 'readInterno' });
    }
    expect(a('/materiais/template')).toEqual({ subject: 'Materiais', action: 'manage' });
    expect(a('/:obra/materiais/novo')).toEqual({ subject: 'Materiais', action: 'create' });
    expect(a('/:obra/materiais')).toEqual({ subject: 'Materiais', action: 'read' });
    for (const p of ['/sgi', '/sgi/qualidade', '/sgi/meioAmbiente', '/sgi/seguranca', '/sgi/auditoria']) {
      expect(a(p)).toEqual({ subject: 'TicketSgi', action: 'read' });
    }
    expect(a('/sgi/acoes')).toEqual({ subject: 'TicketSgi', action: 'readAcoes' });
    expect(a('/produto')).toEqual({ subject: 'Produto', action: 'read' });
  });

  it('CRE category pages carry the categoria query and the CRE group', () => {
    for (const c of ['AsBuilt', 'Executivo', 'Referencia']) {
      const r = byPath(`/cre/${c}`);
      expect(r.query).toEqual({ categoria: c });
      expect(r.group).toBe('CRE');
      expect(r.entity?.filters).toEqual({ categoria: c });
    }
  });

  it('site routes filter lists and prefill creates with the site', () => {
    expect(byPath('/:obra/contrato').entity).toMatchObject({ name: 'contrato', view: 'list', filters: { obra: ':obra' } });
    expect(byPath('/:obra/diarios/novo').entity).toMatchObject({ name: 'diario', view: 'create', prefill: { obra: ':obra' } });
    expect(byPath('/sgi/qualidade').entity).toMatchObject({ name: 'ticketSgi', filters: { area: 'Qualidade' } });
    expect(byPath('/juridico/civil').entity).toMatchObject({ name: 'processoJuridico', filters: { tipo: 'Cível', obra: '?obra' } });
    expect(byPath('/diarios/:diario').entity).toMatchObject({ name: 'diario', view: 'show', record: { param: 'diario' } });
    expect(byPath('/diarios/:diario/editar').entity).toMatchObject({ name: 'diario', view: 'edit' });
    expect(byPath('/obras/:obra/informacoes').entity).toMatchObject({ name: 'obra', view: 'show', record: { param: 'obra', field: 'Id_Lista' } });
  });

  it('routes whose screen is not built are out of the menu and the router', () => {
    // Every screen of the spec is built.
    expect(NOT_BUILT_ROUTES.map((r) => r.path)).toEqual([]);
    for (const r of NOT_BUILT_ROUTES) {
      expect(r.menu).toBe(false);
      expect(ROUTED).not.toContain(r);
    }
  });

  it('every routed dashboard names a declared dashboard', () => {
    const dashboards = ROUTED.filter((r) => r.screen === 'dashboard');
    expect(dashboards.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/dashboard-posvendas',
        '/cre/Dashboard',
        '/obras/:obra/cre/Dashboard',
        '/juridico/dashboard',
        '/fabrica/Dashboard',
        '/posvendas-satisfacao',
        '/:obra/fabricacao/Dashboard',
      ]),
    );
    for (const r of dashboards) expect(DASHBOARDS[r.dashboard ?? ''], r.path).toBeDefined();
  });

  it('hidden-from-menu routes of the spec are not in the menu', () => {
    for (const p of ['/sgi/plano-acao', '/produto/taf/:produto', '/juridico/enviarDocumentos/:tipoDocumento']) expect(byPath(p).menu).toBe(false);
    expect(byPath('/todas-obras').menu).toBe(true);
    for (const r of SPEC_ROUTES.filter((x) => x.layout === 'public')) expect(r.menu).toBe(false);
  });

  it("the records' path without the id leads to the list the specification names (issue 36)", () => {
    const contratos = ROUTED.find((r) => r.path === '/contratos');
    expect(contratos).toMatchObject({ redirect: '/contrato', menu: false, access: { subject: 'Contratos', action: 'read' } });
    // A contract lives under the list's path; the resource's spelling leads there with its id.
    expect(entityPaths(schemaByName('contrato')!)).toEqual({
      list: '/contrato',
      show: '/contrato/:id',
      create: '/contrato/novo',
      edit: '/contrato/:id/editar',
    });
    expect(ROUTED.find((r) => r.path === '/contratos/:id')?.redirect).toBe('/contrato/:id');
    expect(ROUTED.find((r) => r.path === '/contratos/:id/editar')?.redirect).toBe('/contrato/:id/editar');
    // A route with an optional param keeps its bare path: `/usuarios` is the specification's screen.
    expect(ROUTED.filter((r) => r.path === '/usuarios').every((r) => r.redirect === undefined)).toBe(true);
    for (const schema of SCHEMAS) {
      const paths = entityPaths(schema);
      const base = recordsBaseOf(paths);
      if (!base || base === paths.list) continue;
      const route = ROUTED.find((r) => patternKey(r.path) === patternKey(base));
      expect(route, `${schema.name}: ${base}`).toBeTruthy();
      // Either the redirect to the list, or a route of the specification already there.
      if (!route!.spec) expect(route!.redirect, `${schema.name}: ${base}`).toBe(paths.list);
    }
  });

  it('Refine resources: one per schema, with paths the router serves', () => {
    expect(REFINE_RESOURCES.map((r) => r.name)).toEqual(SCHEMAS.map((s) => s.resource));
    const patterns = new Set(ROUTED.map((r) => patternKey(r.path)));
    for (const res of REFINE_RESOURCES) {
      for (const p of [res.list, res.show, res.create, res.edit]) expect(patterns.has(patternKey(p)), `${res.name}: ${p}`).toBe(true);
      expect(res.meta.subject).toBe(schemaByName(res.meta.schema)!.subject);
      expect(res.meta.label).toBeTruthy();
    }
  });
});
