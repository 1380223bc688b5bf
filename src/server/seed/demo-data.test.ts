import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { SCHEMAS, schemaByName, schemasInDependencyOrder } from '../../../schemas/index';
import { validateBody } from '../crud/validate';
import { demoData, demoRdoRows } from './demo-data';

type Row = Record<string, unknown>;

const EMAIL = /^[^\s@A-Z]+@[^\s@A-Z]+\.[^\s@A-Z]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const data = demoData();

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function validDate(s: string) {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Every problem of one record, as 'path: message'. */
function problems(schema: EntitySchema, row: Row, all: Record<string, Row[]>): string[] {
  const out: string[] = [];
  const checkRecord = (fields: FieldDef[], rec: Row, prefix: string, inObject: boolean) => {
    for (const k of Object.keys(rec)) if (!fields.some((f) => f.name === k)) out.push(`${prefix}${k}: campo não declarado`);
    for (const f of fields) {
      const v = rec[f.name];
      const path = prefix + f.name;
      if (isEmpty(v)) {
        if (f.required && !inObject) out.push(`${path}: obrigatório`);
        if (inObject && f.name in rec) out.push(`${path}: valor vazio guardado em objeto`);
        continue;
      }
      checkValue(f, v, path);
    }
  };
  const checkValue = (f: FieldDef, v: unknown, path: string) => {
    const bad = (m: string) => out.push(`${path}: ${m} (${JSON.stringify(v)})`);
    switch (f.kind) {
      case 'text':
      case 'longtext':
      case 'email':
      case 'enum':
        if (typeof v !== 'string') return bad('texto esperado');
        if (v.trim() !== v) bad('espaços nas pontas');
        if (f.maxLength !== undefined && v.length > f.maxLength) bad(`> ${f.maxLength} caracteres`);
        if (f.minLength !== undefined && v.length < f.minLength) bad(`< ${f.minLength} caracteres`);
        if (f.kind === 'email' && !EMAIL.test(v)) bad('e-mail inválido');
        if (f.kind === 'enum' && !f.options!.includes(v)) bad('fora das opções');
        return;
      case 'integer':
      case 'decimal':
      case 'money': {
        if (typeof v !== 'number' || !Number.isFinite(v)) return bad('número esperado');
        if (f.kind === 'integer' && !Number.isInteger(v)) bad('inteiro esperado');
        const scale = f.kind === 'money' ? 2 : f.kind === 'decimal' ? (f.scale ?? 2) : 0;
        if (Math.round(v * 10 ** scale) / 10 ** scale !== v) bad(`mais de ${scale} casas decimais`);
        if (f.min !== undefined && v < f.min) bad(`< ${f.min}`);
        if (f.max !== undefined && v > f.max) bad(`> ${f.max}`);
        return;
      }
      case 'date':
        if (typeof v !== 'string' || !validDate(v)) bad('data inválida');
        return;
      case 'datetime':
        if (typeof v !== 'string' || !DATETIME.test(v) || Number.isNaN(Date.parse(v))) bad('data e hora inválidas');
        return;
      case 'boolean':
        if (typeof v !== 'boolean') bad('booleano esperado');
        return;
      case 'reference': {
        const target = all[f.ref!] ?? [];
        const key = f.refKey ?? 'id';
        if (key === 'id') {
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > target.length) bad(`id inexistente em ${f.ref} (1..${target.length})`);
          if (f.ref === schema.name && typeof v === 'number' && v > (all[schema.name].indexOf(row) + 1)) bad('auto-referência a linha posterior');
        } else if (typeof v !== 'string' || !target.some((t) => t[key] === v)) bad(`${f.ref}.${key} inexistente`);
        return;
      }
      case 'person': {
        if (typeof v !== 'object' || Array.isArray(v)) return bad('pessoa esperada');
        const o = v as Row;
        if (Object.keys(o).some((k) => k !== 'mail' && k !== 'nome')) bad('chaves extras');
        if (typeof o.mail !== 'string' || !EMAIL.test(o.mail)) bad('mail inválido');
        if (o.nome !== undefined && typeof o.nome !== 'string') bad('nome inválido');
        return;
      }
      case 'object':
        if (typeof v !== 'object' || Array.isArray(v)) return bad('objeto esperado');
        checkRecord(f.fields!, v as Row, `${path}.`, true);
        return;
      case 'rows':
        if (!Array.isArray(v)) return bad('lista esperada');
        v.forEach((r, i) => {
          if (typeof r !== 'object' || r === null || Array.isArray(r)) return bad(`linha ${i} não é objeto`);
          checkRecord(f.fields!, r as Row, `${path}.${i}.`, false);
        });
        return;
      case 'tags':
        if (!Array.isArray(v)) return bad('lista esperada');
        if (new Set(v).size !== v.length) bad('itens repetidos');
        for (const t of v) if (typeof t !== 'string' || !t.trim() || t.length > (f.maxLength ?? 100)) bad(`item inválido ${JSON.stringify(t)}`);
        return;
      case 'attachments':
      case 'images':
        if (!Array.isArray(v)) return bad('lista esperada');
        if (f.maxFiles !== undefined && v.length > f.maxFiles) bad(`> ${f.maxFiles} arquivos`);
        for (const file of v as Row[]) {
          if (typeof file.key !== 'string' || typeof file.name !== 'string' || typeof file.size !== 'number' || typeof file.type !== 'string') bad('arquivo incompleto');
          else if (f.accept && !f.accept.some((a) => (file.type as string).startsWith(a))) bad(`tipo ${file.type} não aceito`);
          else if (f.maxSizeMb && (file.size as number) > f.maxSizeMb * 1024 * 1024) bad('arquivo grande demais');
        }
        return;
    }
  };
  checkRecord(schema.fields, row, '', false);
  return out;
}

