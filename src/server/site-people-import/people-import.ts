/**
 * People of a site from a spreadsheet (issue 38): one line per person (Nome, E-mail, Tipo, Perfis,
 * Empresa), read by the import's readers (src/server/import/sheet.ts: formats, limits, zip and XML
 * bombs). The dry run asks the single screen's checks (`previewSitePerson`) for every line and writes
 * nothing; the import then sends each line that changes something through `addToSite`, the very
 * function of the form "Adicionar pessoa": a new client is invited once, someone with an account
 * gains the site, and a line that would change nothing is skipped (the same file twice changes nothing).
 */
import type { SitePeopleImportResult, SitePeopleLine, SitePeopleLineAction, SitePeopleScope, SitePersonTipo } from '../../access/site-people';
import { ApiError } from '../http/errors';
import type { Db } from '../db/connect';
import { BadFile, UNSUPPORTED_TYPE } from '../import/limits';
import { dataRows, formatOf, openSpreadsheet, scanSpreadsheet, type HeaderColumn } from '../import/sheet';
import { textOf } from '../import/values';
import { normalizeText } from '../import/text-match';
import type { IdentityAdmin } from '../site-users/identity-admin';
import type { SiteRef } from '../site-users/invitation';
import { addToSite, previewSitePerson, type SiteActor } from '../site-users/service';
import { companyOf, kindOf, rolesOf, type Companies } from './people-columns';

/** Lines of data per file: the people of one site. */
export const MAX_PEOPLE_LINES = 500;

export type LineAction = SitePeopleLineAction;
export type PeopleLine = SitePeopleLine;
export type PeopleImportResult = SitePeopleImportResult;

