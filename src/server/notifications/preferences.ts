/**
 * Each person's notification preferences per kind and channel (issue 41), kept in the row of
 * `preferencia_usuario` (src/server/preferencias/store.ts): the daily digest of pending items in its
 * original column `resumo_diario` (= `pendencia.resumo`), every other choice in `notificacoes`
 * (jsonb, `{ kind: { channel: boolean } }`, only what the person changed). Defaults:
 * `DEFAULT_NOTIFICATIONS` (resources/notificacoes.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import {
  DEFAULT_NOTIFICATIONS,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  type NotificationPreferences,
  type Preferences,
  type PreferencesChange,
} from '../../../resources/notificacoes';

type Stored = Partial<Record<string, Partial<Record<string, unknown>>>>;

const isKind = (k: string): k is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(k);
const isChannel = (c: string): c is NoticeChannel => (NOTICE_CHANNELS as readonly string[]).includes(c);

/** The preferences of a row (or of nobody: the defaults). */
function merged(row: { resumo_diario: boolean; notificacoes: Stored | string | null } | undefined): Preferences {
  const stored: Stored = typeof row?.notificacoes === 'string' ? (JSON.parse(row.notificacoes) as Stored) : (row?.notificacoes ?? {});
  const out = {} as NotificationPreferences;
  for (const kind of NOTICE_KINDS) {
    out[kind] = { ...DEFAULT_NOTIFICATIONS[kind] };
    for (const channel of NOTICE_CHANNELS) {
      const v = stored[kind]?.[channel];
      if (typeof v === 'boolean') out[kind][channel] = v;
    }
  }
  if (row) out.pendencia.resumo = row.resumo_diario;
  return { resumoDiario: out.pendencia.resumo, notificacoes: out };
}

/** The preferences of each of these people (lower-case e-mails). */
export async function readPreferencesOf(db: Db, emails: string[]): Promise<Map<string, Preferences>> {
  const out = new Map<string, Preferences>();
  const list = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (!list.length) return out;
  const r = await sql<{ email: string; resumo_diario: boolean; notificacoes: Stored | null }>`
    select email, resumo_diario, notificacoes from preferencia_usuario where email in (${sql.join(list)})`.execute(db);
  const rows = new Map(r.rows.map((x) => [x.email, x]));
  for (const e of list) out.set(e, merged(rows.get(e)));
  return out;
}

export async function readPreferences(db: Db, email: string): Promise<Preferences> {
  return (await readPreferencesOf(db, [email])).get(email.toLowerCase())!;
}

/** The body of a PUT: every key known and of its type, or 400 with per-field pt-BR messages. */
export function parsePreferencesChange(body: unknown): PreferencesChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const errors: Record<string, string[]> = {};
  const out: PreferencesChange = {};
  const yesNo = ['Informe sim (true) ou não (false).'];
  for (const [k, v] of Object.entries(body)) {
    if (k === 'resumoDiario') {
      if (typeof v === 'boolean') out.resumoDiario = v;
      else errors.resumoDiario = yesNo;
    } else if (k === 'notificacoes') {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) {
        errors.notificacoes = ['Informe um objeto por tipo de aviso, com os canais (email, push, resumo).'];
        continue;
      }
      const change: NonNullable<PreferencesChange['notificacoes']> = {};
      for (const [kind, channels] of Object.entries(v as Record<string, unknown>)) {
        if (!isKind(kind)) {
          errors[`notificacoes.${kind}`] = [`Tipo de aviso desconhecido. Use: ${NOTICE_KINDS.join(', ')}.`];
          continue;
        }
        if (typeof channels !== 'object' || channels === null || Array.isArray(channels)) {
          errors[`notificacoes.${kind}`] = ['Informe os canais (email, push, resumo) com sim (true) ou não (false).'];
          continue;
        }
        for (const [channel, on] of Object.entries(channels as Record<string, unknown>)) {
          if (!isChannel(channel)) errors[`notificacoes.${kind}.${channel}`] = [`Canal desconhecido. Use: ${NOTICE_CHANNELS.join(', ')}.`];
          else if (typeof on !== 'boolean') errors[`notificacoes.${kind}.${channel}`] = yesNo;
          else change[kind] = { ...change[kind], [channel]: on };
        }
      }
      out.notificacoes = change;
    } else errors[k] = ['Preferência desconhecida.'];
  }
  const digest = out.notificacoes?.pendencia?.resumo;
  if (digest !== undefined && out.resumoDiario !== undefined && digest !== out.resumoDiario)
    errors['notificacoes.pendencia.resumo'] = ['Difere de resumoDiario (a mesma preferência): envie só um dos dois.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Preferências inválidas. Nada foi alterado.', errors);
  const any = out.resumoDiario !== undefined || Object.values(out.notificacoes ?? {}).some((c) => c && Object.keys(c).length);
  if (!any) throw new ApiError(400, 'Informe a preferência a alterar.', { resumoDiario: ['Campo obrigatório.'] });
  return out;
}

/** Applies a change to the person's row (created with the defaults when missing), in the caller's transaction. */
export async function writePreferences(trx: Db, email: string, change: PreferencesChange): Promise<void> {
  const r = await sql<{ resumo_diario: boolean; notificacoes: Stored | string | null }>`
    select resumo_diario, notificacoes from preferencia_usuario where email = ${email} for update`.execute(trx);
  const current = merged(r.rows[0]);
  const next = current.notificacoes;
  for (const [kind, channels] of Object.entries(change.notificacoes ?? {})) Object.assign(next[kind as NoticeKind], channels);
  if (change.resumoDiario !== undefined) next.pendencia.resumo = change.resumoDiario;
  // Only what differs from the defaults is kept, so a later change of a default reaches who never chose.
  const stored: Stored = {};
  for (const kind of NOTICE_KINDS)
    for (const channel of NOTICE_CHANNELS) {
      if (kind === 'pendencia' && channel === 'resumo') continue; // its own column
      if (next[kind][channel] !== DEFAULT_NOTIFICATIONS[kind][channel]) stored[kind] = { ...stored[kind], [channel]: next[kind][channel] };
    }
  await sql`insert into preferencia_usuario (email, resumo_diario, notificacoes)
    values (${email}, ${next.pendencia.resumo}, cast(${JSON.stringify(stored)} as jsonb))
    on conflict (email) do update set resumo_diario = excluded.resumo_diario, notificacoes = excluded.notificacoes, atualizado_em = now()`.execute(trx);
}
