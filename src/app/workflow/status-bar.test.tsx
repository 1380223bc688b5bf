import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { WorkflowStatusBar } from './status-bar';

const contrato = schemaByName('contrato') as EntitySchema;
const steps = () => screen.queryByRole('group', { name: 'Etapas do fluxo' });

describe('WorkflowStatusBar', () => {
  it('marks the current state on the main path', () => {
    render(<WorkflowStatusBar schema={contrato} value="Emitido para o verificador" />);
    expect(screen.getByText('Emitido para o verificador', { selector: '.ant-tag' }).className).toContain('ant-tag-purple');
    expect(steps()!.querySelectorAll('.ant-steps-item-finish')).toHaveLength(2);
    expect(steps()!.querySelector('.ant-steps-item-process')?.textContent).toContain('Emitido para o verificador');
  });

  it('the last state of the path is shown as done', () => {
    render(<WorkflowStatusBar schema={contrato} value="Aprovado" />);
    expect(steps()!.querySelectorAll('.ant-steps-item-finish')).toHaveLength(5);
    expect(steps()!.querySelector('.ant-steps-item-process')).toBeNull();
  });

  it('a side state (cancelled, under cancellation review) is its tag alone', () => {
    render(<WorkflowStatusBar schema={contrato} value="Cancelado" />);
    expect(screen.getByText('Cancelado', { selector: '.ant-tag' }).className).toContain('ant-tag-red');
    expect(steps()).toBeNull();
    render(<WorkflowStatusBar schema={contrato} value="Revisão para cancelamento" />);
    expect(screen.getByText('Revisão para cancelamento', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(steps()).toBeNull();
  });

  it('shows the label of a state whose stored value differs', () => {
    render(<WorkflowStatusBar schema={schemaByName('projeto') as EntitySchema} value="VI" />);
    expect(screen.getByText('Em verificação interna', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Situação:')).toBeInTheDocument();
  });
});
