import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { accessIndexes, PROBE_ROLES, ruleConditions } from './access-indexes';
import { desiredState } from './ddl';
import { SCHEMAS } from '../../../schemas';

describe('indexes of the access rules', () => {
  it('probes every role the rule files test, so no rule field is missed', () => {
    const dir = new URL('../../access/rules/', import.meta.url);
    const source = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    const tested = [...source.matchAll(/has\('([^']+)'\)/g)].map((m) => m[1]);
    expect(tested.length).toBeGreaterThan(40);
    expect(tested.filter((r) => !PROBE_ROLES.includes(r))).toEqual([]);
  });

  it('finds the condition paths of docs/access.md per subject', () => {
    const paths = (s: string) =>
      ruleConditions()
        .get(s)
        ?.map((c) => c.path) ?? [];
    expect(paths('RDO')).toEqual(expect.arrayContaining(['obra', 'siteManager.mail']));
    expect(paths('PROJETO_FABRICA')).toEqual(expect.arrayContaining(['obra', 'clientes']));
    expect(paths('Diretorio')).toEqual(expect.arrayContaining(['acesso.full', 'acesso.rOnly']));
    expect(
      ruleConditions()
        .get('Diretorio')!
        .find((c) => c.path === 'acesso.full')!.absent,
    ).toBe(true);
  });

  it('declares btree on obra and on the person mail expression, GIN on matched lists, in the migration state', () => {
    const state = desiredState(SCHEMAS);
    const rdo = accessIndexes(schemaByName('diario')!);
    expect(rdo.diario_obra_idx).toMatch(/USING btree \("obra"\)$/);
    expect(rdo.diario_siteManager_idx).toBe(`CREATE INDEX IF NOT EXISTS "diario_siteManager_idx" ON "diario" USING btree (("siteManager"->>'mail'))`);
    expect(state.diario.indexes.diario_siteManager_idx).toBe(rdo.diario_siteManager_idx);
    expect(accessIndexes(schemaByName('projetoFabrica')!).projetoFabrica_clientes_idx).toMatch(/USING gin \("clientes"\)$/);
    const dir = accessIndexes(schemaByName('diretorio')!);
    expect(dir.diretorio_acesso_rW_idx).toMatch(/USING gin \(\("acesso"->'rW'\)\)$/);
    expect(dir.diretorio_acesso_full_absent_idx).toMatch(/WHERE \(\("acesso"->'full'\) IS NULL\)$/);
    expect(Object.keys(state.material.indexes)).toEqual(
      expect.arrayContaining(['material_Quantificou_idx', 'material_Site_manager_idx', 'material_Status_idx']),
    );
  });
});
