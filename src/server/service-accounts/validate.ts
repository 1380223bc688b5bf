/**
 * The bodies of the service-account routes (issue 41), checked before anything is stored: 400 with a
 * pt-BR message per field. Roles are those of staff (`STAFF_ROLES`: global, staff and both): an
 * account is never a client or a partner, whose rules (decision 29) are built from a person's own
 * login and company. Sites must exist; companies are the staff company or registered CNPJs.
 */
import { sql } from 'kysely';
import { ROLES, STAFF_ROLES, roleName } from '../../access/roles';
import { normalizeCnpj } from '../../../schemas/shared/cnpj';
import { SERVICE_ACCOUNT_LIMITS as L, type ApiKeyInput } from '../../../resources/service-accounts';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import { COMPANY } from '../auth/verify';
import { formatDateTimeBr } from '../time';

const ACCOUNT_KEYS = new Set(['nome', 'descricao', 'roles', 'obra', 'empresa', 'ativo', 'version']);
const KEY_KEYS = new Set(['nome', 'expiraEm', 'somenteLeitura']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const when = (d: Date) => formatDateTimeBr(d).replace(', ', ' ');

function objectBody(body: unknown, known: Set<string>, errors: FieldErrors): Record<string, unknown> {
  if (!isObject(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  for (const k of Object.keys(body)) if (!known.has(k)) errors[k] = ['Campo desconhecido.'];
  return body;
}

/** A list of distinct trimmed texts, or an error on the field. */
function textList(v: unknown, field: string, max: number, errors: FieldErrors): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    errors[field] = ['Informe uma lista de textos.'];
    return [];
  }
  const list = [...new Set((v as string[]).map((x) => x.trim()).filter(Boolean))];
  if (list.length > max) errors[field] = [`No máximo ${max} itens.`];
  if (list.some((x) => x.length > 100)) errors[field] = ['Cada item pode ter até 100 caracteres.'];
  return list;
}

export interface AccountFields {
  nome: string;
  descricao: string | null;
  roles: string[];
  obra: string[];
  empresa: string[];
  ativo: boolean;
  version?: number;
}

/** A create body (no `current`) or an update body, whose absent fields keep `current`'s values. */
export function parseAccount(body: unknown, current?: AccountFields): AccountFields {
  const errors: FieldErrors = Object.create(null);
  const b = objectBody(body, ACCOUNT_KEYS, errors);
  const has = (k: string) => b[k] !== undefined;
  let nome = current?.nome ?? '';
  if (has('nome') || !current) {
    if (typeof b.nome !== 'string' || !b.nome.trim()) errors.nome = ['Informe o nome da conta de serviço (ex.: Integração ERP).'];
    else {
      nome = b.nome.trim().replace(/\s+/g, ' ');
      if (nome.length < L.nomeMin || nome.length > L.nomeMax) errors.nome = [`O nome deve ter de ${L.nomeMin} a ${L.nomeMax} caracteres.`];
    }
  }
  let descricao = current?.descricao ?? null;
  if (has('descricao')) {
    if (b.descricao !== null && typeof b.descricao !== 'string') errors.descricao = ['Informe a descrição como texto.'];
    else {
      descricao = typeof b.descricao === 'string' && b.descricao.trim() ? b.descricao.trim() : null;
      if (descricao && descricao.length > L.descricaoMax) errors.descricao = [`A descrição pode ter até ${L.descricaoMax} caracteres.`];
    }
  }
  let roles = current?.roles ?? [];
  if (has('roles') || !current) {
    roles = textList(b.roles, 'roles', L.roles, errors);
    if (!errors.roles) {
      const unknown = roles.filter((r) => !Object.prototype.hasOwnProperty.call(ROLES, r));
      const external = roles.filter((r) => !unknown.includes(r) && !(STAFF_ROLES as readonly string[]).includes(r));
      if (unknown.length) errors.roles = [`Perfil desconhecido: ${unknown.map((r) => `"${r.slice(0, 60)}"`).join(', ')}.`];
      else if (external.length)
        errors.roles = [
          `Contas de serviço usam perfis de colaboradores; não podem ter perfis de cliente ou de parceiro externo (${external.map(roleName).join(', ')}).`,
        ];
      else if (!roles.length) errors.roles = ['Escolha ao menos um perfil: é ele que diz o que as chaves desta conta podem ler e gravar.'];
    }
  }
  const obra = has('obra') || !current ? textList(b.obra, 'obra', L.obra, errors) : current.obra;
  let empresa = has('empresa') || !current ? textList(b.empresa, 'empresa', L.empresa, errors) : current.empresa;
  if (!current && !has('empresa')) empresa = [COMPANY];
  empresa = empresa.map((e) => (e === COMPANY ? e : normalizeCnpj(e)));
  let ativo = current?.ativo ?? true;
  if (has('ativo')) {
    if (typeof b.ativo !== 'boolean') errors.ativo = ['Informe verdadeiro ou falso.'];
    else ativo = b.ativo;
  }
  let version: number | undefined;
  if (current) {
    if (!Number.isSafeInteger(b.version) || (b.version as number) < 1)
      errors.version = ['Informe a versão lida da conta (version), para não sobrescrever outra alteração.'];
    else version = b.version as number;
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Conta de serviço não salva. Verifique os campos.', { ...errors });
  return { nome, descricao, roles, obra, empresa, ativo, version };
}

/** Sites that exist and companies that are registered (or the staff company), else 400 naming them; and a free name. */
export async function checkAccountReferences(db: Db, a: AccountFields, selfId?: number): Promise<void> {
  const errors: FieldErrors = Object.create(null);
  if (a.obra.length) {
    const found = new Set(
      (await sql<{ id: string }>`select "Id_Lista" as id from obra where "Id_Lista" in (${sql.join(a.obra)})`.execute(db)).rows.map((r) => r.id),
    );
    const missing = a.obra.filter((o) => !found.has(o));
    if (missing.length) errors.obra = [`Obra não encontrada: ${missing.map((o) => `"${o}"`).join(', ')}.`];
  }
  const cnpjs = a.empresa.filter((e) => e !== COMPANY);
  if (cnpjs.length) {
    const found = new Set((await sql<{ cnpj: string }>`select cnpj from empresa where cnpj in (${sql.join(cnpjs)})`.execute(db)).rows.map((r) => r.cnpj));
    const missing = cnpjs.filter((e) => !found.has(e));
    if (missing.length)
      errors.empresa = [`Empresa não cadastrada: ${missing.map((e) => `"${e}"`).join(', ')}. Use "${COMPANY}" ou o CNPJ de uma empresa do cadastro.`];
  }
  const clash = await sql<{ id: string }>`select id from conta_servico where lower(nome) = lower(${a.nome}) and id <> ${selfId ?? 0}`.execute(db);
  if (clash.rows.length) errors.nome = ['Já existe uma conta de serviço com este nome.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Conta de serviço não salva. Verifique os campos.', { ...errors });
}

export interface KeyFields {
  nome: string | null;
  expiraEm: Date;
  somenteLeitura: boolean;
}

/** The body of a key's issue. */
export function parseKey(body: unknown, now: Date = new Date()): KeyFields {
  const errors: FieldErrors = Object.create(null);
  const b = objectBody(body, KEY_KEYS, errors) as Partial<Record<keyof ApiKeyInput, unknown>>;
  let nome: string | null = null;
  if (b.nome !== undefined && b.nome !== null) {
    if (typeof b.nome !== 'string') errors.nome = ['Informe o nome da chave como texto.'];
    else {
      nome = b.nome.trim() || null;
      if (nome && nome.length > L.chaveNomeMax) errors.nome = [`O nome da chave pode ter até ${L.chaveNomeMax} caracteres.`];
    }
  }
  let expiraEm: Date | undefined;
  if (b.expiraEm === undefined || b.expiraEm === null || b.expiraEm === '') errors.expiraEm = ['Informe até quando a chave vale.'];
  else if (typeof b.expiraEm !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(b.expiraEm) || Number.isNaN(Date.parse(b.expiraEm)))
    errors.expiraEm = ['Informe a validade como data e hora (aaaa-mm-ddThh:mm, com o fuso).'];
  else {
    expiraEm = new Date(b.expiraEm);
    if (expiraEm.getTime() <= now.getTime()) errors.expiraEm = [`A validade (${when(expiraEm)}) já passou: informe uma data futura.`];
    else if (expiraEm.getTime() > now.getTime() + L.chaveDiasMax * 86_400_000)
      errors.expiraEm = [`A validade pode ser de até ${L.chaveDiasMax} dias (2 anos) a partir de hoje.`];
  }
  if (b.somenteLeitura !== undefined && typeof b.somenteLeitura !== 'boolean') errors.somenteLeitura = ['Informe verdadeiro ou falso.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Chave não emitida. Verifique os campos.', { ...errors });
  return { nome, expiraEm: expiraEm!, somenteLeitura: b.somenteLeitura === true };
}
