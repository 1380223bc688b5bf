/**
 * The EAP (work-breakdown structure) of a site's field and automation services as a tree: codes
 * unique per site and area, parents in the same tree and never below the item, sub-item codes
 * under their parent's code (the items below follow a code change), no delete of an item with
 * items below it. Sibling weights that do not add up to 100 % are accepted (the screen warns).
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';

const AUTOMACAO = 'automacao@portal.local';
const FIELD = 'field@portal.local';
const ADMIN = 'admin@portal.local';

interface Item {
  id: number;
  version: number;
  codigo: string;
  pai: number | null;
  obra: string;
  area: string;
}

describe.each(BACKENDS)('EAP of a site (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const tree = async (obra: string, area: string): Promise<Item[]> => {
    const r = await c.get(`/api/v1/eap-os?obra=${obra}&area=${area}&_end=1000&_sort=codigo&_order=asc`, ADMIN);
    expect(r.status).toBe(200);
    return r.body as Item[];
  };
  const byCode = async (obra: string, area: string, codigo: string): Promise<Item> => {
    const item = (await tree(obra, area)).find((i) => i.codigo === codigo);
    if (!item) throw new Error(`item ${codigo} ausente em ${obra}/${area}`);
    return item;
  };
  const create = (body: Record<string, unknown>, as = AUTOMACAO) => c.post('/api/v1/eap-os', { area: 'AUTOMACAO', obra: '103', ...body }, as);
  const patch = async (id: number, body: Record<string, unknown>, as = AUTOMACAO) => {
    const now = await c.get(`/api/v1/eap-os/${id}`, ADMIN);
    return c.patch(`/api/v1/eap-os/${id}`, { version: now.body.version, ...body }, as);
  };

  it('a code appears once per site and area; other sites and areas may repeat it', async () => {
    const dup = await create({ codigo: '3', descricao: 'Outra raiz com o mesmo código' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ codigo: ['Já existe um item com este código nesta EAP.'] });
    const root3 = await byCode('103', 'AUTOMACAO', '3');
    const dupChild = await create({ codigo: '3.1', descricao: 'Repete 3.1', pai: root3.id });
    expect(dupChild.status).toBe(400);
    expect(dupChild.body.errors.codigo).toEqual(['Já existe um item com este código nesta EAP.']);
    // Site 101 and the FIELD tree of 103 are other EAPs.
    expect((await create({ obra: '101', codigo: '3', descricao: 'Automação da linha 2' })).status).toBe(201);
    expect((await create({ area: 'FIELD', codigo: '3', descricao: 'Inspeções elétricas' }, ADMIN)).status).toBe(201);
    // Renaming onto an existing code is refused as well.
    const ied = await byCode('103', 'AUTOMACAO', '3.1');
    const clash = await patch(ied.id, { codigo: '3.2' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.codigo).toEqual(['Já existe um item com este código nesta EAP.']);
  });

  it("a sub-item's code starts with its parent's code and a dot", async () => {
    const root3 = await byCode('103', 'AUTOMACAO', '3');
    const wrong = await create({ codigo: '4.1', descricao: 'Código fora do pai', pai: root3.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.codigo[0]).toMatch(/^O código de um subitem começa pelo código do item pai seguido de ponto \(ex\.: 3\.1\)\.$/);
    // "3" alone, or "3x", is not under "3.".
    expect((await create({ codigo: '3', descricao: 'Igual ao pai', pai: root3.id })).status).toBe(400);
    expect((await create({ codigo: '31', descricao: 'Sem o ponto', pai: root3.id })).status).toBe(400);
    const ok = await create({ codigo: '3.3', descricao: 'Testes de integração', pai: root3.id, peso: 30 });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ codigo: '3.3', pai: root3.id });
  });

  it('sibling weights that do not add up to 100 % are accepted', async () => {
    // 3.1 (55) + 3.2 (45) + 3.3 (30, previous test) = 130.
    const root3 = await byCode('103', 'AUTOMACAO', '3');
    const level = (await tree('103', 'AUTOMACAO')).filter((i) => i.pai === root3.id) as (Item & { peso: number })[];
    expect(level.map((i) => [i.codigo, Number(i.peso)])).toEqual([
      ['3.1', 55],
      ['3.2', 45],
      ['3.3', 30],
    ]);
    const more = await create({ codigo: '3.5', descricao: 'Documentação', pai: root3.id, peso: 20 });
    expect(more.status).toBe(201);
    expect((await c.del(`/api/v1/eap-os/${more.body.id}`, AUTOMACAO)).status).toBe(200);
  });

  it('the parent is an item of the same site and area, never the item itself nor one below it', async () => {
    const fieldRoot = await byCode('101', 'FIELD', '2');
    const otherTree = await create({ codigo: '2.9', descricao: 'Pai de outra EAP', pai: fieldRoot.id }, ADMIN);
    expect(otherTree.status).toBe(400);
    expect(otherTree.body.errors).toEqual({ pai: ['O item pai deve ser da mesma obra e da mesma área (mesma EAP).'] });
    const fieldOf103 = await byCode('103', 'FIELD', '4');
    expect((await create({ codigo: '4.1', descricao: 'Pai da área FIELD', pai: fieldOf103.id })).body.errors).toEqual({
      pai: ['O item pai deve ser da mesma obra e da mesma área (mesma EAP).'],
    });
    expect((await create({ codigo: '9.1', descricao: 'Pai inexistente', pai: 999999 })).body.errors).toEqual({ pai: ['Item pai não encontrado.'] });

    const root3 = await byCode('103', 'AUTOMACAO', '3');
    const ied = await byCode('103', 'AUTOMACAO', '3.1');
    const self = await patch(root3.id, { pai: root3.id, codigo: '3.9' });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ pai: ['O item pai não pode ser o próprio item nem um item abaixo dele.'] });
    const below = await patch(root3.id, { pai: ied.id, codigo: '3.1.9' });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ pai: ['O item pai não pode ser o próprio item nem um item abaixo dele.'] });
    // Nothing changed.
    expect(await byCode('103', 'AUTOMACAO', '3')).toMatchObject({ pai: null, version: root3.version });
  });

  it('moving an item under another parent gives it a code there; the items below follow', async () => {
    const root3 = await byCode('103', 'AUTOMACAO', '3');
    const ied = await byCode('103', 'AUTOMACAO', '3.1');
    const item = await byCode('103', 'AUTOMACAO', '3.3');
    const sub = await create({ codigo: '3.3.1', descricao: 'Testes ponto a ponto', pai: item.id });
    expect(sub.status).toBe(201);
    const subsub = await create({ codigo: '3.3.1.1', descricao: 'Sinais digitais', pai: sub.body.id });
    expect(subsub.status).toBe(201);

    // Moving without a code under the new parent is refused.
    expect((await patch(item.id, { pai: ied.id })).body.errors.codigo).toHaveLength(1);
    const moved = await patch(item.id, { pai: ied.id, codigo: '3.1.1' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ pai: ied.id, codigo: '3.1.1' });
    const codes = (await tree('103', 'AUTOMACAO')).map((i) => i.codigo);
    expect(codes).toEqual(expect.arrayContaining(['3.1.1', '3.1.1.1', '3.1.1.1.1']));
    expect(codes).not.toContain('3.3.1');
    const h = await c.get(`/api/v1/eap-os/${subsub.body.id}/historico`, ADMIN);
    expect(h.body[0]).toMatchObject({ action: 'update', user: AUTOMACAO, changes: { codigo: { de: '3.3.1.1', para: '3.1.1.1.1' } } });
    expect((await c.get(`/api/v1/eap-os/${subsub.body.id}`, ADMIN)).body.version).toBe(2);

    // Back to the root's level, as 3.4.
    expect((await patch(item.id, { pai: root3.id, codigo: '3.4' })).status).toBe(200);
    expect((await tree('103', 'AUTOMACAO')).map((i) => i.codigo)).toEqual(expect.arrayContaining(['3.4', '3.4.1', '3.4.1.1']));
  });

  it('a new code that would make an item below repeat an existing code is refused', async () => {
    // A root item coded 7.1 exists; renaming 3.4 (with 3.4.1 below) to 7 would turn 3.4.1 into 7.1.
    expect((await create({ codigo: '7.1', descricao: 'Raiz com código composto' })).status).toBe(201);
    const item = await byCode('103', 'AUTOMACAO', '3.4');
    const r = await patch(item.id, { pai: null, codigo: '7' });
    expect(r.status).toBe(400);
    expect(r.body.errors.codigo).toEqual(['Com este código, um item abaixo deste passaria a 7.1, que já existe nesta EAP.']);
    expect((await byCode('103', 'AUTOMACAO', '3.4.1')).codigo).toBe('3.4.1');
  });

  it('an item with items below it keeps its site and area', async () => {
    const item = await byCode('103', 'AUTOMACAO', '3.4');
    const toSite = await patch(item.id, { obra: '101', pai: null });
    expect(toSite.status).toBe(400);
    expect(toSite.body.errors).toEqual({ obra: ['Este item tem itens abaixo dele: exclua-os ou mova-os antes de mudar a obra ou a área.'] });
    // Who may write both areas still cannot carry the item alone to the other tree.
    const toArea = await patch(item.id, { area: 'FIELD', pai: null }, ADMIN);
    expect(toArea.status).toBe(400);
    expect(toArea.body.errors).toEqual({ area: ['Este item tem itens abaixo dele: exclua-os ou mova-os antes de mudar a obra ou a área.'] });
  });

  it('an item with items below it is not deleted; a leaf is', async () => {
    const item = await byCode('103', 'AUTOMACAO', '3.4');
    const r = await c.del(`/api/v1/eap-os/${item.id}`, AUTOMACAO);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Exclua ou mova antes os itens abaixo deste.');
    const leaf = await byCode('103', 'AUTOMACAO', '3.4.1.1');
    expect((await c.del(`/api/v1/eap-os/${leaf.id}`, AUTOMACAO)).status).toBe(200);
    expect((await c.del(`/api/v1/eap-os/${(await byCode('103', 'AUTOMACAO', '3.4.1')).id}`, AUTOMACAO)).status).toBe(200);
    expect((await c.del(`/api/v1/eap-os/${item.id}`, AUTOMACAO)).status).toBe(200);
    expect((await tree('103', 'AUTOMACAO')).map((i) => i.codigo)).not.toContain('3.4');
  });

  it('the field team adds FIELD items under the same rules, never AUTOMACAO ones', async () => {
    const root2 = await byCode('101', 'FIELD', '2');
    const dup = await c.post('/api/v1/eap-os', { area: 'FIELD', obra: '101', codigo: '2.1', descricao: 'Repetido', pai: root2.id }, FIELD);
    expect(dup.status).toBe(400);
    expect(dup.body.errors.codigo).toEqual(['Já existe um item com este código nesta EAP.']);
    expect((await c.post('/api/v1/eap-os', { area: 'FIELD', obra: '101', codigo: '2.3', descricao: 'Aterramento', pai: root2.id }, FIELD)).status).toBe(201);
    expect((await c.post('/api/v1/eap-os', { area: 'AUTOMACAO', obra: '101', codigo: '8', descricao: 'Não é da área' }, FIELD)).status).toBe(403);
    // automacao_config does not touch the FIELD tree.
    expect((await patch(root2.id, { descricao: 'Alterado pela automação' })).status).toBe(403);
  });

  it('two concurrent items with the same code: one is created', async () => {
    const body = { codigo: '12', descricao: 'Concorrente' };
    const results = await Promise.all([create(body), create(body), create(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });
});
