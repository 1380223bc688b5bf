import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { SCHEMAS, schemaByName, schemasInDependencyOrder } from '../../../schemas/index';
import { SGI_AREA_PREFIX } from '../../../schemas/ticket-sgi';
import { validateBody } from '../crud/validate';
import { DEMO_ACCOUNTS } from '../identity/seed';
import { demoData, demoRdoRows } from './demo-data';
import { ownLoginTipo } from '../../access/user';

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
          if (f.ref === schema.name && typeof v === 'number' && v > all[schema.name].indexOf(row) + 1) bad('auto-referência a linha posterior');
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
          if (typeof file.key !== 'string' || typeof file.name !== 'string' || typeof file.size !== 'number' || typeof file.type !== 'string')
            bad('arquivo incompleto');
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
    expect(new Set(data.diario.map((r) => r.status))).toEqual(new Set(['Rascunho', 'Em revisão', 'Aprovado', 'Reprovado', 'Anulado']));
  });

  it('status coverage', () => {
    const statuses = (name: string, f: string) => new Set(data[name].map((r) => r[f]));
    for (const [name, f] of [
      ['contrato', 'status'],
      ['material', 'Status'],
      ['ticketSgi', 'status'],
      ['relatoEtica', 'status'],
      ['posvenda', 'status'],
    ] as const) {
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
    data.ticketSgi.forEach((t, i) => {
      if (t.codigo !== undefined) expect(withPlan.has(i + 1)).toBe(true);
    });
  });

  it('contracts name demo staff; post-sales has interactions, costs (> 10) and surveys', () => {
    const staff = new Set(data.usuario.filter((u) => u.tipo !== 'cliente').map((u) => u.email));
    for (const f of ['responsavel', 'gestor', 'validador']) for (const m of mails(data.contrato, f)) expect(staff.has(m!), `${f} ${m}`).toBe(true);
    expect(data.contrato.some((c) => c.status === 'Aprovado' && (c.gestor as { mail: string }).mail === 'sm@portal.local')).toBe(true);
    expect(data.ticketInteracao.length).toBeGreaterThan(5);
    expect(data.custoPosvenda.length).toBeGreaterThan(10);
    expect(data.pesquisaSatisfacao.length).toBeGreaterThan(3);
    expect(mails(data.ticketInteracao, 'responsavel')).toContain('posvendas@portal.local');
    expect(
      data.ticketInteracao.some(
        (t) =>
          (t.responsavel as { mail: string }).mail !== 'posvendas@portal.local' &&
          (t.responsavelRegistro as { mail: string }).mail === 'posvendas@portal.local',
      ),
    ).toBe(true);
  });

  it('library folders have varied access lists, at least one without full', () => {
    const acessos = data.diretorio.map((d) => d.acesso as Record<string, string[]> | undefined);
    expect(acessos.some((a) => a && !a.full)).toBe(true);
    expect(acessos.some((a) => a === undefined)).toBe(true);
    for (const k of ['full', 'rOnly', 'uploadOnly', 'rW', 'rWEdit'])
      expect(
        acessos.some((a) => a?.[k]?.length),
        k,
      ).toBe(true);
  });

  it('users match the demo accounts', () => {
    const u = (email: string) => data.usuario.find((x) => x.email === email)!;
    expect(u('cliente@portal.local')).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'], obra: ['101'] });
    expect(u('cliente.novo@portal.local')).toMatchObject({ tipo: 'cliente', roles: ['cliente', 'projetista'], obra: ['102'] });
    expect(u('admin@portal.local').roles).toEqual(['acesso_total', 'admin_rdo']);
    expect(u('sm@portal.local')).toMatchObject({ roles: ['site_manager', 'rdo_by_obra', 'materiais'], obra: ['101', '102'] });
    expect(u('posvendas@portal.local').roles).toEqual(['pos_vendas']);
    expect(u('leitura@portal.local').roles).toEqual([]);
    for (const x of data.usuario) if (x.specific_rules !== undefined) expect(() => JSON.parse(x.specific_rules as string)).not.toThrow();
  });

  it('has a user row for every demo account, with the same name, roles, sites and companies', () => {
    for (const a of DEMO_ACCOUNTS) {
      const row = data.usuario.find((x) => x.email === a.email);
      expect(row, a.email).toMatchObject({
        nome: a.name,
        roles: a.roles,
        obra: a.obra,
        empresa: a.empresa,
        ativo: true,
        tipo: a.federated ? 'colaborador' : ownLoginTipo(a.roles),
      });
    }
  });
});

