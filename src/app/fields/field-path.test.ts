import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../../schemas';
import { fieldPathLabel, keyToPath } from './field-path';

describe('field paths as a person reads them', () => {
  const diario = schemaByName('diario')!;
  it('names each field on the way by its label and numbers rows from 1', () => {
    expect(keyToPath('atividades.0.eapItem')).toEqual(['atividades', 0, 'eapItem']);
    expect(fieldPathLabel(diario, 'atividades.0.eapItem')).toBe('Atividades executadas, linha 1: Item da EAP');
    expect(fieldPathLabel(diario, 'maoDeObra.2.funcao')).toBe('Mão de obra, linha 3: Função');
    expect(fieldPathLabel(diario, 'data')).toBe('Data');
    expect(fieldPathLabel(diario, 'siteManager.mail')).toBe('Site manager: mail');
    expect(fieldPathLabel(diario, 'naoExiste')).toBe('naoExiste');
  });
});
