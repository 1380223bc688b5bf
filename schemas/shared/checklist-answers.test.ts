import { describe, expect, it } from 'vitest';
import { answerKind, checkChecklist, CHECKLIST_CONCLUIDO, CHECKLIST_MESSAGES, CONFORME, NAO_SE_APLICA, SO_CONFORMIDADE } from './checklist-answers';

describe('checklist answers', () => {
  it("each answer type asks for what it names; an administrator's new type asks for a written answer", () => {
    expect(answerKind(SO_CONFORMIDADE)).toBeNull();
    expect(answerKind(null)).toBeNull();
    expect(answerKind('Foto')).toBe('foto');
    for (const t of ['Sim / Não', 'Texto', 'Número', 'Data da medição', 'Medição (mm)']) expect(answerKind(t)).toBe('resposta');
  });

  it('a concluded checklist needs the written answer of an item of a run-time answer type, unless it does not apply', () => {
    const itens = [
      { ordem: 1, pergunta: 'Resistência de isolamento', tipoResposta: 'Medição (MΩ)', obrigatorio: true },
      { ordem: 2, pergunta: 'Aterramento', tipoResposta: 'Medição (MΩ)', obrigatorio: true },
    ];
    const respostas = [
      { item: 1, conformidade: CONFORME, resposta: '' },
      { item: 2, conformidade: NAO_SE_APLICA },
    ];
    expect(checkChecklist({ itens, respostas, status: CHECKLIST_CONCLUIDO }).errors).toEqual({ 'respostas.0.resposta': [CHECKLIST_MESSAGES.resposta] });
    respostas[0].resposta = '520';
    expect(checkChecklist({ itens, respostas, status: CHECKLIST_CONCLUIDO }).errors).toEqual({});
  });
});
