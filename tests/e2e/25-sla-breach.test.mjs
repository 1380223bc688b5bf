// Scenario 25 — issue 25, SLA of a post-sales ticket, at desktop (1280 px) and phone (390 px) width.
// The administrator opens a "Crítica" ticket dated 7 business hours ago (first response: 2 business
// hours, resolution: 8): its first response is already breached and its resolution has less than
// 20% of its time left. The list shows the flag "Violado" and the deadline, the ticket shows its
// targets, and the mail drainer writes one message per person (issue 36): post-sales is told of the
// breach and of the resolution's reminder in one, the module's administrator (Mariana) of the
// escalation (.eml under DATA_DIR/mail).
// Screenshots tests/e2e/screenshots/25-*.png.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PHONE, eventually, goto, launch, loginStaff, newPage, noSidewaysScroll, searchList, shot, step } from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const ESCALATION_TO = 'mariana.duarte@portal.local';
const HOLDER = 'posvendas@portal.local';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A JSON call to the API as the page's signed-in user. */
function api(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const headers = { Authorization: `Bearer ${localStorage.getItem(key)}` };
      if (b !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(p, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body],
  );
}

/** Local date and minute of the day of an instant in a time zone. */
function local(t, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant `minutes` business minutes before `now`, walking back minute by minute through the portal's calendar. */
async function businessMinutesAgo(page, now, minutes) {
  const year = new Date(now).getUTCFullYear();
  const cal = await api(page, 'GET', `/api/v1/calendario?ano=${year - 1}&ano=${year}`);
  assert.equal(cal.status, 200, `calendário: ${JSON.stringify(cal.body)}`);
  const own = await api(page, 'GET', '/api/v1/feriados?_end=1000');
  const holidays = new Set([...cal.body.feriadosNacionais.map((h) => h.date), ...(own.status === 200 ? own.body.map((h) => h.data) : [])]);
  let t = Math.floor(now / 60_000) * 60_000;
  let left = minutes;
  while (left > 0) {
    t -= 60_000;
    const l = local(t, cal.body.timeZone);
    if (holidays.has(l.date)) continue;
    if ((cal.body.horas[l.weekday] ?? []).some(([a, b]) => l.minute >= a && l.minute < b)) left -= 1;
  }
  return new Date(t);
}

/** Subject and To of the .eml files the drainer wrote (RFC 2047 words decoded). */
function mails() {
  const dir = join(DATA_DIR, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => {
    const raw = readFileSync(join(dir, f), 'utf8');
    const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
    const header = (name) => (new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?');
    const decode = (s) =>
      s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc, text) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8'),
      );
    return { subject: decode(header('Subject')), to: header('To').toLowerCase() };
  });
}

for (const [viewport, label] of [
  [DESKTOP_1280, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`um ticket crítico viola o SLA: sinal na lista, lembrete e escalonamento (${label})`, async () => {
    assert.ok(DATA_DIR, 'E2E_DATA_DIR ausente');
    const page = await newPage(browser, { viewport });
    const title = `SLA e2e ${label} ${Date.now().toString(36)}`;
    let ticket;
    await step(page, `25-${label}-criar`, async () => {
      await loginStaff(page, 'admin@portal.local');
      const abertura = await businessMinutesAgo(page, Date.now(), 7 * 60);
      const clientes = await api(page, 'GET', '/api/v1/posvendas?_end=1');
      const r = await api(page, 'POST', '/api/v1/posvendas', {
        titulo: title,
        descricao: 'Painel desarmando a cada partida do motor.',
        comentario: 'Aberto pelo teste de SLA.',
        cliente: clientes.body[0].cliente,
        obra: '101',
        categoria: 'Garantia',
        prioridade: 'Crítica',
        abertura: abertura.toISOString(),
      });
      assert.equal(r.status, 201, `ticket não criado: ${JSON.stringify(r.body)}`);
      ticket = r.body;
      assert.equal(ticket.slaSituacao, 'Violado');
      const metas = Object.fromEntries(ticket.slaMetas.map((m) => [m.meta, m]));
      assert.equal(metas['primeira-resposta'].violado, true);
      assert.equal(metas.resolucao.violado, false);
      assert.ok(Date.parse(metas.resolucao.prazo) > Date.now(), 'a resolução ainda não venceu');
    });
    await step(page, `25-${label}-lista`, async () => {
      await goto(page, '/posvendas');
      await searchList(page, title);
      if (label === 'desktop') {
        const row = page.locator('tr', { hasText: title });
        await row.first().waitFor({ timeout: 20_000 });
        const flag = row.first().getByText('Violado');
        await flag.waitFor({ timeout: 10_000 });
        await flag.scrollIntoViewIfNeeded();
      } else {
        // Phone cards show the first four list fields; the flag is on the ticket (next step).
        await page.getByText(title).first().waitFor({ timeout: 20_000 });
      }
      await shot(page, `25-${label}-lista`);
      if (label === 'phone') await noSidewaysScroll(page, 'lista de tickets');
    });
    await step(page, `25-${label}-ticket`, async () => {
      await goto(page, `/posvendas/${ticket.id}`);
      await page.getByText(title).first().waitFor({ timeout: 20_000 });
      const sla = page.getByText('Metas de SLA').first();
      await sla.waitFor({ timeout: 20_000 });
      await sla.scrollIntoViewIfNeeded();
      await page.getByText('Primeira resposta').first().waitFor({ timeout: 10_000 });
      await page.getByText('Violado').first().waitFor({ timeout: 10_000 });
      await shot(page, `25-${label}-ticket`);
    });
    await step(page, `25-${label}-emails`, async () => {
      // Written already late: the breach and the reminder (to the holder, in one message) and the
      // escalation are queued with the ticket and leave with the drainer's next pass (every 5 s).
      const mine = await eventually(
        () => {
          const m = mails().filter((x) => x.subject.includes(title));
          assert.ok(
            m.some((x) => x.to.includes(HOLDER)) && m.some((x) => x.to.includes(ESCALATION_TO)),
            `e-mails do SLA ainda não saíram: ${JSON.stringify(m)}`,
          );
          return m;
        },
        { timeout: 30_000, interval: 500 },
      );
      const holder = mine.filter((m) => m.to.includes(HOLDER));
      assert.equal(holder.length, 1, JSON.stringify(mine));
      assert.match(holder[0].subject, /^\[Portal\] Prazos de SLA de Ticket de pós-venda .*: prazo vencido e prazo perto do fim$/);
      const escalation = mine.filter((m) => m.subject.startsWith('[Portal] Escalonamento de SLA'));
      assert.equal(escalation.filter((m) => m.to.includes(ESCALATION_TO)).length, 1, JSON.stringify(mine));
      // One message per person: never two about this ticket to the same address.
      assert.equal(new Set(mine.map((m) => m.to)).size, mine.length, JSON.stringify(mine));
    });
    await page.close();
  });
}