const asSeeder = (s: EntitySchema): EntitySchema => ({ ...s, fields: s.fields.map((f) => ({ ...f, readOnly: false })) });

describe('demoData()', () => {
  it('only has keys of declared schemas, and data for every schema', () => {
    for (const k of Object.keys(data)) expect(schemaByName(k), k).toBeTruthy();
    for (const s of SCHEMAS) expect(data[s.name]?.length ?? 0, s.name).toBeGreaterThan(0);
  });

  it('is deterministic and JSON-serializable', () => {
    expect(demoData()).toEqual(data);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(demoData().obra).not.toBe(data.obra);
  });

  describe.each(SCHEMAS.map((s) => [s.name, s] as [string, EntitySchema]))('%s', (name, schema) => {
    it('every record satisfies the schema and its references exist', () => {
      const rows = data[name] ?? [];
      const errs = rows.flatMap((r, i) => problems(schema, r, data).map((e) => `[${i}] ${e}`));
      expect(errs).toEqual([]);
    });

    it('unique fields are unique', () => {
      for (const f of schema.fields.filter((x) => x.unique)) {
        const vals = (data[name] ?? []).map((r) => r[f.name]).filter((v) => v !== undefined && v !== null);
        expect(new Set(vals).size, f.name).toBe(vals.length);
      }
    });

    it('passes the server validation used by the seeder', () => {
      const errs = (data[name] ?? []).flatMap((r, i) => {
        const { errors } = validateBody(asSeeder(schema), r);
        return Object.keys(errors).length ? [`[${i}] ${JSON.stringify(errors)}`] : [];
      });
      expect(errs).toEqual([]);
    });
  });

  it('self references point to earlier rows, so dependency-order inserts work', () => {
    expect(schemasInDependencyOrder().map((s) => s.name)).toEqual(expect.arrayContaining(Object.keys(data)));
    for (const [i, d] of data.diretorio.entries()) if (d.pai !== undefined) expect(d.pai as number).toBeLessThan(i + 1);
    for (const [i, d] of data.eapOs.entries()) if (d.pai !== undefined) expect(d.pai as number).toBeLessThan(i + 1);
  });
});

