/**
 * The template of the site-people spreadsheet: the columns Nome, E-mail, Tipo, Perfis and Empresa
 * (required ones with " *" and a note), one example row, a drop-down list of the kinds, and a sheet
 * "Valores" with the kinds, the roles the requester may give (clients' roles; on a site, the staff
 * roles the requester may give too) and the registered companies.
 */
import ExcelJS from 'exceljs';
import { CLIENT_ROLES, DEFAULT_ROLES, TIPO_LABELS, type SitePeopleScope } from '../../access/site-people';
import { ROLES, ROLE_CODES } from '../../access/roles';
import { columnName } from '../import/cells';
import type { Companies } from './people-columns';
import { isReservedRole, type SiteActor } from '../site-users/service';

/** Rows of the template that get the drop-down list of kinds. */
const VALIDATED_ROWS = 500;

/** The staff roles the requester may give on a site's screen (reserved ones only with full access). */
export function grantableStaffRoles(actor: SiteActor, scope: SitePeopleScope): string[] {
  if (scope === 'fabricacao') return [];
  const all = actor.ability.can('manage', 'all');
  return ROLE_CODES.filter((r) => ['staff', 'both', 'global'].includes(ROLES[r].scope) && (all || !isReservedRole(r)));
}

export async function peopleTemplate(actor: SiteActor, scope: SitePeopleScope, companies: Companies): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  const ws = wb.addWorksheet('Pessoas', { views: [{ state: 'frozen', ySplit: 1 }] });
  const values = wb.addWorksheet('Valores');
  const tipos = scope === 'obra' ? [TIPO_LABELS.cliente, TIPO_LABELS.colaborador] : [TIPO_LABELS.cliente];
  const notes = [
    'Obrigatório. Para quem ainda não tem acesso ao portal; quem já tem mantém o nome, a menos que outro seja informado.',
    'Obrigatório. O e-mail identifica a pessoa: quem já tem conta ganha a obra, um cliente novo recebe o convite.',
    `Obrigatório. ${tipos.join(' ou ')} (aba Valores). Colaboradores não são convidados: precisam já estar no portal.`,
    `Perfis separados por ponto e vírgula, pelo nome ou pelo código (aba Valores). Vazio: ${DEFAULT_ROLES[scope].join(' e ')} para um cliente novo.`,
    'Para clientes: a empresa que representam, pelo CNPJ ou pelo nome cadastrado (aba Valores).',
  ];
  const headers = ['Nome *', 'E-mail *', 'Tipo *', 'Perfis', 'Empresa'];
  ws.columns = headers.map((h, i) => ({ header: h, width: [30, 34, 16, 48, 40][i] }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  headers.forEach((h, i) => {
    const cell = head.getCell(i + 1);
    if (h.endsWith('*')) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    cell.note = notes[i];
  });
  ws.addRow([
    'Maria Souza',
    'maria.souza@cliente.com.br',
    TIPO_LABELS.cliente,
    DEFAULT_ROLES[scope].map((r) => CLIENT_ROLES.find((c) => c.value === r)?.label ?? r).join('; '),
    companies[0]?.nome ?? '',
  ]);
  const staff = grantableStaffRoles(actor, scope);
  const lists: [string, string[]][] = [
    ['Tipo', tipos],
    ['Perfis de cliente', CLIENT_ROLES.map((r) => r.label)],
    ...(staff.length ? ([['Perfis de colaborador', staff.map((r) => ROLES[r as keyof typeof ROLES].label)]] as [string, string[]][]) : []),
    ['Empresas', companies.map((c) => c.nome)],
    ['CNPJ', companies.map((c) => c.cnpj)],
  ];
  values.getRow(1).font = { bold: true };
  lists.forEach(([title, items], j) => {
    const col = columnName(j);
    values.getCell(`${col}1`).value = title;
    items.forEach((item, k) => (values.getCell(`${col}${k + 2}`).value = item));
    values.getColumn(j + 1).width = Math.max(16, Math.min(50, Math.max(title.length, ...items.slice(0, 50).map((x) => x.length)) + 2));
  });
  (ws as unknown as { dataValidations: { add: (range: string, v: unknown) => void } }).dataValidations.add(`C2:C${VALIDATED_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: 'Tipo',
    error: 'Escolha um tipo da lista (aba Valores).',
    formulae: [`Valores!$A$2:$A$${tipos.length + 1}`],
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
