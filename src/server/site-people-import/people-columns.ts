/**
 * The cells of a line of the site-people spreadsheet as the single screen's API takes them: the kind
 * (Tipo) by its label or code, the roles (Perfis) by their pt-BR labels or codes separated by ";" or
 * ",", the company (Empresa) by CNPJ or name among the registered companies (stored by CNPJ, decision
 * 29). What cannot be read is refused with the import's wording and the closest suggestion.
 */
import { sql } from 'kysely';
import { CLIENT_ROLES, TIPO_LABELS, type SitePersonTipo } from '../../access/site-people';
import { ROLE_CODES, ROLE_LABELS } from '../../access/roles';
import { VALIDATION_MESSAGES as M } from '../../../schemas/messages';
import type { Db } from '../db/connect';
import { closest, normalizeText, suggestion } from '../import/text-match';

export type Companies = { nome: string; cnpj: string }[];

/** The registered companies a line may name (the active ones), by name. */
export async function loadCompanies(db: Db): Promise<Companies> {
  const r = await sql<Companies[number]>`select nome, cnpj from empresa where nome is not null and cnpj is not null and ativo is not false
    order by nome limit 5000`.execute(db);
  return r.rows;
}

const TIPOS = Object.entries(TIPO_LABELS) as [SitePersonTipo, string][];

export function kindOf(text: string, errors: string[]): SitePersonTipo | undefined {
  const t = normalizeText(text);
  if (!t) {
    errors.push(`Tipo: ${M.required}`);
    return undefined;
  }
  const found = TIPOS.find(([code, label]) => normalizeText(code) === t || normalizeText(label) === t);
  if (!found)
    errors.push(
      `Tipo: ${M.enum(TIPOS.map(([, l]) => l))}${suggestion(
        closest(
          text,
          TIPOS.map(([, l]) => l),
        ),
      )}`,
    );
  return found?.[0];
}

/** Label → code of every role a line may name (the client roles' own labels included). */
const ROLE_BY_NAME = new Map<string, string>([
  ...ROLE_CODES.map((r) => [normalizeText(r), r] as [string, string]),
  ...Object.entries(ROLE_LABELS).map(([r, l]) => [normalizeText(l), r] as [string, string]),
  ...CLIENT_ROLES.map((r) => [normalizeText(r.label), r.value] as [string, string]),
]);
const ROLE_NAMES = [...new Set([...CLIENT_ROLES.map((r) => r.label), ...Object.values(ROLE_LABELS)])];

/** The role codes of a cell; an unknown one is refused with the closest name. */
export function rolesOf(text: string, errors: string[]): string[] {
  const out: string[] = [];
  for (const part of text.split(/[;,]/).map((p) => p.trim())) {
    if (!part) continue;
    const code = ROLE_BY_NAME.get(normalizeText(part));
    if (code) out.push(code);
    else errors.push(`Perfil desconhecido: "${part}".${suggestion(closest(part, ROLE_NAMES))}`);
  }
  return [...new Set(out)];
}

const digits = (s: string) => s.replace(/\D/g, '');

/** The company's CNPJ (digits), or undefined for an empty cell; an unknown company is refused with the closest name. */
export function companyOf(text: string, companies: Companies, errors: string[]): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const d = digits(t);
  if (d.length === 14 && /^[\d./\-\s]+$/.test(t)) {
    const byCnpj = companies.find((c) => digits(c.cnpj) === d);
    if (byCnpj) return digits(byCnpj.cnpj);
    errors.push(`Empresa não encontrada: nenhuma empresa cadastrada com o CNPJ ${t}.`);
    return undefined;
  }
  const k = normalizeText(t);
  const byName = companies.find((c) => normalizeText(c.nome) === k);
  if (byName) return digits(byName.cnpj);
  errors.push(
    `Empresa não encontrada: "${t}".${suggestion(
      closest(
        t,
        companies.map((c) => c.nome),
      ),
    )}`,
  );
  return undefined;
}
