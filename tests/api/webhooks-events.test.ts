/**
 * The named webhook events (issue 41) on each database, against a local receiver: an SLA breached
 * (`sla.estourado`), an RDO concluded (`diarios.concluido`, a delivery apart from the step's own
 * `diarios.transicao.enviar`) and each of its signatures (`diarios.assinado`), and an import finished
 * (`importacao.concluida`) are each delivered exactly once, signed with the subscription's secret,
 * carrying only what the subscription's service account may read; an account that may not read the
 * record gets nothing. Each is written in its write's transaction (src/server/webhooks/events.ts): a
 * later SLA pass, an approval of a concluded report or an import's dry run sends nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { dryRun, importNow, xlsx } from './import-helpers';
import { waitUntil } from './poll';
import { newServiceAccount, useWebhookReceiver } from './webhook-receiver';
import { SCHEMAS, schemaByResource } from '../../schemas';
import { startEngine, type Engine } from '../../src/server/db/boss';
import { startWebhookWorker, type WebhookWorker } from '../../src/server/webhooks/delivery';
import { verifySignature } from '../../src/server/webhooks/signature';
import { slaTick } from '../../src/server/sla/jobs';
import { actorResolver, workImportJobs } from '../../src/server/import/queue';
import { abilityFromRules, defineAbilityFor } from '../../src/access/ability';
import { WEBHOOK_HEADERS, type WebhookPayload } from '../../resources/webhooks';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';
/** What an account named "… restrito" may not read: the payload must not carry it. */
const HIDDEN: Record<string, string> = { POSVENDAS: 'descricao', RDO: 'ocorrencias' };