describe('workflows', () => {
  const mail = (v: unknown) => (v as { mail?: string } | undefined)?.mail;
  const withWorkflow = SCHEMAS.filter((s) => s.workflow).map((s) => [s.name, s] as [string, EntitySchema]);

  it.each(withWorkflow)('%s: every state has at least one demo record', (name, schema) => {
    const wf = schema.workflow!;
    const seen = new Set(data[name].map((r) => r[wf.field]));
    expect(wf.states.map((st) => st.value).filter((v) => !seen.has(v))).toEqual([]);
    const states = new Set(wf.states.map((st) => st.value));
    for (const r of data[name]) expect(states.has(r[wf.field] as string), `${name}: ${String(r[wf.field])}`).toBe(true);
  });

  it.each(withWorkflow)('%s: people the states name are demo users', (name, schema) => {
    const users = new Set(data.usuario.map((u) => u.email));
    const fields = new Set(schema.workflow!.states.flatMap((st) => st.assignees ?? []));
    const assigned = data[name].flatMap((r) => {
      const st = schema.workflow!.states.find((x) => x.value === r[schema.workflow!.field])!;
      return (st.assignees ?? []).map((f) => mail(r[f])).filter((m): m is string => !!m);
    });
    if (fields.size) expect(assigned.length, name).toBeGreaterThan(0);
    for (const m of assigned) expect(users.has(m) || !m.endsWith('@portal.local'), `${name}: ${m}`).toBe(true);
  });

  it('contracts: the demo team holds every status; Revisão has files; approved ones have their date', () => {
    const team = data.contrato.filter(
      (c) =>
        mail(c.responsavel) === 'contratos.responsavel@portal.local' &&
        mail(c.gestor) === 'contratos.gestor@portal.local' &&
        mail(c.validador) === 'contratos.validador@portal.local',
    );
    expect(new Set(team.map((c) => c.status))).toEqual(new Set(schemaByName('contrato')!.workflow!.states.map((s) => s.value)));
    expect(data.contrato.length).toBeGreaterThan(team.length);
    for (const c of data.contrato.filter((x) => x.status === 'Revisão'))
      expect((c.arquivos as unknown[] | undefined)?.length, String(c.numero)).toBeGreaterThan(0);
    for (const c of data.contrato.filter((x) => x.status === 'Aprovado')) expect(c.dataAprovacao, String(c.numero)).toBeDefined();
  });

  it('materials: one list per status on sites 101/102 held by the demo team, some ready to release', () => {
    const team = data.material.filter(
      (m) =>
        ['101', '102'].includes(m.obra as string) &&
        mail(m.Quantificou) === 'materiais.quantificador@portal.local' &&
        mail(m.Verificador) === 'materiais.verificador@portal.local' &&
        mail(m.Site_manager) === 'sm@portal.local' &&
        mail(m.Coordenador) === 'materiais.coordenador@portal.local',
    );
    expect(new Set(team.map((m) => m.Status))).toEqual(new Set(schemaByName('material')!.workflow!.states.map((s) => s.value)));
    for (const m of team) expect((m.itens as unknown[]).length).toBeGreaterThan(0);
    for (const st of ['EM ELABORAÇÃO', 'REVISAR']) expect(team.some((m) => m.Status === st && m.Verificador)).toBe(true);
  });

  it('CRE: the demo projetista holds every situation; the client of 101 has documents to decide, others are hidden from them', () => {
    const docs = data.projeto;
    const pietra = docs.filter((d) => mail(d.projetista) === 'projetista@portal.local');
    expect(new Set(pietra.map((d) => d.Situacao))).toEqual(new Set(schemaByName('projeto')!.workflow!.states.map((s) => s.value)));
    const pap101 = docs.filter((d) => d.Situacao === 'PAP' && d.obra === '101');
    expect(pap101.length).toBeGreaterThanOrEqual(2);
    for (const d of pap101) expect(d).toMatchObject({ arquivos: expect.any(Array), dataEmissao: expect.any(String), prazoAprovacao: expect.any(String) });
    const prazos = pap101.map((d) => d.prazoAprovacao as string).sort();
    expect(prazos[0] < '2026-01-01' && prazos[prazos.length - 1] > '2027-01-01').toBe(true);
    expect(docs.some((d) => d.Situacao === 'PAP' && d.obra !== '101')).toBe(true);
    for (const st of ['EL', 'VI', 'PR', 'APC'])
      expect(
        docs.some((d) => d.Situacao === st && (d.arquivos as unknown[] | undefined)?.length),
        st,
      ).toBe(true);
    expect(docs.some((d) => d.obra === '101' && d.comentarioInterno)).toBe(true);
    for (const d of docs.filter((x) => ['APC', 'AP', 'PR'].includes(x.Situacao as string))) {
      expect(d.decisaoEm, String(d.codigo)).toBeDefined();
      if (d.obra === '101') expect(mail(d.decisaoPor), String(d.codigo)).toBe('cliente@portal.local');
      if (d.Situacao !== 'AP') expect(d.comentariosCliente, String(d.codigo)).toBeDefined();
    }
  });

  it("SGI: codes <AREA>-<year before 2026>-<nnnn> of the record's area; staff own drafts; one record finalised by its last plan", () => {
    for (const t of data.ticketSgi.filter((x) => x.codigo !== undefined)) {
      const m = /^([A-Z]{3})-(\d{4})-(\d{4})$/.exec(t.codigo as string);
      expect(m, String(t.codigo)).not.toBeNull();
      expect(m![1]).toBe(SGI_AREA_PREFIX[t.area as string]);
      expect(Number(m![2])).toBeLessThan(2026);
    }
    for (const t of data.ticketSgi.filter((x) => x.status === 'FINALIZADO')) {
      expect(t, String(t.codigo)).toMatchObject({
        dataFinalizacao: expect.any(String),
        causaRaiz: expect.any(String),
        verificacaoEficacia: expect.any(String),
      });
    }
    for (const st of ['RASCUNHO', 'TRIAGEM']) {
      expect(
        data.ticketSgi.some((t) => t.status === st && mail(t.relator) === 'leitura@portal.local'),
        st,
      ).toBe(true);
    }
    const ready = data.ticketSgi.findIndex((t, i) => {
      if (t.status !== 'EM ANDAMENTO' || mail(t.responsavel) !== 'sgi@portal.local') return false;
      const plans = data.planoAcao.filter((pl) => pl.ticket === i + 1);
      return (
        plans.length > 1 &&
        plans
          .filter((pl) => pl.status !== 'Concluído')
          .map((pl) => pl.status)
          .join() === 'Em execução'
      );
    });
    expect(ready).toBeGreaterThanOrEqual(0);
    for (const pl of data.planoAcao.filter((x) => x.status === 'Concluído'))
      expect(pl).toMatchObject({ observacoes: expect.any(String), dataVerificacao: expect.any(String) });
  });

  it('ethics: reporters recorded, leitura@portal.local has one, anonymous ones without a name', () => {
    for (const r of data.relatoEtica) {
      expect(r.emailRelator, String(r.protocolo)).toBeDefined();
      if (r.anonimo) expect(r.nomeRelator).toBeUndefined();
      if (r.status === 'Em andamento') expect(mail(r.responsavel)).toBe('etica@portal.local');
      if (r.status === 'Finalizada') expect(r).toMatchObject({ parecer: expect.any(String), dataConclusao: expect.any(String) });
    }
    expect(data.relatoEtica.some((r) => r.emailRelator === 'leitura@portal.local')).toBe(true);
    expect(data.relatoEtica.some((r) => r.anonimo === true)).toBe(true);
  });

  it('post-sales: contacts on every ticket, posvendas@portal.local on the open ones, concluded ones with solution', () => {
    for (const t of data.posvenda) {
      expect(t.emailContato, String(t.codigo)).toBeDefined();
      if (['Em análise', 'Em atendimento', 'Aguardando cliente'].includes(t.status as string)) expect(mail(t.responsavel)).toBe('posvendas@portal.local');
      if (t.status === 'Concluído') expect(t).toMatchObject({ conclusao: expect.any(String), solucao: expect.any(String) });
    }
    expect(data.posvenda.some((t) => t.emailContato === 'cliente@portal.local')).toBe(true);
  });

  it('work orders: every status; one in execution ready to conclude and one held by an open checklist', () => {
    const orders = [
      ...data.osField.map((o, i) => ({ o, i, ck: data.checklistPreenchidoField })),
      ...data.osAutomacao.map((o, i) => ({ o, i, ck: data.checklistPreenchidoAutomacao })),
    ];
    expect(new Set(orders.map((x) => x.o.status))).toEqual(new Set(schemaByName('osField')!.workflow!.states.map((s) => s.value)));
    const checklists = (x: (typeof orders)[number]) => x.ck.filter((c) => c.os === x.i + 1);
    const running = orders.filter((x) => x.o.status === 'Em execução');
    expect(running.some((x) => checklists(x).length > 0 && checklists(x).every((c) => c.status === 'Concluído'))).toBe(true);
    expect(running.some((x) => checklists(x).some((c) => c.status === 'Em preenchimento'))).toBe(true);
    for (const x of orders.filter((y) => y.o.status === 'Concluída')) expect(x.o.dataConclusao).toBeDefined();
  });

  it('RDO: sm@portal.local has drafts and reports in review on site 101', () => {
    const mine = data.diario.filter((r) => r.obra === '101' && mail(r.siteManager) === 'sm@portal.local');
    expect(mine.filter((r) => r.status === 'Rascunho').length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((r) => r.status === 'Em revisão').length).toBeGreaterThanOrEqual(1);
    expect(new Set(demoRdoRows(100, '2020-01-01').map((r) => r.status))).toEqual(new Set(schemaByName('diario')!.workflow!.states.map((s) => s.value)));
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
