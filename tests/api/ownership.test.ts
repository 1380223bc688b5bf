/**
 * Issue 25, "ownership is declared and checked": accepting an SGI record asks for the person
 * responsible for its treatment (`asks` of the step); without one, or with someone who cannot hold
 * it, nothing changes; with one, that person holds the record and finds it in "Minhas pendências".
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

const SGI = 'sgi@portal.local';
const LEITURA = 'leitura@portal.local';
const RENATA = 'renata.costa@portal.local';

describe.each(BACKENDS)('ownership of workflow states (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  async function inTriage(titulo: string): Promise<{ id: number; version: number }> {
    const r = await c.post(
      '/api/v1/tickets-sgi',
      { titulo, area: 'Qualidade', tipo: 'RNC', severidade: 'Alta', dataOcorrencia: '2026-11-10', descricao: 'Armadura exposta no pilar P12.' },
      LEITURA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const sent = await c.step('tickets-sgi', r.body.id, 'enviar-triagem', LEITURA);
    expect(sent.body.status).toBe('TRIAGEM');
    return sent.body;
  }

  const historyLength = async (id: number) => (await c.get(`/api/v1/tickets-sgi/${id}/historico`)).body.length as number;
  const inbox = async (as: string): Promise<{ resource: string; id: number }[]> => {
    const r = await c.get('/api/v1/pendencias?_end=200', as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return Array.isArray(r.body) ? r.body : r.body.items;
  };

  it('tells the app which fields the accept dialog asks for, with the schema’s label and kind', async () => {
    const rec = await inTriage('Dialogo do aceite');
    const offered = (await c.get(`/api/v1/tickets-sgi/${rec.id}/transitions`, SGI)).body as { name: string; asks?: unknown[] }[];
    const aceitar = offered.find((x) => x.name === 'aceitar');
    expect(aceitar?.asks).toEqual([
      expect.objectContaining({ name: 'responsavel', kind: 'person', label: 'Responsável pela tratativa', required: true, personRoles: ['sgi', 'admin_sgi'] }),
    ]);
    expect(offered.find((x) => x.name === 'devolver')?.asks).toBeUndefined();
  });

  it('refuses to accept without a responsável, with a pt-BR message on the field, and changes nothing', async () => {
    const rec = await inTriage('Sem responsável');
    const before = (await c.get(`/api/v1/tickets-sgi/${rec.id}`)).body;
    const hist = await historyLength(rec.id);
    const mails = (await c.mails(RENATA, `tickets-sgi/${rec.id}`)).length;
    for (const extra of [{}, { values: {} }, { values: { responsavel: null } }, { values: { responsavel: { mail: '' } } }]) {
      const r = await c.step('tickets-sgi', rec.id, 'aceitar', SGI, extra);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toContain('Responsável pela tratativa');
      expect(r.body.errors.responsavel).toEqual(['Campo obrigatório.']);
    }
    const after = (await c.get(`/api/v1/tickets-sgi/${rec.id}`)).body;
    expect(after).toMatchObject({ status: 'TRIAGEM', version: before.version, codigo: null, responsavel: null });
    expect(await historyLength(rec.id)).toBe(hist);
    expect((await c.mails(RENATA, `tickets-sgi/${rec.id}`)).length).toBe(mails);
  });

  it('refuses free text, an unknown e-mail, someone who cannot hold it and fields it does not ask for', async () => {
    const rec = await inTriage('Valores ruins');
    const cases: [unknown, string, string][] = [
      [{ responsavel: 'Fulano de Tal' }, 'responsavel', 'E-mail inválido.'],
      [{ responsavel: { mail: 'ninguem@exemplo.com.br' } }, 'responsavel', 'Escolha uma pessoa cadastrada e ativa no portal.'],
      [{ responsavel: person(LEITURA) }, 'responsavel', 'Esta pessoa não tem um perfil que possa assumir esta responsabilidade.'],
      [{ responsavel: { mail: RENATA, cargo: 'x' } }, 'responsavel', 'Campo desconhecido.'],
      [{ responsavel: person(RENATA), prazo: '2026-12-01' }, 'prazo', 'Campo desconhecido.'],
    ];
    for (const [values, field, message] of cases) {
      const r = await c.step('tickets-sgi', rec.id, 'aceitar', SGI, { values });
      expect(r.status, JSON.stringify(values)).toBe(400);
      expect(r.body.errors[field], JSON.stringify(r.body)).toContain(message);
    }
    const r = await c.step('tickets-sgi', rec.id, 'aceitar', SGI, { values: ['x'] });
    expect(r.status).toBe(400);
    expect(r.body.errors.values).toEqual(['Formato inválido.']);
    expect((await c.get(`/api/v1/tickets-sgi/${rec.id}`)).body).toMatchObject({ status: 'TRIAGEM', codigo: null, responsavel: null });
  });

  it('accepts with a responsável: the record is theirs, in their pendências and not the acceptor’s', async () => {
    t.api.addUser({ email: RENATA, name: 'Renata Costa', roles: ['sgi', 'admin_sgi'] });
    const rec = await inTriage('Com responsável');
    expect((await inbox(SGI)).some((p) => p.resource === 'tickets-sgi' && p.id === rec.id)).toBe(true);
    const mailsBefore = (await c.mails(RENATA, `tickets-sgi/${rec.id}`)).length; // she is of the SGI team: told of the triage
    const r = await c.step('tickets-sgi', rec.id, 'aceitar', SGI, { values: { responsavel: { mail: RENATA.toUpperCase() } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The name comes from the portal's directory.
    expect(r.body).toMatchObject({ status: 'EM ANDAMENTO', responsavel: { mail: RENATA, nome: 'Renata Costa' } });
    expect(r.body.codigo).toMatch(/^QUA-\d{4}-\d{4}$/);
    const hist = (await c.get(`/api/v1/tickets-sgi/${rec.id}/historico`)).body;
    expect(hist[0].transition).toMatchObject({ name: 'aceitar', to: 'EM ANDAMENTO' });
    expect(JSON.stringify(hist[0])).toContain(RENATA);
    expect((await inbox(RENATA)).some((p) => p.resource === 'tickets-sgi' && p.id === rec.id)).toBe(true);
    expect((await inbox(SGI)).some((p) => p.resource === 'tickets-sgi' && p.id === rec.id)).toBe(false);
    expect((await c.mails(RENATA, `tickets-sgi/${rec.id}`)).length).toBe(mailsBefore + 1);
  });

  it('keeps a responsável the record already names when the dialog sends none', async () => {
    const rec = await inTriage('Já tem responsável');
    const patched = await c.patch(`/api/v1/tickets-sgi/${rec.id}`, { version: rec.version, responsavel: person(SGI, 'Sérgio SGI') }, SGI);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const r = await c.step('tickets-sgi', rec.id, 'aceitar', SGI);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.responsavel).toMatchObject({ mail: SGI });
  });
});
