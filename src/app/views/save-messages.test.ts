import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { translate } from '../i18n';
import { createdMessage, relatedCreatedMessage, savedMessage } from './save-messages';

const schema = (name: string) => schemaByName(name) as EntitySchema;

describe('success toasts of the generic forms (issue 36)', () => {
  it('agree with the label and end like a sentence', () => {
    expect(createdMessage(schema('obra'))).toBe('Obra criada.');
    expect(createdMessage(schema('contrato'))).toBe('Contrato criado.');
    expect(savedMessage(schema('contrato'))).toBe('Alterações salvas.');
  });

  it('take the schema’s own sentence when it declares one', () => {
    expect(createdMessage(schema('ticketInteracao'))).toBe('Interação registrada.');
    expect(createdMessage({ label: 'X', gender: 'm', messages: { saved: 'Y' } })).toBe('X criado.');
    expect(savedMessage({ messages: { saved: 'Resposta atualizada.' } })).toBe('Resposta atualizada.');
  });

  it('inside a parent: an answer is a reply, anything else is created', () => {
    const interacao = schema('ticketInteracao');
    expect(relatedCreatedMessage(interacao, { ticket: 1 })).toBe('Interação registrada.');
    expect(relatedCreatedMessage(interacao, { ticket: 1, respostaA: 7 })).toBe('Resposta registrada.');
    expect(relatedCreatedMessage(interacao, { ticket: 1 }, true)).toBe('Resposta registrada.');
    expect(relatedCreatedMessage(schema('custoPosvenda'), { ticket: 1 })).toBe('Custo de pós-venda criado.');
  });

  it('never say "com sucesso" nor "(a)"', () => {
    for (const s of SCHEMAS) {
      for (const m of [createdMessage(s), savedMessage(s)]) {
        expect(m).not.toMatch(/com sucesso|\(a\)/);
        expect(m).toMatch(/\.$/);
      }
    }
  });

  it('Refine’s own notifications agree too', () => {
    expect(translate('notifications.createSuccess', { resource: 'Obra' })).toBe('Obra criada.');
    expect(translate('notifications.editSuccess', { resource: 'Contrato' })).toBe('Alterações salvas.');
    expect(translate('notifications.deleteSuccess', { resource: 'Contrato' })).toBe('Contrato excluído.');
  });
});
