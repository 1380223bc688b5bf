/**
 * The daily digest's second part (issue 41): the notices a person chose to receive in the digest
 * (`resumo` on for SLA, client replies, document decisions: src/server/notifications/dispatch.ts),
 * since the previous day's digest ran (or the last 24 hours), oldest first.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { serverConfig } from '../config';
import { formatDateTimeBr } from '../time';
import { NOTICE_KIND_INFO, type NoticeKind } from '../../../resources/notificacoes';

/** Notices listed per person (the rest is counted). */
export const DIGEST_NOTICES = 30;

export interface DigestNotice {
  title: string;
  detail: string;
  url: string;
}

/** Each person's digest notices (lower-case e-mail → notices, at most DIGEST_NOTICES, and how many in all). */
export async function digestNotices(trx: Db, day: string, job = 'resumo-diario'): Promise<Map<string, { items: DigestNotice[]; total: number }>> {
  const r = await sql<{ para: string; tipo: NoticeKind; titulo: string; corpo: string; url: string; criada_em: Date | string }>`
    select para, tipo, titulo, corpo, url, criada_em from notificacao
    where resumo and criada_em <= now() and criada_em > coalesce(
      (select max(iniciado_em) from job_run where job = ${job} and dia < cast(${day} as date)), now() - interval '1 day')
    order by criada_em, id`.execute(trx);
  const base = serverConfig().publicUrl;
  const out = new Map<string, { items: DigestNotice[]; total: number }>();
  for (const n of r.rows) {
    const mine = out.get(n.para) ?? { items: [], total: 0 };
    mine.total++;
    if (mine.items.length < DIGEST_NOTICES)
      mine.items.push({
        title: `${NOTICE_KIND_INFO[n.tipo]?.label ?? 'Aviso'}: ${n.titulo}`,
        detail: `${formatDateTimeBr(new Date(n.criada_em))} · ${n.corpo}`,
        url: n.url.startsWith('/') ? `${base}${n.url}` : n.url,
      });
    out.set(n.para, mine);
  }
  return out;
}