describe('demo scenario', () => {
  const mails = (rows: Row[], f: string) => rows.map((r) => (r[f] as { mail?: string } | undefined)?.mail);

  it('sites 101..105, with 101 and 102 managed by sm@portal.local', () => {
    const ids = data.obra.map((o) => o.Id_Lista);
    expect(ids).toEqual(expect.arrayContaining(['101', '102', '103', '104', '105']));
    for (const id of ['101', '102']) expect((data.obra.find((o) => o.Id_Lista === id)!.siteManager as { mail: string }).mail).toBe('sm@portal.local');
  });

  it('RDOs over at least 6 months, several sites, by sm@portal.local and by others', () => {
    const months = new Set(data.diario.map((r) => (r.data as string).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    expect(new Set(data.diario.map((r) => r.obra)).size).toBeGreaterThanOrEqual(4);
    const sm = mails(data.diario, 'siteManager');
    expect(sm.filter((m) => m === 'sm@portal.local').length).toBeGreaterThan(10);
    expect(sm.filter((m) => m !== 'sm@portal.local').length).toBeGreaterThan(10);
    // A report on sm's own site written by the substitute (readable via rdo_by_obra, not editable).
    expect(data.diario.some((r) => r.obra === '101' && (r.siteManager as { mail: string }).mail !== 'sm@portal.local')).toBe(true);
    expect(new Set(data.diario.map((r) => r.status))).toEqual(new Set(['Rascunho', 'Em revisão', 'Aprovado', 'Reprovado']));
  });

  it('status coverage', () => {
    const statuses = (name: string, f: string) => new Set(data[name].map((r) => r[f]));
    for (const [name, f] of [['contrato', 'status'], ['material', 'Status'], ['ticketSgi', 'status'], ['relatoEtica', 'status'], ['posvenda', 'status']] as const) {
      expect(statuses(name, f), `${name}.${f}`).toEqual(new Set(schemaByName(name)!.fields.find((x) => x.name === f)!.options));
    }
    expect(statuses('ticketSgi', 'area')).toEqual(new Set(['Qualidade', 'Meio Ambiente', 'Segurança', 'Auditoria']));
    expect(statuses('processoJuridico', 'tipo')).toEqual(new Set(['Cível', 'Trabalhista']));
    expect([...statuses('projeto', 'Situacao')]).toEqual(expect.arrayContaining(['PAP', 'APC', 'AP', 'PR', 'EL']));
    expect(statuses('diarioOs', 'area')).toEqual(new Set(['FIELD', 'AUTOMACAO']));
    expect(statuses('eapOs', 'area')).toEqual(new Set(['FIELD', 'AUTOMACAO']));
  });

  it('SGI: sequential codigo only once in progress; plans for in-progress/finished records', () => {
    for (const t of data.ticketSgi) {
      expect(t.codigo !== undefined, String(t.titulo)).toBe(t.status === 'EM ANDAMENTO' || t.status === 'FINALIZADO');
    }
    const withPlan = new Set(data.planoAcao.map((p) => p.ticket));
    data.ticketSgi.forEach((t, i) => { if (t.codigo !== undefined) expect(withPlan.has(i + 1)).toBe(true); });
  });

  it('contracts name demo staff; post-sales has interactions, costs (> 10) and surveys', () => {
    const staff = new Set(data.usuario.filter((u) => u.tipo !== 'cliente').map((u) => u.email));
    for (const f of ['responsavel', 'gestor', 'validador']) for (const m of mails(data.contrato, f)) expect(staff.has(m!), `${f} ${m}`).toBe(true);
    expect(data.contrato.some((c) => c.status === 'Aprovado' && (c.gestor as { mail: string }).mail === 'sm@portal.local')).toBe(true);
    expect(data.ticketInteracao.length).toBeGreaterThan(5);
    expect(data.custoPosvenda.length).toBeGreaterThan(10);
    expect(data.pesquisaSatisfacao.length).toBeGreaterThan(3);
    expect(mails(data.ticketInteracao, 'responsavel')).toContain('posvendas@portal.local');
    expect(data.ticketInteracao.some((t) => (t.responsavel as { mail: string }).mail !== 'posvendas@portal.local' && (t.responsavelRegistro as { mail: string }).mail === 'posvendas@portal.local')).toBe(true);
  });

  it('library folders have varied access lists, at least one without full', () => {
    const acessos = data.diretorio.map((d) => d.acesso as Record<string, string[]> | undefined);
    expect(acessos.some((a) => a && !a.full)).toBe(true);
    expect(acessos.some((a) => a === undefined)).toBe(true);
    for (const k of ['full', 'rOnly', 'uploadOnly', 'rW', 'rWEdit']) expect(acessos.some((a) => a?.[k]?.length), k).toBe(true);
  });

  it('users match the demo accounts', () => {
    const u = (email: string) => data.usuario.find((x) => x.email === email)!;
    expect(u('cliente@portal.local')).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'projetista', 'aprovador'], obra: ['101'] });
    expect(u('cliente.novo@portal.local')).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'projetista'], obra: ['102'] });
    expect(u('admin@portal.local').roles).toEqual(['acesso_total']);
    expect(u('sm@portal.local')).toMatchObject({ roles: ['site_manager', 'rdo_by_obra'], obra: ['101', '102'] });
    expect(u('posvendas@portal.local').roles).toEqual(['pos_vendas']);
    expect(u('leitura@portal.local').roles).toEqual([]);
    for (const x of data.usuario) if (x.specific_rules !== undefined) expect(() => JSON.parse(x.specific_rules as string)).not.toThrow();
  });
});

