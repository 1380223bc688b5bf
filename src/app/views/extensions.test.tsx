/**
 * The registry through which feature modules add to the generic views: registrations keep their
 * order, a second registration of the same component is ignored, and a field gets the input of the
 * first registration that claims it (else none, so the form uses its kind's own).
 */
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../schemas/kinds';
import { listActions, registerFieldInput, registerListAction, registerRelatedListAction, registeredFieldInput, relatedListActions } from './extensions';

const First = () => null;
const Second = () => null;
const code: FieldDef = { name: 'codigo', label: 'Código', kind: 'text', eapCodeOf: { obra: 'obra' } };
const plain: FieldDef = { name: 'nome', label: 'Nome', kind: 'text' };

describe('generic view extensions', () => {
  it('keeps list and related-list actions in registration order, once each', () => {
    registerListAction(First);
    registerListAction(Second);
    registerListAction(First);
    expect(listActions()).toEqual([First, Second]);
    registerRelatedListAction(Second);
    registerRelatedListAction(Second);
    expect(relatedListActions()).toEqual([Second]);
  });

  it('gives a field the first registered input that claims it, and none to the others', () => {
    const EapInput = () => null;
    const AnyText = () => null;
    registerFieldInput((f) => !!f.eapCodeOf, EapInput);
    registerFieldInput((f) => f.kind === 'text', AnyText);
    expect(registeredFieldInput(code)).toBe(EapInput);
    expect(registeredFieldInput(plain)).toBe(AnyText);
    expect(registeredFieldInput({ name: 'n', label: 'N', kind: 'integer' })).toBeUndefined();
  });
});
