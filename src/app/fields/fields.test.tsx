import { describe, expect, it } from 'vitest';
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { FieldDisplay } from './display';
import { FieldFormItem, valueAdapters } from './form-items';
import { columnFilterProps, filterFamily, filterKey } from './filters';
import { placeServerErrors } from '../views/generic-form';
import { slaFields } from '../../../schemas/shared/sla';

describe('value adapters', () => {
  it('dates are stored as yyyy-mm-dd and shown as Dayjs', () => {
    const a = valueAdapters({ name: 'd', kind: 'date', label: 'D' });
    const props = a.getValueProps!('2024-03-05') as { value: dayjs.Dayjs };
    expect(props.value.format('DD/MM/YYYY')).toBe('05/03/2024');
    expect(a.normalize!(dayjs('2024-03-05'), undefined, {})).toBe('2024-03-05');
    expect(a.normalize!(null, undefined, {})).toBeNull();
  });
});

describe('filters', () => {
  it('maps kinds to filter families and keys', () => {
    expect(filterFamily({ name: 'a', kind: 'money', label: 'A' })).toBe('range');
    expect(filterFamily({ name: 'a', kind: 'enum', label: 'A' })).toBe('in');
    expect(filterFamily({ name: 'a', kind: 'reference', label: 'A' })).toBe('reference');
    expect(filterKey({ name: 'siteManager', kind: 'person', label: 'S' })).toBe('siteManager.mail');
    const props = columnFilterProps(
      { name: 'siteManager', kind: 'person', label: 'S' },
      {
        filters: [{ field: 'siteManager.mail', operator: 'contains', value: 'ana' }],
        setFilters: () => {},
      },
    );
    expect(props.filteredValue).toEqual([true]);
  });
});

describe('FieldDisplay', () => {
  it('formats money, dates, booleans, persons and rows', () => {
    const rows: FieldDef = {
      name: 'r',
      kind: 'rows',
      label: 'R',
      fields: [
        { name: 'x', kind: 'text', label: 'Coluna X' },
        { name: 'v', kind: 'decimal', label: 'Valor', scale: 1 },
      ],
    };
    render(
      <div>
        <FieldDisplay field={{ name: 'm', kind: 'money', label: 'M' }} value="10.5" />
        <FieldDisplay field={{ name: 'd', kind: 'date', label: 'D' }} value="2024-12-31" />
        <FieldDisplay field={{ name: 'b', kind: 'boolean', label: 'B' }} value={false} />
        <FieldDisplay field={{ name: 'p', kind: 'person', label: 'P' }} value={{ mail: 'ana@x.com', nome: 'Ana' }} />
        <FieldDisplay field={rows} value={[{ x: 'linha 1', v: 2 }]} />
        <FieldDisplay field={rows} value={[{}, {}]} mode="cell" />
        <FieldDisplay field={{ name: 'e', kind: 'text', label: 'E' }} value={null} />
      </div>,
    );
    expect(screen.getByText(/R\$\s10,50/)).toBeInTheDocument();
    expect(screen.getByText('31/12/2024')).toBeInTheDocument();
    expect(screen.getByText('Não')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '<ana@x.com>' })).toHaveAttribute('href', 'mailto:ana@x.com');
    expect(screen.getByRole('columnheader', { name: 'Coluna X' })).toBeInTheDocument();
    expect(screen.getByText('2,0')).toBeInTheDocument();
    expect(screen.getByText('2 itens')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('shows an SLA target by its label, never by its internal key (issue 36)', () => {
    const metas = slaFields().find((f) => f.name === 'slaMetas')!;
    render(<FieldDisplay field={metas} value={[{ meta: 'juridico', label: 'Análise do Jurídico', prazo: '2026-11-27T12:00:00Z', violado: false }]} />);
    expect(screen.getByText('Análise do Jurídico')).toBeInTheDocument();
    expect(screen.queryByText('juridico')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Código' })).toBeNull();
  });
});

describe('server errors placement', () => {
  it('moves a sub-key error (siteManager.mail) to the person item and reports unknown keys', async () => {
    const schema: EntitySchema = {
      name: 't',
      resource: 'ts',
      label: 'T',
      labelPlural: 'Ts',
      gender: 'm',
      subject: 'Obra',
      titleField: 'nome',
      fields: [
        { name: 'nome', kind: 'text', label: 'Nome' },
        { name: 'siteManager', kind: 'person', label: 'Site manager' },
      ],
    };
    let formRef: FormInstance | undefined;
    function Harness() {
      const [form] = Form.useForm();
      formRef = form;
      return (
        <Form form={form}>
          {schema.fields.map((f) => (
            <FieldFormItem key={f.name} field={f} />
          ))}
        </Form>
      );
    }
    render(<Harness />);
    let orphans: string[] = [];
    act(() => {
      formRef!.setFields([{ name: 'nome', errors: ['Máximo de 3 caracteres.'] }]);
      orphans = placeServerErrors(formRef!, schema, {
        nome: ['Máximo de 3 caracteres.'],
        'siteManager.mail': ['E-mail inválido.'],
        outro: ['Campo desconhecido.'],
      });
    });
    expect(orphans).toEqual(['outro: Campo desconhecido.']);
    await screen.findByText('E-mail inválido.');
    expect(formRef!.getFieldError('siteManager')).toEqual(['E-mail inválido.']);
  });
});
