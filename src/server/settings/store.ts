/**
 * The stored values of the portal settings (declared.ts): one row per changed setting in
 * `configuracao_portal`; a setting without a row has its declared default. Changes are validated
 * against the declaration (400 with per-field pt-BR messages, nothing changed) and recorded in the
 * history (`auditoria`, resource `configuracoes`) in the same transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import { PORTAL_SETTINGS, settingByKey, type IntegerSetting, type SettingValue, type SettingValues } from './declared';

export const SETTINGS_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS configuracao_portal (
     chave text primary key,
     valor jsonb not null,
     atualizado_em timestamptz not null default now(),
     atualizado_por text)`,
];

/** The history's resource name of the settings' changes. */
export const SETTINGS_RESOURCE = 'configuracoes';

/** Every setting's value (stored or default). */
export async function readSettings(db: Db): Promise<SettingValues> {
  const r = await sql<{ chave: string; valor: SettingValue }>`select chave, valor from configuracao_portal`.execute(db);
  const stored = new Map(r.rows.map((x) => [x.chave, x.valor]));
  return Object.fromEntries(PORTAL_SETTINGS.map((s) => [s.key, stored.get(s.key) ?? s.default]));
}

/** One integer setting's value. */
export async function readIntegerSetting(db: Db, key: string): Promise<number> {
  const decl = settingByKey(key) as IntegerSetting | undefined;
  if (!decl || decl.kind !== 'integer') throw new Error(`setting ${key} is not an integer setting`);
  const r = await sql<{ valor: unknown }>`select valor from configuracao_portal where chave = ${key}`.execute(db);
  const v = r.rows[0]?.valor;
  return typeof v === 'number' ? v : decl.default;
}

/** One list setting's value. */
export async function readOptionsSetting(db: Db, key: string): Promise<string[]> {
  const decl = settingByKey(key);
  if (!decl || decl.kind !== 'options') throw new Error(`setting ${key} is not an options setting`);
  const r = await sql<{ valor: unknown }>`select valor from configuracao_portal where chave = ${key}`.execute(db);
  const v = r.rows[0]?.valor;
  return Array.isArray(v) ? (v as string[]) : decl.default;
}

const fmt = (n: number) => n.toLocaleString('pt-BR');

/** A PUT body: known keys with valid values, or 400 naming each wrong one. */
export function parseSettings(body: unknown): SettingValues {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const errors: FieldErrors = {};
  const out: SettingValues = {};
  for (const [key, value] of Object.entries(body)) {
    const decl = settingByKey(key);
    if (!decl) {
      errors[key] = ['Configuração desconhecida.'];
    } else if (decl.kind === 'integer') {
      if (typeof value !== 'number' || !Number.isInteger(value)) errors[key] = [`${decl.label}: informe um número inteiro de ${decl.unit}.`];
      else if (value < decl.min || value > decl.max) errors[key] = [`${decl.label}: informe de ${fmt(decl.min)} a ${fmt(decl.max)} ${decl.unit}.`];
      else out[key] = value;
    } else {
      const known = Object.keys(decl.options);
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) errors[key] = [`${decl.label}: informe uma lista de opções.`];
      else if (value.some((v) => !known.includes(v)))
        errors[key] = [`${decl.label}: opção desconhecida (${value.filter((v) => !known.includes(v)).join(', ')}).`];
      else out[key] = [...new Set(value)];
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Configurações inválidas. Nada foi alterado.', errors);
  if (!Object.keys(out).length) throw new ApiError(400, 'Informe ao menos uma configuração a alterar.');
  return out;
}

/** Saves the changed values and records what changed in the history, in one transaction. */
export async function writeSettings(db: Db, values: SettingValues, by: string): Promise<SettingValues> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    const changes: Record<string, { de: unknown; para: unknown }> = {};
    for (const [key, value] of Object.entries(values)) {
      if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
      changes[key] = { de: before[key], para: value };
      await sql`insert into configuracao_portal (chave, valor, atualizado_em, atualizado_por)
        values (${key}, cast(${JSON.stringify(value)} as jsonb), now(), ${by})
        on conflict (chave) do update set valor = excluded.valor, atualizado_em = now(), atualizado_por = excluded.atualizado_por`.execute(trx);
    }
    if (Object.keys(changes).length) {
      await sql`insert into auditoria (recurso, registro_id, acao, usuario, alteracoes)
        values (${SETTINGS_RESOURCE}, 1, 'update', ${by}, cast(${JSON.stringify(changes)} as jsonb))`.execute(trx);
    }
    return readSettings(trx);
  });
}
