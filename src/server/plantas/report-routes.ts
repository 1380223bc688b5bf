/**
 * The punch-list report of a site (issue 42), mounted at `/api/v1/obras`:
 * - `GET /:obra/itens-verificacao/relatorio.pdf?empresa=&disciplina=&status=` — the PDF of the site's
 *   items the caller may read (the list route's rules: a supplier gets its company's items, without
 *   internal fields), ordered by number, at most REPORT_MAX_ITEMS;
 * - `POST /:obra/itens-verificacao/relatorio/enviar` `{ empresa, para?, mensagem? }` — staff who may
 *   update the site's items e-mail a company the PDF of its open items, as the company sees them.
 * Bad filters or fields: 400 in pt-BR per field; unknown site: 404; no right to send: 403.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import { ITEM_VERIFICACAO_A_CORRIGIR, ITEM_VERIFICACAO_STATUS } from '../../../schemas/item-verificacao';
import { RELATORIO_ITENS_MAX_DESTINATARIOS, RELATORIO_ITENS_MAX_MENSAGEM, type EnvioRelatorioItensResposta } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import type { Actor } from '../crud/record-access';
import type { FileStorage } from '../storage/storage';
import { enqueueMail, isMailbox, MAX_ATTACHMENTS_BASE64 } from '../mail/queue';
import { serverConfig } from '../config';
import { todayIso } from '../time';
import { readableWhere } from './pins';
import type { PunchFilters } from './punch-report-data';

type Rec = Record<string, unknown>;
type Errors = Record<string, string[]>;

const MAX_RECIPIENTS = RELATORIO_ITENS_MAX_DESTINATARIOS;
const MAX_MESSAGE = RELATORIO_ITENS_MAX_MENSAGEM;

const disciplinas = (): string[] => schemaByName('itemVerificacao')!.fields.find((f) => f.name === 'disciplina')?.options ?? [];
const loadReport = () => import('./punch-report'); // pdfmake, its fonts and pdf.js load on the first report

interface Company {
  id: number;
  cnpj: string;
  nome: string;
  email: string | null;
}

/** The registered company by its CNPJ (the key punch items reference it by), or undefined. */
async function companyByCnpj(db: Db, cnpj: string): Promise<Company | undefined> {
  const r = await sql<Rec>`select id, cnpj, nome, email from empresa where cnpj = ${cnpj}`.execute(db);
  const row = r.rows[0];
  return row ? { id: Number(row.id), cnpj: String(row.cnpj), nome: String(row.nome ?? ''), email: row.email ? String(row.email) : null } : undefined;
}

/** The company's name if the caller may read it, else its number (the filter still applies). */
async function companyName(db: Db, actor: Actor, company: Company): Promise<string> {
  const where = readableWhere(schemaByName('empresa')!, actor);
  const readable = where && (await db.selectFrom('empresa').select('id').where('id', '=', company.id).where(where).executeTakeFirst());
  return readable ? company.nome : `Empresa nº ${company.id}`;
}

const NO_SITE = 'Obra não encontrada.';

/**
 * 404 unless the site exists and the caller reads it, or (a supplier, who reads no site) reads punch
 * items of it. Returns whether the site's own record is readable (its name is shown only then).
 */
async function siteOfReport(db: Db, actor: Actor, obra: string): Promise<boolean> {
  if (!obra || obra.length > 20) throw new ApiError(404, NO_SITE);
  const siteWhere = readableWhere(schemaByName('obra')!, actor);
  if (siteWhere && (await db.selectFrom('obra').select('Id_Lista').where('Id_Lista', '=', obra).where(siteWhere).executeTakeFirst())) return true;
  const itemWhere = readableWhere(schemaByName('itemVerificacao')!, actor);
  const some =
    itemWhere &&
    (await db.selectFrom('obra').select('Id_Lista').where('Id_Lista', '=', obra).executeTakeFirst()) &&
    (await db.selectFrom('itemVerificacao').select('id').where('obra', '=', obra).where(itemWhere).limit(1).executeTakeFirst());
  if (!some) throw new ApiError(404, NO_SITE);
  return false;
}