describe.each(ENGINE_BACKENDS)('named webhook events (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const rx = useWebhookReceiver();
  const { received } = rx;
  let engine: Engine;
  let worker: WebhookWorker;
  let imports: { stop: () => Promise<void> };
  beforeAll(async () => {
    engine = await startEngine({ db: t.api.db, listenVia: t.api.listenVia }, { schedule: false });
    worker = await startWebhookWorker(t.api.db, {
      pollingIntervalSeconds: 0.5,
      outboxIntervalMs: 300,
      abilityOf: (user) => {
        const base = defineAbilityFor(user);
        if (!user.name.includes('restrito')) return base;
        const hidden = Object.entries(HIDDEN).map(([subject, field]) => ({ action: 'read', subject, fields: [field], inverted: true }));
        return abilityFromRules([...base.rules, ...hidden] as typeof base.rules);
      },
    });
    // With an engine the import's phases are jobs of its queue, worked here as a server process does (src/server/main.ts).
    imports = await workImportJobs(engine.boss, {
      db: t.api.db,
      schemaOf: (resource) => schemaByResource(resource),
      schemaByName: (name) => SCHEMAS.find((s) => s.name === name),
      actorFor: actorResolver(t.api.db, { environment: 'prod', schemas: () => SCHEMAS, internalFields: () => ({}) }),
    });
  }, 60_000);
  afterAll(async () => {
    await imports?.stop();
    await worker?.stop();
    await engine?.stop();
  });

  const newAccount = (nome: string, roles: string[], obra: string[] = []) => newServiceAccount(c, nome, roles, obra);
  const subscribe = async (path: string, contaServico: number, eventos: string[]) => {
    const r = await c.post('/api/v1/webhooks', { nome: path.slice(1), url: `${rx.origin}${path}`, eventos, contaServico, segredo: SECRET }, ADMIN);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  /** The payloads received at `path` (about record `id` when given), each checked: signed with the secret, its id in the header. */
  const at = (path: string, id?: number) =>
    received
      .filter((r) => r.path === path)
      .map((req) => {
        const ts = Number(req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
        expect(verifySignature(SECRET, ts, req.body, String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()])), req.body).toBe(true);
        const payload = JSON.parse(req.body) as WebhookPayload;
        expect(req.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(payload.id);
        return { payload, body: req.body };
      })
      .filter((x) => id === undefined || x.payload.registro?.id === id);
  type Delivery = { evento: string; situacao: string; tentativas: number; payload: WebhookPayload };
  /** The delivery log of subscription `id` (about record `registro` when given). */
  const deliveries = async (id: number, registro?: number) =>
    ((await c.get(`/api/v1/webhooks/${id}/entregas`, ADMIN)).body as Delivery[]).filter((d) => registro === undefined || d.payload.registro?.id === registro);
  /** Later outbox passes and the queue send nothing more, and every delivery (about `registro`) went at the first attempt. */
  const settledOnce = async (ids: number[], registro?: number) => {
    await new Promise((r) => setTimeout(r, 1500));
    for (const id of ids) {
      const log = await deliveries(id, registro);
      expect(log.length).toBeGreaterThan(0);
      for (const d of log) expect(d, JSON.stringify(d)).toMatchObject({ situacao: 'entregue', tentativas: 1 });
    }
  };
  const unsubscribe = async (ids: number[]) => {
    for (const id of ids) expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  };

  it('sla.estourado: a ticket written already late is told once, by the clock; the SLA pass sends it no more', async () => {
    const reader = await newAccount('Webhook SLA', ['pos_vendas_leitura']);
    const restricted = await newAccount('Webhook SLA restrito', ['pos_vendas_leitura']);
    const none = await newAccount('Webhook SLA sem pós-venda', ['rdo_by_obra'], ['101']);
    const subs = [await subscribe('/sla', reader, ['sla.estourado']), await subscribe('/sla-restrito', restricted, ['sla.estourado'])];
    const blind = await subscribe('/sla-sem-acesso', none, ['sla.estourado']);
    const cliente = ((await c.get('/api/v1/posvendas?_end=1')).body as { cliente: string }[])[0].cliente;
    const created = await c.post('/api/v1/posvendas', {
      titulo: 'Painel sem energia',
      descricao: 'Sem energia no painel desde a semana passada.',
      comentario: 'Aberto pelo teste de webhooks.',
      cliente,
      obra: '101',
      categoria: 'Garantia',
      prioridade: 'Crítica',
      abertura: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.body.slaSituacao).toBe('Violado');
    await waitUntil(() => at('/sla', id).length === 1 && at('/sla-restrito', id).length === 1);
    const [{ payload }] = at('/sla', id);
    expect(payload).toMatchObject({ evento: 'sla.estourado', recurso: 'posvendas', ator: { nome: 'Sistema' }, registro: { id, slaSituacao: 'Violado' } });
    expect(payload.registro).toHaveProperty('descricao', 'Sem energia no painel desde a semana passada.');
    expect(payload.id).toMatch(/^evento-\d+$/);
    const hidden = at('/sla-restrito', id)[0];
    expect(hidden.payload.registro).toMatchObject({ id, slaSituacao: 'Violado' });
    expect(hidden.payload.registro).not.toHaveProperty('descricao');
    expect(hidden.body).not.toContain('Sem energia no painel');
    // The frequent pass finds the breach already claimed: nothing new about this ticket.
    await slaTick(t.api.db, SCHEMAS);
    await settledOnce(subs, id);
    expect(at('/sla', id)).toHaveLength(1);
    expect(at('/sla-restrito', id)).toHaveLength(1);
    // (The pass also claims the demo data's own breaches, e.g. action plans this account reads: other records.)
    expect(at('/sla-sem-acesso', id)).toHaveLength(0);
    expect(await deliveries(blind, id)).toEqual([]);
    await unsubscribe([...subs, blind]);
  });

  it('diarios.concluido and diarios.assinado: the conclusion once (apart from its step), each signature once', async () => {
    const reader = await newAccount('Webhook RDO', ['rdo_by_obra'], ['101']);
    const restricted = await newAccount('Webhook RDO restrito', ['rdo_by_obra'], ['101']);
    const other = await newAccount('Webhook RDO outra obra', ['rdo_by_obra'], ['102']);
    const rdo = await subscribe('/rdo', reader, ['diarios.transicao.enviar', 'diarios.concluido', 'diarios.assinado']);
    const hiddenSub = await subscribe('/rdo-restrito', restricted, ['diarios.concluido', 'diarios.assinado']);
    const blind = await subscribe('/rdo-outra-obra', other, ['diarios.concluido', 'diarios.assinado']);
    const created = await c.post('/api/v1/diarios', { obra: '101', data: '2031-08-14', ocorrencias: 'Montagem dos painéis do bloco C.' }, SM);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const events = (path: string) => at(path, id).map((x) => x.payload.evento);

    expect((await c.step('diarios', id, 'enviar', SM)).status).toBe(200);
    await waitUntil(() => events('/rdo').length === 2 && events('/rdo-restrito').length === 1);
    expect(events('/rdo').sort()).toEqual(['diarios.concluido', 'diarios.transicao.enviar']);
    const concluded = at('/rdo', id).find((x) => x.payload.evento === 'diarios.concluido')!.payload;
    expect(concluded).toMatchObject({
      recurso: 'diarios',
      ator: { email: SM },
      registro: { id, status: 'Em revisão', ocorrencias: 'Montagem dos painéis do bloco C.' },
    });
    // Approving a report in review is not a new conclusion.
    expect((await c.step('diarios', id, 'aprovar', ADMIN)).status).toBe(200);

    for (const as of [SM, CLIENTE]) {
      const r = await t.api.request(`/api/v1/diarios/${id}/assinaturas`, { method: 'POST', as, json: { metodo: 'login', confirmo: true } });
      expect(r.status, await r.clone().text()).toBe(201);
    }
    await waitUntil(() => events('/rdo').length === 4 && events('/rdo-restrito').length === 3);
    await settledOnce([rdo, hiddenSub]);
    expect(events('/rdo').sort()).toEqual(['diarios.assinado', 'diarios.assinado', 'diarios.concluido', 'diarios.transicao.enviar']);
    const signed = at('/rdo', id).filter((x) => x.payload.evento === 'diarios.assinado');
    expect(signed.map((x) => x.payload.ator.email).sort()).toEqual([CLIENTE, SM]); // the queue's order is not the signatures'
    expect(new Set(at('/rdo', id).map((x) => x.payload.id)).size).toBe(4);
    for (const x of signed) expect(x.payload.registro).toMatchObject({ id, status: 'Aprovado' });
    expect(events('/rdo-restrito').sort()).toEqual(['diarios.assinado', 'diarios.assinado', 'diarios.concluido']);
    for (const { payload, body } of at('/rdo-restrito', id)) {
      expect(payload.registro).toMatchObject({ id });
      expect(payload.registro).not.toHaveProperty('ocorrencias');
      expect(body).not.toContain('Montagem dos painéis');
    }
    expect(at('/rdo-outra-obra')).toHaveLength(0);
    expect(await deliveries(blind)).toEqual([]);
    await unsubscribe([rdo, hiddenSub, blind]);
  });

  it('importacao.concluida: the import once, as its summary to whoever may see it; the dry run is no event', async () => {
    const admin = await newAccount('Webhook importação', ['acesso_total']);
    const other = await newAccount('Webhook importação alheia', ['contratos']);
    const sub = await subscribe('/importacao', admin, ['importacao.concluida']);
    const blind = await subscribe('/importacao-alheia', other, ['importacao.concluida']);
    const file = await xlsx(
      ['Código', 'Nome', 'Categoria', 'Unidade'],
      [
        ['WH-PC-1', 'Produto do webhook 1', 'Componente', 'un'],
        ['WH-PC-2', 'Produto do webhook 2', 'Componente', 'un'],
      ],
    );
    const d = await dryRun(t.api, 'produtos', file, 'produtos-webhook.xlsx');
    expect(d).toMatchObject({ situacao: 'simulada', criadas: 2, erros: 0 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(at('/importacao')).toHaveLength(0);
    expect((await importNow(t.api, d.id as number)).situacao).toBe('concluida');
    await waitUntil(() => at('/importacao').length === 1);
    await settledOnce([sub]);
    const [{ payload }] = at('/importacao');
    expect(payload).toMatchObject({
      evento: 'importacao.concluida',
      recurso: 'importacoes',
      ator: { email: ADMIN },
      registro: { id: d.id, recurso: 'produtos', arquivo: 'produtos-webhook.xlsx', situacao: 'concluida', criadas: 2, erros: 0 },
    });
    // The summary of GET /importacoes/{id}: never the stored file or the sender's rights.
    expect(payload.registro).not.toHaveProperty('usuario');
    expect(payload.registro).not.toHaveProperty('colunas');
    expect(at('/importacao')).toHaveLength(1);
    expect(at('/importacao-alheia')).toHaveLength(0);
    expect(await deliveries(blind)).toEqual([]);
    await unsubscribe([sub, blind]);
  });
});
