/**
 * Every form label points to its input (WCAG 1.3.1, 4.1.2; issue 36: the work-order report's
 * "Responsável pelo diário" label pointed to no element): the label's `for` names the element that
 * takes the value, whatever the kind's widget.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Form } from 'antd';
import type { FieldDef } from '../../../schemas/kinds';
import { FieldFormItem } from './form-items';

const FIELDS: FieldDef[] = [
  { name: 'texto', kind: 'text', label: 'Texto' },
  { name: 'longo', kind: 'longtext', label: 'Texto longo' },
  { name: 'email', kind: 'email', label: 'E-mail' },
  { name: 'numero', kind: 'integer', label: 'Número' },
  { name: 'valor', kind: 'money', label: 'Valor' },
  { name: 'data', kind: 'date', label: 'Data' },
  { name: 'momento', kind: 'datetime', label: 'Momento' },
  { name: 'sim', kind: 'boolean', label: 'Sim ou não' },
  { name: 'opcao', kind: 'enum', label: 'Opção', options: ['A', 'B'] },
  { name: 'etiquetas', kind: 'tags', label: 'Etiquetas' },
  { name: 'executante', kind: 'person', label: 'Responsável pelo diário', required: true },
];

describe('form labels', () => {
  it.each(FIELDS.map((f) => [f.kind, f] as const))('%s: the label points to the input', (_kind, field) => {
    const { container } = render(
      <Form>
        <FieldFormItem field={field} />
      </Form>,
    );
    const label = container.querySelector(`label[for]`) as HTMLLabelElement;
    expect(label?.textContent).toContain(field.label);
    const target = document.getElementById(label.htmlFor);
    expect(target, `nenhum elemento com id "${label.htmlFor}"`).not.toBeNull();
    expect(['INPUT', 'TEXTAREA', 'BUTTON']).toContain(target!.tagName);
  });
});
