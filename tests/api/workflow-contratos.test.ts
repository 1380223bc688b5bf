import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';

describe.each(BACKENDS)('contract workflow (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const newContract = async (numero: string, extra: Record<string, unknown> = {}) => {
    const r = await c.post(
      '/api/v1/contratos',
      {
        numero,
        tipo: 'Fornecimento',
        contraparte: CNPJ.trafoSul,
        objeto: 'Fornecimento de perfis metálicos',
        obra: '101',
        status: 'Aprovado',
        responsavel: person(RESP),
        gestor: person(GESTOR),
        validador: person(VALID),
        arquivos: pdf(),
        ...extra,
      },
      RESP,
    );
    expect(r.status).toBe(201);
    return r.body as { id: number; status: string; version: number };
  };

  it('starts in Revisão whatever the body says, and walks to Aprovado with three people', async () => {
    const k = await newContract('WF-001');
    expect(k.status).toBe('Revisão');
    expect(await c.names('contratos', k.id, RESP)).toContain('emitir-juridico');
    expect(await c.names('contratos', k.id, GESTOR)).toEqual([]);

    const wrongPerson = await c.step('contratos', k.id, 'emitir-juridico', GESTOR);
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.message).toMatch(/não tem permissão/);
    const wrongState = await c.step('contratos', k.id, 'aprovar', RESP);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.message).toMatch(/não está disponível/);
    const stale = await c.post(`/api/v1/contratos/${k.id}/transitions/emitir-juridico`, { version: k.version - 1 }, RESP);
    expect(stale.status).toBe(409);

    const emitted = await c.step('contratos', k.id, 'emitir-juridico', RESP);
    expect(emitted.status).toBe(200);
    expect(emitted.body.status).toBe('Emitido para o Jurídico');
    expect(emitted.body.version).toBe(k.version + 1);
    expect((await c.mails(GESTOR, `contratos/${k.id}`)).at(-1)?.assunto).toMatch(/Emitido para o Jurídico/);

    expect((await c.step('contratos', k.id, 'emitir-verificador', GESTOR)).body.status).toBe('Emitido para o verificador');
    expect((await c.step('contratos', k.id, 'finalizar', VALID)).body.status).toBe('Em finalização');
    const approved = await c.step('contratos', k.id, 'aprovar', VALID);
    expect(approved.body.status).toBe('Aprovado');
    expect(approved.body.dataAprovacao).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const hist = await c.get(`/api/v1/contratos/${k.id}/historico`);
    const steps = hist.body.filter((h: { action: string }) => h.action === 'transition');
    expect(steps.map((h: { transition: { name: string } }) => h.transition.name)).toEqual(['aprovar', 'finalizar', 'emitir-verificador', 'emitir-juridico']);
    expect(steps[0].transition).toMatchObject({ from: 'Em finalização', to: 'Aprovado', label: 'Aprovar contrato' });
    expect(steps[0].user).toBe(VALID);
  });

  it('returns to Revisão only with a comment, which the history keeps', async () => {
    const k = await newContract('WF-002');
    await c.step('contratos', k.id, 'emitir-juridico', RESP);
    const noComment = await c.step('contratos', k.id, 'devolver', GESTOR);
    expect(noComment.status).toBe(400);
    expect(noComment.body.errors.comment[0]).toMatch(/obrigatório/);
    const back = await c.step('contratos', k.id, 'devolver', GESTOR, { comment: 'Ajustar a cláusula de multa.' });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('Revisão');
    const hist = await c.get(`/api/v1/contratos/${k.id}/historico`);
    expect(hist.body[0]).toMatchObject({ action: 'transition', comment: 'Ajustar a cláusula de multa.', user: GESTOR });
    expect((await c.mails(RESP, `contratos/${k.id}`)).at(-1)?.texto).toMatch(/Ajustar a cláusula de multa/);
  });

  it('refuses a PATCH of the status for everyone, naming the actions; admins use an audited "Alterar situação"', async () => {
    const k = await newContract('WF-003');
    const patch = await c.patch(`/api/v1/contratos/${k.id}`, { version: k.version, status: 'Aprovado' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toMatch(/Emitir para o Jurídico/);
    expect((await c.get(`/api/v1/contratos/${k.id}`)).body.status).toBe('Revisão');
    expect(await c.names('contratos', k.id, 'admin@portal.local')).toContain('alterar-situacao');
    expect(await c.names('contratos', k.id, RESP)).not.toContain('alterar-situacao');
    const noComment = await c.step('contratos', k.id, 'alterar-situacao', 'admin@portal.local', { to: 'Aprovado' });
    expect(noComment.status).toBe(400);
    const noTarget = await c.step('contratos', k.id, 'alterar-situacao', 'admin@portal.local', { comment: 'Correção', to: 'Qualquer' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.errors.to).toBeDefined();
    const ok = await c.step('contratos', k.id, 'alterar-situacao', 'admin@portal.local', { comment: 'Assinado fora do portal.', to: 'Aprovado' });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('Aprovado');
  });

  it('cancels through Revisão para cancelamento, and a cancelled contract is read-only', async () => {
    const k = await newContract('WF-004');
    await c.step('contratos', k.id, 'alterar-situacao', 'admin@portal.local', { comment: 'Teste', to: 'Aprovado' });
    // The gestor holds only `read` in Aprovado, yet is the person the transition names.
    expect(await c.names('contratos', k.id, GESTOR)).toEqual(['solicitar-cancelamento']);
    expect((await c.step('contratos', k.id, 'solicitar-cancelamento', RESP, { comment: 'x' })).status).toBe(403);
    const req = await c.step('contratos', k.id, 'solicitar-cancelamento', GESTOR, { comment: 'Fornecedor desistiu.' });
    expect(req.body.status).toBe('Revisão para cancelamento');
    const cancelled = await c.step('contratos', k.id, 'cancelar', GESTOR, { comment: 'Cancelado em comum acordo.' });
    expect(cancelled.body.status).toBe('Cancelado');
    expect(await c.names('contratos', k.id, GESTOR)).toEqual([]);
    const edit = await c.patch(`/api/v1/contratos/${k.id}`, { version: cancelled.body.version, observacoes: 'Tentativa' });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toMatch(/Cancelado/);
  });

  it('lets each person edit the fields only in their status (decision 8)', async () => {
    const k = await newContract('WF-005');
    const byGestor = await c.patch(`/api/v1/contratos/${k.id}`, { version: k.version, observacoes: 'Gestor' }, GESTOR);
    expect(byGestor.status).toBe(403);
    const byResp = await c.patch(`/api/v1/contratos/${k.id}`, { version: k.version, observacoes: 'Responsável' }, RESP);
    expect(byResp.status).toBe(200);
  });

  it('lists the pending contracts of each person in "Minhas pendências"', async () => {
    const k = await newContract('WF-006');
    const mine = await c.get('/api/v1/pendencias?_end=200', RESP);
    expect(mine.status).toBe(200);
    const item = mine.body.find((p: { resource: string; id: number }) => p.resource === 'contratos' && p.id === k.id);
    expect(item).toMatchObject({ title: 'WF-006', state: 'Revisão', label: 'Contrato', transitions: ['Emitir para o Jurídico'] });
    expect(Number(mine.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    const gestor = await c.get('/api/v1/pendencias?_end=200', GESTOR);
    expect(gestor.body.some((p: { id: number; resource: string }) => p.resource === 'contratos' && p.id === k.id)).toBe(false);
    await c.step('contratos', k.id, 'emitir-juridico', RESP);
    const after = await c.get('/api/v1/pendencias?_end=200', GESTOR);
    expect(after.body.find((p: { id: number; resource: string }) => p.resource === 'contratos' && p.id === k.id)?.transitions).toContain(
      'Emitir para o verificador',
    );
    // Newest first.
    const since = after.body.map((p: { since: string }) => p.since);
    expect([...since].sort().reverse()).toEqual(since);
    const admin = await c.get('/api/v1/pendencias?_end=200', 'admin@portal.local');
    expect(admin.body.some((p: { id: number; resource: string }) => p.resource === 'contratos' && p.id === k.id)).toBe(false);
    expect((await c.get('/api/v1/pendencias?_start=0&_end=5000', RESP)).status).toBe(400);
  });
});
