/**
 * People of a site from a spreadsheet (issue 38): `POST /api/v1/obras/:obra/usuarios/importacao`.
 * The dry run answers per line with the single screen's own messages and writes nothing; the import
 * invites each new client once; the same file twice changes nothing; the screen's rule decides who
 * may import; bad files are 400s.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { multipart, xlsx, type Json } from './import-helpers';
import { memoryIdentityAdmin } from '../../mocks/identity-admin';
import type { TestApi } from '../../mocks/test-app';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const HEADER = ['Nome *', 'E-mail *', 'Tipo *', 'Perfis', 'Empresa'];

async function send(api: TestApi, bytes: Buffer, name: string, query: string, as = 'admin@portal.local', base = '/api/v1/obras/103') {
  const { body, type } = multipart(bytes, name);
  const r = await api.request(`${base}/usuarios/importacao${query}`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'content-type': type },
    as,
  });
  return { status: r.status, body: (await r.json()) as Json };
}

describe.each(BACKENDS)('people of a site from a spreadsheet (%s)', (backend) => {
  const admin = memoryIdentityAdmin();
  const ref = useApi(backend, () => ({ identityAdmin: admin }));
  const NEW = `nova.${backend}@cliente.com.br`;
  const mails = async (to: string) =>
    (await sql<{ assunto: string }>`select assunto from mensagem where para ? ${to} order by id`.execute(ref.api.db)).rows.map((m) => m.assunto);

  const file = () =>
    xlsx(HEADER, [
      ['Nádia Nova', NEW.toUpperCase(), 'Cliente', 'Projetista; Aprovador (aprova documentos de projeto)', 'Cliente Demonstração Lda'],
      ['', 'cliente@portal.local', 'cliente', '', ''],
      ['', 'sm@portal.local', 'Colaborador', 'Leitura de RDO das obras', ''],
      ['Sem Arroba', 'sem-arroba', 'Cliente', '', ''],
      ['Total', `total.${backend}@cliente.com.br`, 'Cliente', 'Acesso total', ''],
      ['Erro Empresa', `empresa.${backend}@cliente.com.br`, 'Cliente', '', 'Cliente Demonstraçao'],
      ['Forne Cedor', `fornecedor.${backend}@exemplo.com`, 'Fornecedor', '', ''],
      ['Perfil Errado', `perfil.${backend}@cliente.com.br`, 'Cliente', 'Projetsta', ''],
      ['Repetida', NEW, 'Cliente', '', ''],
    ]);

  it('dry run: per line what would happen, the screen’s messages for the refused ones, nothing written', async () => {
    const r = await send(ref.api, await file(), 'pessoas.xlsx', '?simular=true');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const by = (linha: number) => r.body.linhas.find((l: Json) => l.linha === linha);
    expect(by(2)).toMatchObject({ email: NEW, acao: 'convidar', perfis: ['cliente', 'projetista', 'aprovador'], mensagens: [] });
    expect(by(3)).toMatchObject({ email: 'cliente@portal.local', acao: 'adicionar' });
    expect(by(4)).toMatchObject({ email: 'sm@portal.local', acao: 'adicionar' });
    expect(by(4).perfis).toContain('rdo_by_obra');
    expect(by(5)).toMatchObject({ acao: 'recusada', mensagens: ['E-mail inválido.'] });
    expect(by(6)).toMatchObject({ acao: 'recusada', mensagens: ['Perfil não permitido para clientes: acesso_total.'] });
    expect(by(7).mensagens).toEqual(['Empresa não encontrada: "Cliente Demonstraçao". Você quis dizer "Cliente Demonstração Lda"?']);
    expect(by(8).mensagens).toEqual(['Fornecedores e escritórios parceiros não recebem acesso a obras.']);
    expect(by(9).mensagens[0]).toMatch(/^Perfil desconhecido: "Projetsta"\. Você quis dizer "Projetista/);
    expect(by(10).mensagens).toEqual(['E-mail repetido na planilha (já está na linha 2).']);
    expect(r.body).toMatchObject({ simulacao: true, convidadas: 1, adicionadas: 2, alteradas: 0, semAlteracao: 0, recusadas: 6 });
    expect(await admin.findUserByEmail(NEW)).toBeNull();
    expect((await sql`select 1 from usuario where email = ${NEW}`.execute(ref.api.db)).rows).toEqual([]);
    expect(await mails(NEW)).toEqual([]);
    expect((await admin.findUserByEmail('cliente@portal.local'))!.obra).toEqual(['101']);
  });

  it('all-or-nothing refuses a file with refused lines; only the valid lines invite once; the same file again changes nothing', async () => {
    const bytes = await file();
    const all = await send(ref.api, bytes, 'pessoas.xlsx', '?simular=false');
    expect(all.status).toBe(400);
    expect(all.body.message).toMatch(/6 linha\(s\) recusada\(s\).*Nada foi gravado/);
    expect(await admin.findUserByEmail(NEW)).toBeNull();

    const first = await send(ref.api, bytes, 'pessoas.xlsx', '?simular=false&modo=validas');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ simulacao: false, convidadas: 1, adicionadas: 2, recusadas: 6 });
    const created = await admin.findUserByEmail(NEW);
    expect(created).toMatchObject({
      status: 'FORCE_CHANGE_PASSWORD',
      obra: ['103'],
      roles: ['cliente', 'projetista', 'aprovador'],
      empresa: [CNPJ.clienteDemo],
    });
    expect(await mails(NEW)).toEqual(['[Portal] Seu acesso ao Portal: obra 103']);
    expect((await admin.findUserByEmail('cliente@portal.local'))!.obra).toEqual(['101', '103']);
    expect(await mails('sm@portal.local')).toContain('[Portal] Acesso à obra 103');

    const before = (await sql`select count(*)::int as n from mensagem`.execute(ref.api.db)).rows;
    const again = await send(ref.api, bytes, 'pessoas.xlsx', '?simular=false&modo=validas');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ convidadas: 0, adicionadas: 0, alteradas: 0, semAlteracao: 3, recusadas: 6 });
    expect((await sql`select count(*)::int as n from mensagem`.execute(ref.api.db)).rows).toEqual(before);
    expect(await mails(NEW)).toHaveLength(1);
  });

  it('the screen’s rule: a site manager is refused (403); a role the requester may not give is refused per line', async () => {
    const bytes = await xlsx(HEADER, [['', 'leitura@portal.local', 'Colaborador', 'Acesso total; Obras', '']]);
    const sm = await send(ref.api, bytes, 'p.xlsx', '', 'sm@portal.local');
    expect(sm.status).toBe(403);
    expect(sm.body.message).toBe('Você não tem permissão para gerenciar as pessoas desta obra.');
    expect((await ref.api.request('/api/v1/obras/103/usuarios/importacao/modelo', { as: 'sm@portal.local' })).status).toBe(403);

    const who = `obra.import.${backend}@portal.local`;
    ref.api.addUser({ email: who, roles: ['admin_obra'] });
    const r = await send(ref.api, bytes, 'p.xlsx', '', who);
    expect(r.status).toBe(200);
    expect(r.body.linhas[0]).toMatchObject({ acao: 'recusada', mensagens: ['Só quem tem acesso total atribui estes perfis: acesso_total.'] });
    // The template lists only the roles this person may give.
    const t = await ref.api.request('/api/v1/obras/103/usuarios/importacao/modelo', { as: who });
    expect(t.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await t.arrayBuffer()) as never);
    const header = (wb.getWorksheet('Pessoas')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADER);
    const values = wb.getWorksheet('Valores')!;
    const column = (title: string) => {
      const i = (values.getRow(1).values as unknown[]).indexOf(title);
      return (values.getColumn(i).values as unknown[]).slice(2);
    };
    expect(column('Tipo')).toEqual(['Cliente', 'Colaborador']);
    expect(column('Perfis de cliente')).toContain('Aprovador de fábrica');
    expect(column('Perfis de colaborador')).toContain('Técnico de campo');
    expect(column('Perfis de colaborador')).not.toContain('Acesso total');
    expect(column('Empresas')).toContain('Cliente Demonstração Lda');
  });

  it('a .csv as offices write it (";" and Windows-1252) is read like an .xlsx', async () => {
    const csv = Buffer.from(`Nome;E-mail;Tipo;Papéis\r\nJoão Csv;joao.csv.${backend}@cliente.com.br;Cliente;Aprovador\r\n`, 'latin1');
    const r = await send(ref.api, csv, 'pessoas.csv', '?simular=true');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.linhas).toEqual([
      {
        linha: 2,
        email: `joao.csv.${backend}@cliente.com.br`,
        nome: 'João Csv',
        acao: 'convidar',
        perfis: ['cliente', 'aprovador', 'projetista'],
        mensagens: [],
      },
    ]);
  });

  it('the factory layout takes clients only, with its own default roles', async () => {
    const bytes = await xlsx(HEADER, [
      ['', 'sm@portal.local', 'Colaborador', '', ''],
      ['Fábio Fábrica', `fabrica.${backend}@cliente.com.br`, 'Cliente', '', ''],
    ]);
    const r = await send(ref.api, bytes, 'fabrica.xlsx', '', 'admin@portal.local', '/api/v1/fabricacao/103');
    expect(r.status).toBe(200);
    expect(r.body.linhas[0].mensagens).toEqual([
      'Este e-mail é de um colaborador. Aqui só se adicionam clientes; colaboradores recebem obras pela tela da obra.',
    ]);
    expect(r.body.linhas[1]).toMatchObject({ acao: 'convidar', perfis: ['cliente', 'projetista_fabrica'] });
  });

  it('hidden rows are read like the others and reported', async () => {
    const bytes = await xlsx(HEADER, [['Oculta', `oculta.${backend}@cliente.com.br`, 'Cliente']], (ws) => (ws.getRow(2).hidden = true));
    const r = await send(ref.api, bytes, 'ocultas.xlsx', '');
    expect(r.status).toBe(200);
    expect(r.body.notas).toEqual(['Linhas ocultas na planilha, importadas como as outras: 2.']);
    expect(r.body.linhas[0]).toMatchObject({ linha: 2, acao: 'convidar' });
  });

  it('bad files and parameters: 400 in Portuguese, nothing written', async () => {
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.alloc(0), 'vazio.xlsx', /O arquivo está vazio/],
      [await xlsx(['Nome', 'Cargo'], [['Ana', 'Engenheira']]), 'colunas.xlsx', /Faltam colunas obrigatórias: "E-mail", "Tipo"/],
      [
        await xlsx(
          HEADER,
          Array.from({ length: 501 }, (_, i) => [`P ${i}`, `p${i}.${backend}@x.com`, 'Cliente']),
        ),
        'grande.xlsx',
        /501 linhas.*máximo é 500/,
      ],
      [Buffer.from('não é uma planilha'.repeat(20)), 'aleatorio.xlsx', /não é uma planilha \.xlsx válida/],
      [Buffer.from('<Project/>'), 'cronograma.xml', /Envie uma planilha \.xlsx ou um arquivo \.csv/],
      [await xlsx(HEADER, []), 'so-cabecalho.xlsx', /só o cabeçalho/],
    ];
    for (const [bytes, name, message] of cases) {
      const r = await send(ref.api, bytes, name, '?simular=false&modo=validas');
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(message);
    }
    const bad = await send(ref.api, await file(), 'p.xlsx', '?simular=talvez&modo=metade');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['simular', 'modo']);
    expect((await sql`select 1 from usuario where email like ${`p%.${backend}@x.com`}`.execute(ref.api.db)).rows).toEqual([]);
  });
});
