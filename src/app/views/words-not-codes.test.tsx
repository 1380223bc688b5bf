/**
 * Words, not codes (issue 23): stored codes reach people as their labels: workflow situations
 * (PAP → "Para aprovação do cliente") and areas (FIELD → "Campo") in cells, tags, filters' options
 * and chart legends; roles by their pt-BR names; in a record's history, a referenced site by its
 * name and the author by their name. Against the real API in-process.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { labelledOptions, optionLabel } from '../../../schemas/option-labels';
import { ROLE_LABELS, roleName } from '../../access/roles';
import { formatValue } from '../fields/format-value';
import { FieldDisplay } from '../fields/display';
import { HistoryTimeline, type HistoryEntry } from './generic-show';
import { DashboardView } from '../modules/dashboard/dashboard-page';
import { CRE_DASHBOARD } from '../../../resources/dashboards/cre';
import { CNPJ } from '../../server/seed/demo-empresas';

// jsdom has no canvas: the figure around each chart states its data (aria-label).
vi.mock('../modules/dashboard/charts', () => ({ default: () => null }));

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);
const schema = (name: string) => schemaByName(name) as EntitySchema;
const field = (s: string, f: string) => schema(s).fields.find((x) => x.name === f) as FieldDef;

describe('words, not codes', { timeout: 120_000 }, () => {
  it('workflow situations, areas and roles have labels wherever a value is formatted', () => {
    const situacao = field('projeto', 'Situacao');
    expect(formatValue(situacao, 'PAP')).toBe('Para aprovação do cliente');
    expect(formatValue(situacao, 'LC')).toBe('Liberado para construção');
    expect(labelledOptions(situacao).find((o) => o.value === 'APC')).toEqual({ value: 'APC', label: 'Aprovado com comentários' });
    expect(formatValue(field('diarioOs', 'area'), 'FIELD')).toBe('Campo');
    expect(formatValue(field('eapOs', 'area'), 'AUTOMACAO')).toBe('Automação');
    expect(formatValue(field('usuario', 'roles'), ['automacao_config', 'cliente'])).toBe('Configuração de automação, Cliente');
    // A value without a label is shown as stored (an administrator's added option, an unknown role).
    expect(optionLabel(situacao, 'XYZ')).toBe('XYZ');
    expect(roleName('papel_novo')).toBe('papel_novo');
    // Every role the access rules test has a name.
    for (const r of ['automacao_config', 'field_config', 'rdo_by_obra', 'mkt_read', 'pos_vendas', 'planejamento', 'controladoria'])
      expect(ROLE_LABELS[r], r).toMatch(/^[A-ZÀ-Ú]/);
  });

  it('cells and tags show the label, not the code', () => {
    render(
      <div>
        <FieldDisplay field={field('projeto', 'Situacao')} value="PAP" mode="cell" />
        <FieldDisplay field={field('diarioOs', 'area')} value="FIELD" />
        <FieldDisplay field={field('usuario', 'roles')} value={['automacao_config']} />
      </div>,
    );
    expect(screen.getByText('Para aprovação do cliente')).toBeInTheDocument();
    expect(screen.getByText('Campo')).toBeInTheDocument();
    expect(screen.getByText('Configuração de automação')).toBeInTheDocument();
    for (const code of ['PAP', 'FIELD', 'automacao_config']) expect(screen.queryByText(code)).not.toBeInTheDocument();
  });

  it('the CRE dashboard names situations', async () => {
    renderViews({
      schemas: [],
      path: '/cre?de=2000-01-01&ate=2100-12-31',
      user: DEMO_USERS[ADMIN],
      routes: <Route path="/cre" element={<DashboardView spec={CRE_DASHBOARD} />} />,
    });
    const byState = await screen.findByRole('region', { name: 'Por situação' }, T);
    const chart = await within(byState).findByRole('figure', {}, T);
    const text = chart.getAttribute('aria-label')!;
    expect(text).toMatch(/Para aprovação do cliente|Em elaboração|Aprovado/);
    expect(text).not.toMatch(/(^|[:;] )(PAP|APC|AP|EL|LC|VI|PR) \d/);
  });

  it('the history names the referenced site and the author', async () => {
    const created = await t.mock.api.request('/api/v1/posvendas', {
      method: 'POST',
      as: ADMIN,
      json: {
        titulo: 'Porta da doca emperrada',
        cliente: CNPJ.clienteDemo,
        obra: '101',
        categoria: 'Garantia',
        abertura: '2026-11-20T10:00:00-03:00',
        descricao: 'Porta 3.',
        comentario: 'Ligação.',
      },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const hist = await t.mock.api.request(`/api/v1/posvendas/${id}/historico`, { as: ADMIN });
    const entries = (await hist.json()) as HistoryEntry[];
    expect(entries[0].user).toBe(ADMIN);
    const admin = (await (await t.mock.api.request(`/api/v1/pessoas?q=${ADMIN}`, { as: ADMIN })).json()) as { mail: string; nome: string }[];
    const adminName = admin.find((p) => p.mail === ADMIN)!.nome;
    expect(adminName).toBeTruthy();
    renderViews({
      schemas: [],
      path: '/h',
      user: DEMO_USERS[ADMIN],
      routes: <Route path="/h" element={<HistoryTimeline schema={schema('posvenda')} entries={entries} />} />,
    });
    await screen.findByText(new RegExp(`por ${adminName}`), {}, T);
    await screen.findByText('Ampliação da Planta Industrial Horizonte', {}, T);
    expect(screen.queryByText(new RegExp(`por ${ADMIN}`))).not.toBeInTheDocument();
    expect(screen.queryByText('101')).not.toBeInTheDocument();
  });
});
