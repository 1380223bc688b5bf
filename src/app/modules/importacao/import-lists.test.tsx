/**
 * The import wizard and report with lists from sheets of their own (issue 38), against the real API
 * in-process: the file step says which lists come from which sheets (and that a .csv has none); the
 * dry run's report shows a list's before and after, saying that the file's list replaces the record's.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByResource } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { dryRun, type Json } from '../../../../tests/api/import-helpers';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { ImportReport } from './import-report';
import { ImportWizard } from './import-wizard';

const T = { timeout: 30_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);
const processos = schemaByResource('processos-juridicos')!;

function show(element: React.ReactElement) {
  return renderViews({ schemas: [processos], path: '/', routes: <Route path="/" element={element} />, user: DEMO_USERS[ADMIN] });
}

describe('lists in the import wizard', { timeout: 120_000 }, () => {
  it('the file step names the lists’ sheets and the key that links them, and says a .csv has none', async () => {
    show(<ImportWizard resource="processos-juridicos" label={processos.labelPlural} onClose={() => undefined} />);
    const text = await screen.findByText(/As listas \(Partes\) vêm de abas próprias do \.xlsx/, {}, T);
    expect(text.textContent).toContain('as colunas Nº do processo (CNJ) ligam cada linha ao seu registro, e a lista da aba substitui a do registro');
    expect(text.textContent).toContain('Um .csv não tem abas: com ele, as listas ficam como estão.');
  });

  it('the report shows a list’s before and after, replaced by the sheet’s', async () => {
    const [p] = (await (await t.mock.api.request('/api/v1/processos-juridicos?_start=0&_end=50&_sort=id&_order=asc', { as: ADMIN })).json()) as Json[];
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Processos jurídicos').addRows([['Nº do processo (CNJ)'], [p.numero]]);
    wb.addWorksheet('Partes').addRows([
      ['Nº do processo (CNJ)', 'Nome', 'Papel'],
      [p.numero, 'Construtora Exemplo Ltda', 'Reclamada'],
      [p.numero, 'Perito Assistente', 'Terceiro interessado'],
      [p.numero, 'Seguradora Garantia S.A.', 'Terceiro interessado'],
    ]);
    const d = await dryRun(t.mock.api, 'processos-juridicos', Buffer.from(await wb.xlsx.writeBuffer()), 'partes.xlsx');
    expect(d).toMatchObject({ atualizadas: 1, erros: 0 });
    show(<ImportReport detail={d as never} />);
    const row = (await screen.findByText('Linha 2', {}, T)).closest('li')!;
    expect(within(row).getByText('Será atualizado')).toBeInTheDocument();
    expect(row.textContent).toContain(
      `Partes: ${p.partes.length} ${p.partes.length === 1 ? 'item' : 'itens'} → 3 itens (a lista da aba "Partes" substitui a do registro)`,
    );
  });
});
