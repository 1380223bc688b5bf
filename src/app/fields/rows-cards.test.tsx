/**
 * Phone polish (issue 23): a `rows` field inside a form (the RDO's activities and labour) is a
 * table wider than a phone; below 768 px each row is a card with its sub-fields stacked and
 * labelled, and rows are still added and removed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import type { FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas/index';
import { FieldFormItem } from './form-items';

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