/** A CNPJ as typed (with or without its punctuation) → its 14 digits, or undefined. */
const cnpjOf = (v: unknown): string | undefined => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!/^[\d./-]{14,18}$/.test(s)) return undefined;
  const digits = s.replace(/\D/g, '');
  return digits.length === 14 ? digits : undefined;
};
const BAD_CNPJ = 'Empresa: informe o CNPJ da empresa (14 dígitos).';

/** The report's query, checked: 400 per field. */
async function filtersOf(db: Db, actor: Actor, query: Record<string, string[]>): Promise<PunchFilters> {
  const errors: Errors = {};
  const last = (k: string) => (query[k]?.length ? query[k][query[k].length - 1].trim() : '');
  const f: PunchFilters = {};
  const status = (query.status ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = status.filter((s) => !ITEM_VERIFICACAO_STATUS.includes(s));
  if (bad.length) errors.status = [`Situação inválida: ${bad.join(', ')}. Use: ${ITEM_VERIFICACAO_STATUS.join(', ')}.`];
  else if (status.length) f.status = [...new Set(status)];
  const disciplina = last('disciplina');
  if (disciplina && !disciplinas().includes(disciplina)) errors.disciplina = [`Disciplina inválida. Use: ${disciplinas().join(', ')}.`];
  else if (disciplina) f.disciplina = disciplina;
  const empresa = last('empresa');
  if (empresa) {
    const cnpj = cnpjOf(empresa);
    const company = cnpj ? await companyByCnpj(db, cnpj) : undefined;
    if (!cnpj) errors.empresa = [BAD_CNPJ];
    else if (!company) errors.empresa = ['Empresa não encontrada.'];
    else f.empresa = { cnpj: company.cnpj, nome: await companyName(db, actor, company) };
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new ApiError(400, `Filtros inválidos: ${errors[fields[0]][0]}`, errors);
  return f;
}

/** The body of the e-mail route, checked: 400 per field (the company's open items are checked after). */
async function sendingOf(db: Db, body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Rec;
  const errors: Errors = {};
  let company: Company | undefined;
  if (b.empresa === undefined || b.empresa === null || b.empresa === '') errors.empresa = ['Informe a empresa.'];
  else {
    const cnpj = cnpjOf(b.empresa);
    company = cnpj ? await companyByCnpj(db, cnpj) : undefined;
    if (!cnpj) errors.empresa = [BAD_CNPJ];
    else if (!company) errors.empresa = ['Empresa não encontrada.'];
  }
  let para: string[] | undefined;
  if (b.para !== undefined && b.para !== null) {
    if (!Array.isArray(b.para) || b.para.some((m) => typeof m !== 'string')) errors.para = ['Destinatários: informe uma lista de e-mails.'];
    else {
      const list = [...new Set((b.para as string[]).map((m) => m.trim().toLowerCase()).filter(Boolean))];
      const invalid = list.filter((m) => m.length > 254 || !isMailbox(m));
      if (invalid.length) errors.para = [`E-mail inválido: ${invalid.slice(0, 5).join(', ')}.`];
      else if (list.length > MAX_RECIPIENTS) errors.para = [`No máximo ${MAX_RECIPIENTS} destinatários.`];
      else if (list.length) para = list;
    }
  }
  let mensagem = '';
  if (b.mensagem !== undefined && b.mensagem !== null) {
    if (typeof b.mensagem !== 'string') errors.mensagem = ['Mensagem: informe um texto.'];
    else if (b.mensagem.trim().length > MAX_MESSAGE) errors.mensagem = [`Mensagem: no máximo ${MAX_MESSAGE.toLocaleString('pt-BR')} caracteres.`];
    else mensagem = b.mensagem.trim();
  }
  if (company && !para && !errors.para) {
    const own = (company.email ?? '').trim().toLowerCase();
    if (isMailbox(own)) para = [own];
    else errors.para = ['A empresa não tem e-mail cadastrado: informe os destinatários.'];
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new ApiError(400, `Verifique os dados do envio: ${errors[fields[0]][0]}`, errors);
  return { company: company!, para: para!, mensagem };
}

/** The report's file name: the site and the portal's date (the site's code kept to safe characters). */
const reportFileName = (obra: string) => `itens-verificacao-obra-${obra.replace(/[^\w.-]/g, '_')}-${todayIso()}.pdf`;

export function punchReportRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();

  r.get('/:obra/itens-verificacao/relatorio.pdf', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    const siteReadable = await siteOfReport(db, actor, obra);
    const filtros = await filtersOf(db, actor, c.req.queries());
    const { renderPunchReport } = await loadReport();
    const { pdf } = await renderPunchReport(db, storage, actor, obra, filtros, { siteName: siteReadable });
    return new Response(new Uint8Array(pdf), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${reportFileName(obra)}"`, 'cache-control': 'no-store' },
    });
  });

  r.post('/:obra/itens-verificacao/relatorio/enviar', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await siteOfReport(db, actor, obra);
    if (actor.client || !actor.ability.can('update', subject('ItemVerificacao', { obra }) as never)) {
      throw new ApiError(403, 'Você não tem permissão para enviar o relatório de itens de verificação desta obra.');
    }
    const { company, para, mensagem } = await sendingOf(db, await jsonBody(c.req.raw));
    const filtros: PunchFilters = { empresa: { cnpj: company.cnpj, nome: company.nome }, status: ITEM_VERIFICACAO_A_CORRIGIR };
    const { renderPunchReport } = await loadReport();
    let report = await renderPunchReport(db, storage, actor, obra, filtros, { companyView: true });
    if (!report.total) throw new ApiError(400, 'A empresa não tem itens em aberto nesta obra.', { empresa: ['A empresa não tem itens em aberto nesta obra.'] });
    // The mail's limit on attachments: the photos go first, then the report cannot be e-mailed.
    const fits = (b: Buffer) => Math.ceil(b.length / 3) * 4 <= MAX_ATTACHMENTS_BASE64;
    if (!fits(report.pdf)) report = await renderPunchReport(db, storage, actor, obra, filtros, { companyView: true, photos: false });
    if (!fits(report.pdf)) {
      const message = 'O relatório ficou grande demais para o e-mail: baixe o PDF e envie por outro meio.';
      throw new ApiError(400, message, { empresa: [message] });
    }
    const n = report.total;
    const link = `${serverConfig().publicUrl}/obras/${encodeURIComponent(obra)}/itens-verificacao`;
    const itens = n === 1 ? '1 item de verificação em aberto' : `${n.toLocaleString('pt-BR')} itens de verificação em aberto`;
    const text = [
      `Olá, ${company.nome}.`,
      '',
      ...(mensagem ? [mensagem, ''] : []),
      `A sua empresa tem ${itens} na obra ${obra}. O relatório em PDF segue anexo, com a localização de cada item na planta, as fotos e o histórico.`,
      ...(report.itens < n ? [`O anexo mostra os primeiros ${report.itens} itens.`] : []),
      '',
      `Veja e responda os itens no portal: ${link}`,
    ].join('\n');
    await enqueueMail(db, {
      to: para,
      subject: `[Portal] Obra ${obra}: ${n} ${n === 1 ? 'item' : 'itens'} de verificação em aberto — ${company.nome}`,
      text,
      ref: `obras/${obra}/itens-verificacao`,
      attachments: [
        {
          nome: reportFileName(obra),
          tipo: 'application/pdf',
          conteudoBase64: report.pdf.toString('base64'),
        },
      ],
    });
    return c.json({ para, itens: n } satisfies EnvioRelatorioItensResposta, 202);
  });
  return r;
}
