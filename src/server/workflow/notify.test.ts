import { describe, expect, it } from 'vitest';
import { transitionSentence } from './notify';

describe('transitionSentence (issue 36)', () => {
  it('names who, the step, and the states the record went between', () => {
    expect(transitionSentence({ label: 'Ticket', gender: 'm' }, '12', 'Pós-Vendas', 'Aguardar o cliente', 'Em atendimento', 'Aguardando cliente')).toBe(
      'Pós-Vendas: "Aguardar o cliente" — o ticket "12" passou de "Em atendimento" para "Aguardando cliente".',
    );
    expect(transitionSentence({ label: 'Obra', gender: 'f' }, 'Ponte', 'Ana', 'Iniciar', 'Planejamento', 'Em andamento')).toBe(
      'Ana: "Iniciar" — a obra "Ponte" passou de "Planejamento" para "Em andamento".',
    );
  });

  it('a step that keeps the state is registered on the record', () => {
    expect(transitionSentence({ label: 'Lista de materiais', gender: 'f' }, 'LM-1', 'PCP', 'Concluir planejamento', 'Liberada', 'Liberada')).toBe(
      'PCP registrou "Concluir planejamento" na lista de materiais "LM-1".',
    );
    expect(transitionSentence({ label: 'RDO', gender: 'm' }, '3', 'Ana', 'Assinar', 'Em revisão', 'Em revisão')).toBe('Ana registrou "Assinar" no RDO "3".');
  });
});
