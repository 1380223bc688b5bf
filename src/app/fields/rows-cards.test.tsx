/**
 * Phone polish (issue 23): a `rows` field inside a form (the RDO's activities and labour) is a
 * table wider than a phone; below 768 px each row is a card with its sub-fields stacked and
 * labelled, and rows are still added and removed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import type { FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas/index';
import { FieldFormItem } from './form-items';
import { schemaWithRdoOptions } from '../modules/rdo/rdo-options';

const DESKTOP_WIDTH = window.innerWidth;
const setWidth = (w: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
afterEach(() => setWidth(DESKTOP_WIDTH));

const atividades = schemaByName('diario')!.fields.find((f) => f.kind === 'rows') as FieldDef;
const first = atividades.fields![0];

function renderRows() {
  return render(
    <Form initialValues={{ [atividades.name]: [{}, {}] }}>
      <FieldFormItem field={atividades} />
    </Form>,
  );
}

describe('rows in a form', () => {
  it('below 768 px: one card per row, sub-fields stacked with their labels', () => {
    setWidth(390);
    renderRows();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: atividades.label });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Linha 1')).toBeInTheDocument();
    expect(within(cards[1]).getAllByText(first.label).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /Adicionar linha/ }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remover linha 1' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('from 768 px: the editable table', () => {
    setWidth(1024);
    renderRows();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: atividades.label })).toBeNull();
  });
});

describe("a row's dependent options (optionsBy, issue 36)", () => {
  // The RDO's labour rows as a site's configuration makes them: the roles are those of the row's company.
  const maoDeObra = schemaWithRdoOptions(schemaByName('diario')!, {
    obra: '101',
    turnos: [],
    maoDeObra: [
      { empresa: 'Alfa S.A.', funcao: 'Armador' },
      { empresa: 'Alfa S.A.', funcao: 'Soldador' },
      { empresa: 'Zeta Ltda.', funcao: 'Soldador' },
    ],
    equipamentos: [],
    estacoes: [],
    obrigatorias: [],
  }).fields.find((f) => f.name === 'maoDeObra') as FieldDef;

  /** The option texts of the select labelled `label` in `scope`, opening it. */
  async function optionsOf(scope: HTMLElement, label: string): Promise<string[]> {
    const box = within(scope).getByRole('combobox', { name: label });
    fireEvent.mouseDown(box.closest('.ant-select-selector') as HTMLElement);
    const listbox = document.getElementById(`${box.id}_list`) ?? (await screen.findByRole('listbox'));
    const list = listbox.closest('.ant-select-dropdown') as HTMLElement;
    const texts = [...list.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
    fireEvent.keyDown(box, { key: 'Escape' });
    return texts;
  }

  it.each([
    ['a phone', 390],
    ['a desktop', 1024],
  ])('on %s, "Função" offers the roles of the chosen "Empresa" and drops one the new company lacks', async (_name, width) => {
    setWidth(width);
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Host() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f} initialValues={{ maoDeObra: [{ empresa: 'Alfa S.A.', funcao: 'Armador', quantidade: 2 }] }}>
          <FieldFormItem field={maoDeObra} />
        </Form>
      );
    }
    render(<Host />);
    const row = (width < 768 ? screen.getByRole('listitem') : screen.getAllByRole('row')[1]) as HTMLElement;
    expect(await optionsOf(row, 'Função')).toEqual(['Armador', 'Soldador']);
    act(() => form!.setFieldValue(['maoDeObra', 0, 'empresa'], 'Zeta Ltda.'));
    await waitFor(() => expect(form!.getFieldValue(['maoDeObra', 0, 'funcao'])).toBeNull());
    expect(await optionsOf(row, 'Função')).toEqual(['Soldador']);
  });
});