describe('demoRdoRows()', () => {
  const diario = schemaByName('diario')!;

  it('generates valid, deterministic rows that continue across batches', () => {
    const a = demoRdoRows(1_000, '2020-01-01');
    expect(a).toHaveLength(1_000);
    expect(demoRdoRows(1_000, '2020-01-01')).toEqual(a);
    const errs = a.flatMap((r, i) => problems(diario, r, data).map((e) => `[${i}] ${e}`));
    expect(errs).toEqual([]);
    for (const r of a.slice(0, 200)) expect(validateBody(diario, r).errors).toEqual({});
    const b = demoRdoRows(500, '2020-01-01', 500);
    expect(JSON.parse(JSON.stringify(b))).toEqual(JSON.parse(JSON.stringify(a.slice(500))));
    expect(a[0].data).toBe('2020-01-01');
    expect(new Set(a.map((r) => r.obra)).size).toBe(5);
  });

  it('is fast enough for 200,000 rows and stays within bounds at the end of the series', () => {
    const t0 = performance.now();
    const rows = demoRdoRows(200_000, '2020-01-01');
    const ms = performance.now() - t0;
    expect(rows).toHaveLength(200_000);
    expect(ms).toBeLessThan(5_000);
    const last = rows[rows.length - 1];
    expect(problems(diario, last, data)).toEqual([]);
    expect((last.data as string) < '2050-01-01').toBe(true);
  });
});

describe('the record checker itself', () => {
  it('rejects undeclared fields, missing required values, bad options, bounds and dangling references', () => {
    const diario = schemaByName('diario')!;
    const good = { ...data.diario[0] };
    expect(problems(diario, good, data)).toEqual([]);
    const bad = (patch: Row) => problems(diario, { ...good, ...patch }, data);
    expect(bad({ extra: 1 })).toHaveLength(1);
    expect(bad({ siteManager: undefined })).toHaveLength(1);
    expect(bad({ status: 'Pendente' })).toHaveLength(1);
    expect(bad({ chuvaMm: -1 })).toHaveLength(1);
    expect(bad({ chuvaMm: 1.234 })).toHaveLength(1);
    expect(bad({ obra: '999' })).toHaveLength(1);
    expect(bad({ data: '2025-02-30' })).toHaveLength(1);
    expect(bad({ clima: [{ periodo: 'Madrugada', tempo: 'Ensolarado', condicao: 'Praticável' }] })).toHaveLength(1);
    expect(bad({ maoDeObra: [{ empresa: 'X', funcao: 'Y' }] })).toHaveLength(1);
    const doc = schemaByName('documento')!;
    expect(problems(doc, { ...data.documento[0], diretorio: data.diretorio.length + 1 }, data)).toHaveLength(1);
    const dir = schemaByName('diretorio')!;
    expect(problems(dir, { nome: 'X', acesso: { full: [] } }, data)).toHaveLength(1);
  });
});
