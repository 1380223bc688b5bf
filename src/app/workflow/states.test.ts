import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { mainPath, stateColor, stateLabel } from './states';

const path = (name: string) => mainPath((schemaByName(name) as EntitySchema).workflow!).map((s) => s.value);

describe('workflow states', () => {
  it('labels and colours come from the schema', () => {
    const projeto = schemaByName('projeto');
    expect(stateLabel(projeto, 'PAP')).toBe('Para aprovação do cliente');
    expect(stateColor(projeto, 'PAP')).toBe('gold');
    expect(stateLabel(projeto, 'XYZ')).toBe('XYZ');
    expect(stateColor(projeto, 'XYZ')).toBe('default');
    expect(stateLabel(projeto, null)).toBe('');
  });

  it('the main path leaves out returns, waits and cancellations', () => {
    expect(path('contrato')).toEqual(['Revisão', 'Emitido para o Jurídico', 'Emitido para o verificador', 'Em finalização', 'Aprovado']);
    expect(path('diario')).toEqual(['Rascunho', 'Em revisão', 'Aprovado']);
    expect(path('material')).toEqual([
      'EM ELABORAÇÃO',
      'LIBERADO PARA VERIFICAÇÃO',
      'LIBERADO PARA SITE MANAGER',
      'LIBERADO PARA COORDENADOR',
      'LIBERADO PARA PLANEJAMENTO',
    ]);
    expect(path('posvenda')).toEqual(['Aberto', 'Em análise', 'Em atendimento', 'Concluído']);
    expect(path('projeto')).toEqual(['EL', 'VI', 'PAP', 'AP', 'LC']);
    expect(path('planoAcao')).toEqual(['Aberto', 'Em execução', 'Concluído']);
  });

  it('a step the portal takes itself is on the path: the RIT ends signed, not issued', () => {
    expect(path('rit')).toEqual(['Rascunho', 'Emitido', 'Assinado']);
  });
});
