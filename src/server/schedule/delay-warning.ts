/**
 * The delay warning (`aviso-atraso`): the site manager (`obra.siteManager.mail`) receives, through
 * the mail queue, the site's EAP items whose planned end has passed below 100 % of progress. Sent
 * on request by whoever holds `aviso-atraso` on the site's RDO (the whole late list), and once a
 * day by the scheduled job for the items that became late since they were last warned about.
 * Every item sent is recorded with the planned end it was late against (`aviso_atraso_item`), so
 * the daily job never repeats an item; a new planned end that passes again is a new delay.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { enqueueMail } from '../mail/queue';
import { serverConfig } from '../config';
import { scheduleItems, type ScheduleItem } from './items';
import { SITE_SCOPE } from './scope';

export { SCHEDULE_CORE_SQL } from './tables';

const br = (iso: string) => iso.split('-').reverse().join('/');
const pct = (n: number) => `${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

interface Site {
  id: string;
  nome: string | null;
  sm: string | null;
  smNome: string | null;
}

async function siteOf(db: Db, obra: string): Promise<Site | undefined> {
  const r =
    await sql<Site>`select "Id_Lista" as id, nome, "siteManager" ->> 'mail' as sm, "siteManager" ->> 'nome' as "smNome" from obra where "Id_Lista" = ${obra}`.execute(
      db,
    );
  return r.rows[0];
}

/** The late items of a site on `today`, over all its EAP items and reports. */
export async function lateItems(db: Db, obra: string, today: string): Promise<ScheduleItem[]> {
  return (await scheduleItems(db, obra, SITE_SCOPE, today)).filter((i) => i.atrasado);
}

/** The message, in pt-BR. */
export function delayWarningText(
  site: { id: string; nome: string | null; smNome?: string | null },
  items: ScheduleItem[],
  opts: { today: string; by?: string },
): { subject: string; text: string } {
  const label = site.nome ? `${site.id} — ${site.nome}` : site.id;
  const n = items.length;
  const lines = [
    `Olá${site.smNome ? `, ${site.smNome}` : ''},`,
    '',
    `${n === 1 ? 'O item abaixo' : `Os ${n} itens abaixo`} da EAP da obra ${label} ${n === 1 ? 'passou' : 'passaram'} do término previsto sem chegar a 100% de avanço (posição de ${br(opts.today)}):`,
    '',
    ...items.map(
      (i) =>
        `- ${i.codigo} ${i.descricao} (${i.area}): término previsto ${br(i.terminoPrevisto!)}, avanço ${pct(i.avanco)}, ${i.diasAtraso} dia${i.diasAtraso === 1 ? '' : 's'} de atraso`,
    ),
    '',
    ...(opts.by ? [`Aviso enviado por ${opts.by}.`, ''] : ['Aviso automático diário: só itens que entraram em atraso desde o último aviso.', '']),
    `Cronograma da obra: ${serverConfig().publicUrl}/${encodeURIComponent(site.id)}/diarios/datas`,
    '',
    'Mensagem automática do Portal. Não responda.',
  ];
  return { subject: `[Portal] Obra ${site.id}: ${n} ${n === 1 ? 'item da EAP em atraso' : 'itens da EAP em atraso'}`, text: lines.join('\n') };
}

export interface WarningResult {
  obra: string;
  para: string[];
  itens: { id: number; codigo: string; descricao: string; terminoPrevisto: string; avanco: number; diasAtraso: number }[];
}

/** Queues the warning for these items and records them as warned (inside the caller's transaction). */
async function queueWarning(trx: Db, site: Site, items: ScheduleItem[], opts: { today: string; by?: string; origem: string }): Promise<WarningResult> {
  const to = site.sm ? [site.sm.toLowerCase()] : [];
  const { subject, text } = delayWarningText(site, items, opts);
  await enqueueMail(trx, { to, subject, text, ref: `obras/${site.id}/aviso-atraso` });
  for (const i of items) {
    await sql`insert into aviso_atraso_item (eap_id, termino, obra, origem) values (${i.id}, cast(${i.terminoPrevisto} as date), ${site.id}, ${opts.origem})
      on conflict (eap_id, termino) do update set avisado_em = now(), origem = excluded.origem`.execute(trx);
  }
  return {
    obra: site.id,
    para: to,
    itens: items.map((i) => ({
      id: i.id,
      codigo: i.codigo,
      descricao: i.descricao,
      terminoPrevisto: i.terminoPrevisto!,
      avanco: i.avanco,
      diasAtraso: i.diasAtraso,
    })),
  };
}

export class NoSiteManager extends Error {}

/** On request: every late item of the site. Undefined when the site does not exist; no mail when nothing is late. */
export async function sendDelayWarning(db: Db, obra: string, by: string, today: string): Promise<WarningResult | undefined> {
  return db.transaction().execute(async (trx) => {
    const site = await siteOf(trx, obra);
    if (!site) return undefined;
    const items = await lateItems(trx, obra, today);
    if (!items.length) return { obra, para: [], itens: [] };
    if (!site.sm) throw new NoSiteManager();
    return queueWarning(trx, site, items, { today, by, origem: 'manual' });
  });
}

/**
 * The daily job: for each site with an item past its planned end, warn its site manager about the
 * late items not warned before (same item, same planned end). Runs in the job runner's transaction.
 */
export async function delayWarningJob(trx: Db, today: string): Promise<{ avisos: WarningResult[] }> {
  const sites = await sql<{
    obra: string;
  }>`select distinct obra from "eapOs" where "terminoPrevisto" < cast(${today} as date) and obra is not null order by obra`.execute(trx);
  const avisos: WarningResult[] = [];
  for (const { obra } of sites.rows) {
    const site = await siteOf(trx, obra);
    if (!site?.sm) continue;
    const late = await lateItems(trx, obra, today);
    if (!late.length) continue;
    const warned = await sql<{ eap_id: string; termino: string }>`
      select eap_id, to_char(termino, 'YYYY-MM-DD') as termino from aviso_atraso_item where obra = ${obra}`.execute(trx);
    const seen = new Set(warned.rows.map((w) => `${w.eap_id}|${w.termino}`));
    const fresh = late.filter((i) => !seen.has(`${i.id}|${i.terminoPrevisto}`));
    if (fresh.length) avisos.push(await queueWarning(trx, site, fresh, { today, origem: 'diario' }));
  }
  return { avisos };
}
