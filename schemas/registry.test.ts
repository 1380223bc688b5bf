import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SUBJECTS } from '../src/access/subjects';
import type { EntitySchema, FieldDef } from './kinds';
import { SCHEMAS, referencedSchemas, schemaByName, schemaByResource, schemasInDependencyOrder } from './index';
import { importKeyOf } from './import-layout';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KINDS = [
  'text',
  'longtext',
  'email',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'reference',
  'person',
  'object',
  'rows',
  'attachments',
  'images',
  'tags',
];

function field(schemaName: string, path: string): FieldDef {
  const schema = schemaByName(schemaName);
  if (!schema) throw new Error(`schema ${schemaName} missing`);
  let fields = schema.fields;
  let found: FieldDef | undefined;
  for (const part of path.split('.')) {
    found = fields.find((f) => f.name === part);
    if (!found) throw new Error(`${schemaName}.${path} missing`);
    fields = found.fields ?? [];
  }
  return found!;
}

function allFields(fields: FieldDef[], prefix = ''): [string, FieldDef][] {
  return fields.flatMap((f) => [[prefix + f.name, f] as [string, FieldDef], ...allFields(f.fields ?? [], `${prefix}${f.name}.`)]);
}

describe('schema registry', () => {
  it('has unique names and resources, and lookups work', () => {
    const names = SCHEMAS.map((s) => s.name);
    const resources = SCHEMAS.map((s) => s.resource);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(resources).size).toBe(resources.length);
    for (const s of SCHEMAS) {
      expect(schemaByName(s.name)).toBe(s);
      expect(schemaByResource(s.resource)).toBe(s);
      expect(s.name).toMatch(IDENT);
      expect(s.resource).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    }
    expect(schemaByName('nope')).toBeUndefined();
    expect(schemaByResource('nope')).toBeUndefined();
  });

  it('declares every entity of the brief', () => {
    const expected = [
      'obra',
      'diario',
      'osField',
      'osAutomacao',
      'checklistTemplateField',
      'checklistTemplateAutomacao',
      'checklistPreenchidoField',
      'checklistPreenchidoAutomacao',
      'eapOs',
      'diarioOs',
      'posvenda',
      'ticketInteracao',
      'pesquisaSatisfacao',
      'custoPosvenda',
      'fabricacao',
      'projetoFabrica',
      'projeto',
      'contrato',
      'produtoContrato',
      'material',
      'materialTemplate',
      'seguro',
      'seguroPleno',
      'endosso',
      'endossoPleno',
      'ticketSgi',
      'planoAcao',
      'portalFornecedor',
      'portalCliente',
      'produto',
      'taf',
      'processoJuridico',
      'documentoJuridico',
      'diretorio',
      'documento',
      'relatoEtica',
      'rit',
      'usuario',
      // Configuration records of screens of the spec (RDO configuration, document tree).
      'configuracaoRdo',
      'modeloDiretorio',
      // The company registry of docs/access.md decision 29.
      'empresa',
      // Absences and substitutes (issue 25, docs/access.md decision 31).
      'ausencia',
      // Holidays administrators add to the business calendar (issue 25).
      'feriado',
      // A site's plan sheets and punch list (issue 42, docs/access.md decision 38).
      'folhaPlanta',
      'itemVerificacao',
    ];
    expect(SCHEMAS.map((s) => s.name).sort()).toEqual([...expected].sort());
  });

  describe.each(SCHEMAS.map((s) => [s.name, s] as [string, EntitySchema]))('%s', (_name, s) => {
    it('is plain JSON data', () => {
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    });

    it('has labels, a known subject, a title field and menu', () => {
      expect(s.label.length).toBeGreaterThan(0);
      expect(s.labelPlural.length).toBeGreaterThan(0);
      expect(['m', 'f']).toContain(s.gender);
      expect(SUBJECTS).toContain(s.subject);
      expect(s.fields.some((f) => f.name === s.titleField)).toBe(true);
      expect(s.menu?.group).toBeTruthy();
      if (s.defaultSort) expect(s.fields.some((f) => f.name === s.defaultSort!.field)).toBe(true);
      if (s.obraField) {
        const f = s.fields.find((x) => x.name === s.obraField)!;
        expect(f).toBeTruthy();
        if (s.name !== 'obra') expect([f.kind, f.ref, f.refKey]).toEqual(['reference', 'obra', 'Id_Lista']);
      }
      if (s.accessVia) {
        const f = s.fields.find((x) => x.name === s.accessVia)!;
        expect(f.kind).toBe('reference');
        expect(f.refKey ?? 'id').toBe('id');
        expect(schemaByName(f.ref!)!.subject).toBe(s.subject);
      }
    });

    it('has a spreadsheet import key: its own fields, or the record id ("ID") where none is natural', () => {
      const key = importKeyOf(s);
      expect(key.length).toBeGreaterThan(0);
      for (const k of key) {
        if (k === 'id') expect(key).toEqual(['id']);
        else
          expect(
            s.fields.find((f) => f.name === k && !f.hidden && !['rows', 'object', 'attachments', 'images', 'tags'].includes(f.kind)),
            k,
          ).toBeTruthy();
      }
    });

    it('menu icon exists in @ant-design/icons', () => {
      const icon = s.menu?.icon;
      expect(icon).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
      const file = fileURLToPath(new URL(`../node_modules/@ant-design/icons/lib/icons/${icon}.js`, import.meta.url));
      expect(existsSync(file)).toBe(true);
    });

    it('has valid fields', () => {
      const top = s.fields.map((f) => f.name);
      expect(new Set(top).size).toBe(top.length);
      expect(top.filter((n) => ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'].includes(n))).toEqual([]);
      for (const [path, f] of allFields(s.fields)) {
        expect(f.name, path).toMatch(IDENT);
        expect(KINDS, path).toContain(f.kind);
        expect(f.label.length, path).toBeGreaterThan(0);
        if (f.kind === 'enum') {
          expect(f.options?.length, path).toBeGreaterThan(0);
          expect(new Set(f.options).size, path).toBe(f.options!.length);
          expect(f.options, path).toContain(f.default);
        }
        // A former value is no longer an option and maps to one (rewritten by the migration, src/server/db/ddl.ts).
        for (const [old, now] of Object.entries(f.formerOptions ?? {})) {
          expect(f.kind === 'enum' && !path.includes('.'), `${path}: formerOptions on a top-level enum`).toBe(true);
          expect(f.options, `${path}: ${old}`).not.toContain(old);
          expect(f.options, `${path}: ${old} → ${now}`).toContain(now);
        }
        if (f.kind === 'text' || f.kind === 'longtext' || f.kind === 'email') {
          expect(f.maxLength, path).toBeGreaterThan(0);
        }
        if (f.min !== undefined && f.max !== undefined) expect(f.min, path).toBeLessThanOrEqual(f.max);
        if (f.kind === 'rows' || f.kind === 'object') {
          expect(f.fields?.length, path).toBeGreaterThan(0);
          const sub = f.fields!.map((x) => x.name);
          expect(new Set(sub).size, path).toBe(sub.length);
          for (const x of f.fields!) expect(['rows', 'object'], `${path}.${x.name}: no nested rows`).not.toContain(x.kind);
        } else {
          expect(f.fields, path).toBeUndefined();
        }
        if (f.kind === 'rows' || f.kind === 'object' || path.includes('.')) {
          // Sub-fields and containers are not indexed columns.
          if (path.includes('.')) expect(f.filter || f.sort || f.unique, path).toBeFalsy();
        }
        if (f.kind === 'reference') {
          const target = schemaByName(f.ref ?? '');
          expect(target, `${path} → ${f.ref}`).toBeTruthy();
          const key = f.refKey ?? 'id';
          if (key !== 'id') {
            const tf = target!.fields.find((x) => x.name === key);
            expect(tf, `${path} → ${f.ref}.${key}`).toBeTruthy();
            expect(tf!.unique, `${f.ref}.${key} is unique`).toBe(true);
            expect(tf!.required, `${f.ref}.${key} is required`).toBe(true);
          }
        } else {
          expect(f.ref, path).toBeUndefined();
        }
        if (f.default !== undefined && f.default !== null) {
          if (['integer', 'decimal', 'money'].includes(f.kind)) {
            expect(typeof f.default, path).toBe('number');
            if (f.min !== undefined) expect(f.default as number, path).toBeGreaterThanOrEqual(f.min);
            if (f.max !== undefined) expect(f.default as number, path).toBeLessThanOrEqual(f.max);
          }
          if (f.kind === 'boolean') expect(typeof f.default, path).toBe('boolean');
          if (f.kind === 'text') expect(typeof f.default, path).toBe('string');
        }
      }
    });
  });

  it('orders schemas by dependency (targets first)', () => {
    const ordered = schemasInDependencyOrder();
    expect(ordered.length).toBe(SCHEMAS.length);
    expect(new Set(ordered).size).toBe(SCHEMAS.length);
    const pos = new Map(ordered.map((s, i) => [s.name, i]));
    for (const s of ordered) {
      for (const dep of referencedSchemas(s)) expect(pos.get(dep)!, `${dep} before ${s.name}`).toBeLessThan(pos.get(s.name)!);
    }
    // Self references (folders in folders, EAP items under items) do not count as dependencies.
    expect(referencedSchemas(schemaByName('diretorio')!)).toEqual(['obra']);
    expect(field('eapOs', 'pai').ref).toBe('eapOs');
  });

  it('detects reference cycles', () => {
    const a = { ...schemaByName('usuario')!, name: 'a', fields: [{ name: 'b', kind: 'reference', label: 'B', ref: 'b' }] } as EntitySchema;
    const b = { ...schemaByName('usuario')!, name: 'b', fields: [{ name: 'a', kind: 'reference', label: 'A', ref: 'a' }] } as EntitySchema;
    expect(() => schemasInDependencyOrder([a, b])).toThrow(/Ciclo/);
  });
});

describe('fields named in docs/access.md', () => {
  it('Obra.Id_Lista is the unique, required site id', () => {
    const f = field('obra', 'Id_Lista');
    expect([f.kind, f.unique, f.required]).toEqual(['text', true, true]);
    expect(schemaByName('obra')!.subject).toBe('Obra');
  });

  it('RDO: siteManager person and obra → obra.Id_Lista', () => {
    expect(schemaByName('diario')!.subject).toBe('RDO');
    expect(field('diario', 'siteManager')).toMatchObject({ kind: 'person', required: true });
    expect(field('diario', 'obra')).toMatchObject({ kind: 'reference', ref: 'obra', refKey: 'Id_Lista', required: true });
    expect(schemaByName('diario')!.obraField).toBe('obra');
    expect(field('diario', 'status').options).toEqual(['Rascunho', 'Em revisão', 'Aprovado', 'Reprovado', 'Anulado']);
    expect(field('diario', 'status').default).toBe('Rascunho');
    expect(field('diario', 'chuvaMm')).toMatchObject({ kind: 'decimal', scale: 2, min: 0 });
    expect(field('diario', 'clima.periodo').options).toEqual(['Manhã', 'Tarde', 'Noite']);
    expect(field('diario', 'clima.condicao').options).toEqual(['Praticável', 'Impraticável']);
    expect(field('diario', 'atividades.avancoPercent')).toMatchObject({ min: 0, max: 100 });
    expect(field('diario', 'fotos').kind).toBe('images');
  });

  it('Contratos: persons and the six statuses, plus Cancelado (decision 26)', () => {
    expect(schemaByName('contrato')!.subject).toBe('Contratos');
    for (const p of ['responsavel', 'gestor', 'validador']) expect(field('contrato', p).kind).toBe('person');
    expect(field('contrato', 'status').options).toEqual([
      'Revisão',
      'Emitido para o Jurídico',
      'Revisão para cancelamento',
      'Emitido para o verificador',
      'Em finalização',
      'Aprovado',
      'Cancelado',
    ]);
    expect(schemaByName('produtoContrato')!.subject).toBe('Contratos');
  });

  it('Materiais: persons and Status', () => {
    expect(schemaByName('material')!.subject).toBe('Materiais');
    for (const p of ['Quantificou', 'Verificador', 'Site_manager', 'Coordenador']) expect(field('material', p).kind).toBe('person');
    expect(field('material', 'Status').options).toEqual([
      'REVISAR',
      'EM ELABORAÇÃO',
      'LIBERADO PARA VERIFICAÇÃO',
      'LIBERADO PARA SITE MANAGER',
      'LIBERADO PARA COORDENADOR',
      'LIBERADO PARA PLANEJAMENTO',
      'EM REVISÃO',
      'CANCELADO',
    ]);
    expect(field('material', 'itens.quantidade').kind).toBe('decimal');
  });

  it('PROJETO.Situacao includes PAP, APC, AP, PR', () => {
    expect(schemaByName('projeto')!.subject).toBe('PROJETO');
    const f = field('projeto', 'Situacao');
    expect(f.kind).toBe('enum');
    expect(f.options).toEqual(expect.arrayContaining(['PAP', 'APC', 'AP', 'PR']));
    for (const o of f.options!) expect(f.help).toContain(`${o}:`);
    expect(field('projeto', 'categoria').options).toEqual(['AsBuilt', 'Executivo', 'Referencia', 'Mecânica', 'Elétrica']);
    expect(field('projetoFabrica', 'tipo').options).toEqual(['Mecânico', 'Elétrico']);
  });

  it('ProcessoJuridico: responsavelDp, responsavelSeg', () => {
    expect(schemaByName('processoJuridico')!.subject).toBe('ProcessoJuridico');
    expect(field('processoJuridico', 'responsavelDp').kind).toBe('person');
    expect(field('processoJuridico', 'responsavelSeg').kind).toBe('person');
    expect(field('processoJuridico', 'tipo').options).toEqual(['Cível', 'Trabalhista']);
  });

  it('TicketInteracao: responsavel, responsavelRegistro', () => {
    expect(schemaByName('ticketInteracao')!.subject).toBe('TicketInteracao');
    expect(field('ticketInteracao', 'responsavel').kind).toBe('person');
    expect(field('ticketInteracao', 'responsavelRegistro').kind).toBe('person');
    expect(field('ticketInteracao', 'ticket')).toMatchObject({ kind: 'reference', ref: 'posvenda' });
  });

  it('Diretorio.acesso object with the five tag lists', () => {
    expect(schemaByName('diretorio')!.subject).toBe('Diretorio');
    const acesso = field('diretorio', 'acesso');
    expect(acesso.kind).toBe('object');
    expect(acesso.fields!.map((f) => [f.name, f.kind])).toEqual([
      ['full', 'tags'],
      ['rOnly', 'tags'],
      ['uploadOnly', 'tags'],
      ['rW', 'tags'],
      ['rWEdit', 'tags'],
    ]);
    expect(field('diretorio', 'pai')).toMatchObject({ kind: 'reference', ref: 'diretorio' });
  });

  it('DiarioOs.area and EapOS.area', () => {
    expect(schemaByName('diarioOs')!.subject).toBe('DiarioOs');
    expect(schemaByName('eapOs')!.subject).toBe('EapOS');
    expect(field('diarioOs', 'area')).toMatchObject({ kind: 'enum', options: ['FIELD', 'AUTOMACAO'] });
    expect(field('eapOs', 'area')).toMatchObject({ kind: 'enum', options: ['FIELD', 'AUTOMACAO'] });
  });

  it('SGI statuses and post-sales Concluído', () => {
    expect(field('ticketSgi', 'status').options).toEqual(['RASCUNHO', 'TRIAGEM', 'EM ANDAMENTO', 'FINALIZADO']);
    expect(field('ticketSgi', 'area').options).toEqual(['Qualidade', 'Meio Ambiente', 'Segurança', 'Auditoria']);
    expect(field('ticketSgi', 'codigo').readOnly).toBe(true);
    expect(field('relatoEtica', 'status').options).toEqual(['Aberto', 'Em andamento', 'Finalizada']);
    expect(field('posvenda', 'status').options).toContain('Concluído');
    expect(field('posvenda', 'comentario').required).toBe(true);
    expect(field('posvenda', 'descricao').required).toBe(true);
  });

  it('work orders, insurance and subjects per schema', () => {
    const subjects = Object.fromEntries(SCHEMAS.map((s) => [s.name, s.subject]));
    expect(subjects).toMatchObject({
      osField: 'OS_FIELD',
      osAutomacao: 'OS_AUTOMACAO',
      seguro: 'SEGUROS',
      seguroPleno: 'SEGUROS_PLENO',
      endosso: 'SEGUROS',
      endossoPleno: 'SEGUROS_PLENO',
      posvenda: 'POSVENDAS',
      pesquisaSatisfacao: 'POSVENDAS',
      custoPosvenda: 'POSVENDAS',
      fabricacao: 'FABRICACAO',
      projetoFabrica: 'PROJETO_FABRICA',
      produto: 'Produto',
      taf: 'TAF',
      ticketSgi: 'TicketSgi',
      planoAcao: 'TicketSgi',
      usuario: 'Usuario',
      checklistTemplateField: 'FIELD',
      checklistTemplateAutomacao: 'AUTOMACAO',
    });
    expect(schemaByName('osField')!.fields).toEqual(schemaByName('osAutomacao')!.fields);
    // The two kinds of policy share their fields; each renews a policy of its own kind.
    const policyFields = (name: string) => schemaByName(name)!.fields.map((f) => (f.name === 'apoliceAnterior' ? { ...f, ref: 'apólice' } : f));
    expect(policyFields('seguro')).toEqual(policyFields('seguroPleno'));
    expect(field('usuario', 'email').unique).toBe(true);
  });
});

describe('related lists', () => {
  const declared = SCHEMAS.flatMap((s) => (s.related ?? []).map((r) => ({ parent: s, r })));

  it('are declared where records belong together', () => {
    const pairs = declared.map(({ parent, r }) => `${parent.name}>${r.entity}.${r.via}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'contrato>produtoContrato.contrato',
        'posvenda>ticketInteracao.ticket',
        'posvenda>custoPosvenda.ticket',
        'ticketSgi>planoAcao.ticket',
        'produto>taf.produto',
        'osField>diarioOs.osField',
      ]),
    );
  });

  it.each(declared.map(({ parent, r }) => [`${parent.name} > ${r.entity}.${r.via}`, parent, r] as const))(
    '%s points back to the parent and sums numbers',
    (_, parent, r) => {
      const child = schemaByName(r.entity);
      expect(child, r.entity).toBeDefined();
      const via = child!.fields.find((f) => f.name === r.via);
      expect(via).toMatchObject({ kind: 'reference', ref: parent.name });
      if (via!.refKey) expect(parent.fields.find((f) => f.name === via!.refKey)?.unique).toBe(true);
      for (const name of r.sum ?? []) expect(['integer', 'decimal', 'money']).toContain(child!.fields.find((f) => f.name === name)?.kind);
    },
  );
});