const COLUMNS = {
  nome: ['nome', 'nome completo'],
  email: ['e-mail', 'email', 'e mail'],
  tipo: ['tipo', 'kind'],
  perfis: ['perfis', 'perfil', 'papeis', 'papel', 'roles'],
  empresa: ['empresa', 'cnpj', 'empresa (cnpj ou nome)'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['nome', 'email', 'tipo'];
const HEADER_LABEL: Record<Column, string> = { nome: 'Nome', email: 'E-mail', tipo: 'Tipo', perfis: 'Perfis', empresa: 'Empresa' };

function columnsOf(columns: HeaderColumn[]): Partial<Record<Column, number>> {
  const out: Partial<Record<Column, number>> = {};
  for (const c of columns) {
    const k = normalizeText(c.text);
    const name = (Object.keys(COLUMNS) as Column[]).find((col) => (COLUMNS[col] as readonly string[]).includes(k));
    if (name && out[name] === undefined) out[name] = c.index;
  }
  const missing = REQUIRED.filter((c) => out[c] === undefined);
  if (missing.length) {
    const labels = missing.map((c) => `"${HEADER_LABEL[c]}"`).join(', ');
    throw new BadFile(`Faltam colunas obrigatórias: ${labels}. Use o modelo de importação (Nome, E-mail, Tipo, Perfis, Empresa).`);
  }
  return out;
}

/** The file read into lines, or a 400 naming the problem. */
async function readLines(bytes: Buffer, fileName: string) {
  let info;
  let sheet;
  try {
    // An MS Project schedule (.xml) is the EAP's, not a list of people.
    if (formatOf(bytes, fileName) === 'mspdi') throw UNSUPPORTED_TYPE();
    sheet = await openSpreadsheet(bytes, fileName);
    info = await scanSpreadsheet(sheet);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new BadFile('Não foi possível ler a planilha: o arquivo está corrompido ou em um formato inesperado. Salve-a de novo como .xlsx ou .csv.');
  }
  if (info.rows > MAX_PEOPLE_LINES) {
    throw new BadFile(`A planilha tem ${info.rows} linhas de pessoas; o máximo é ${MAX_PEOPLE_LINES} por arquivo. Divida-a em arquivos menores.`);
  }
  const col = columnsOf(info.columns);
  const lines: { linha: number; cells: Record<Column, string> }[] = [];
  for await (const row of dataRows(sheet, info.headerRow)) {
    const cell = (c: Column) => (col[c] === undefined ? '' : textOf(row.cells[col[c]!] ?? null));
    lines.push({
      linha: row.number,
      cells: { nome: cell('nome'), email: cell('email'), tipo: cell('tipo'), perfis: cell('perfis'), empresa: cell('empresa') },
    });
  }
  return { lines, notes: info.notes };
}

/** The messages of a refusal: each field's, else the error's own. */
function messagesOf(e: unknown): string[] {
  if (!(e instanceof ApiError)) throw e;
  const fields = Object.values((e as ApiError & { errors?: Record<string, string[]> }).errors ?? {}).flat();
  return fields.length ? fields : [e.message];
}

const KIND_MISMATCH: Record<SitePersonTipo, string> = {
  cliente: 'Este e-mail é de um cliente já cadastrado, não de um colaborador. Corrija o tipo.',
  colaborador: 'Este e-mail é de um colaborador, não de um cliente. Corrija o tipo.',
  fornecedor: 'Fornecedores e escritórios parceiros não recebem acesso a obras.',
  escritorio: 'Fornecedores e escritórios parceiros não recebem acesso a obras.',
};
const NO_SUCH_STAFF =
  'Nenhum colaborador com este e-mail no portal: colaboradores entram pelo login corporativo e não são convidados. Confira o e-mail ou use o tipo Cliente.';

interface Deps {
  db: Db;
  admin: IdentityAdmin;
  actor: SiteActor;
  scope: SitePeopleScope;
  site: SiteRef;
}

/** The body the single screen's API takes, from a line; or the line's own refusals. */
function bodyOf(cells: Record<Column, string>, companies: Companies): { body?: Record<string, unknown>; tipo?: SitePersonTipo; errors: string[] } {
  const errors: string[] = [];
  const tipo = kindOf(cells.tipo, errors);
  const roles = rolesOf(cells.perfis, errors);
  const empresa = companyOf(cells.empresa, companies, errors);
  if (errors.length) return { errors };
  return { body: { email: cells.email, nome: cells.nome || undefined, roles: roles.length ? roles : undefined, empresa }, tipo, errors };
}

async function checkLine(d: Deps, cells: Record<Column, string>, companies: Companies): Promise<Omit<PeopleLine, 'linha'> & { body?: unknown }> {
  const base = { email: cells.email.trim().toLowerCase(), nome: cells.nome, perfis: [] as string[] };
  const { body, tipo, errors } = bodyOf(cells, companies);
  if (!body || !tipo) return { ...base, acao: 'recusada', mensagens: errors };
  if (tipo === 'fornecedor' || tipo === 'escritorio') return { ...base, acao: 'recusada', mensagens: [KIND_MISMATCH[tipo]] };
  try {
    const p = await previewSitePerson(d.db, d.admin, d.actor, d.scope, d.site, body);
    if (p.criar && tipo === 'colaborador') return { ...base, acao: 'recusada', mensagens: [NO_SUCH_STAFF] };
    if (p.tipo !== tipo) return { ...base, acao: 'recusada', mensagens: [KIND_MISMATCH[p.tipo]] };
    const acao: LineAction = p.criar ? 'convidar' : !p.jaTinhaAcesso ? 'adicionar' : p.mudaria ? 'alterar' : 'nada';
    return { ...base, email: p.email, acao, perfis: p.roles, mensagens: [], body };
  } catch (e) {
    return { ...base, acao: 'recusada', mensagens: messagesOf(e) };
  }
}

const counts = (lines: PeopleLine[]) => ({
  convidadas: lines.filter((l) => l.acao === 'convidar').length,
  adicionadas: lines.filter((l) => l.acao === 'adicionar').length,
  alteradas: lines.filter((l) => l.acao === 'alterar').length,
  semAlteracao: lines.filter((l) => l.acao === 'nada').length,
  recusadas: lines.filter((l) => l.acao === 'recusada').length,
});

/**
 * The dry run (`simular`) or the import of a file. All-or-nothing (`tudo`, the default) writes nothing
 * when a line is refused by the checks; `validas` imports the others.
 */
export async function importSitePeople(
  d: Deps,
  file: { bytes: Buffer; name: string },
  opts: { simular: boolean; modo: 'tudo' | 'validas' },
  companies: Companies,
): Promise<PeopleImportResult> {
  const { lines: read, notes } = await readLines(file.bytes, file.name);
  const seen = new Map<string, number>();
  const checked: (PeopleLine & { body?: unknown })[] = [];
  for (const { linha, cells } of read) {
    const key = cells.email.trim().toLowerCase();
    const first = key ? seen.get(key) : undefined;
    if (first !== undefined) {
      checked.push({
        linha,
        email: key,
        nome: cells.nome,
        acao: 'recusada',
        perfis: [],
        mensagens: [`E-mail repetido na planilha (já está na linha ${first}).`],
      });
      continue;
    }
    if (key) seen.set(key, linha);
    checked.push({ linha, ...(await checkLine(d, cells, companies)) });
  }
  const report = (lines: PeopleLine[], simulacao: boolean): PeopleImportResult => ({
    simulacao,
    modo: opts.modo,
    notas: notes,
    linhas: lines.map(({ linha, email, nome, acao, perfis, mensagens }) => ({ linha, email, nome, acao, perfis, mensagens })),
    ...counts(lines),
  });
  if (opts.simular) return report(checked, true);
  const refused = checked.filter((l) => l.acao === 'recusada').length;
  if (opts.modo === 'tudo' && refused) {
    throw new ApiError(400, `A planilha tem ${refused} linha(s) recusada(s): corrija-as e envie de novo, ou importe só as linhas válidas. Nada foi gravado.`, {
      modo: ['Há linhas recusadas na simulação.'],
    });
  }
  const done: PeopleLine[] = [];
  for (const line of checked) {
    if (line.acao === 'recusada' || line.acao === 'nada' || !line.body) {
      done.push(line);
      continue;
    }
    try {
      const r = await addToSite(d.db, d.admin, d.actor, d.scope, d.site, line.body);
      const acao: LineAction = r.criado ? 'convidar' : !r.jaTinhaAcesso ? 'adicionar' : 'alterar';
      done.push({ ...line, acao, perfis: r.pessoa.roles });
    } catch (e) {
      done.push({ ...line, acao: 'recusada', mensagens: messagesOf(e) });
    }
  }
  return report(done, false);
}
