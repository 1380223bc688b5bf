import { describe, expect, it } from 'vitest';
import { obra } from './obra';
import { contrato } from './contrato';
import { checklistTemplateField } from './checklist-template-field';
import { applyOverlayChange, effectiveSchema, fieldTitle, findField, validateOverlayChange, type OverlayChange, type SchemaOverlay } from './overlay';

const field = (s: { fields: { name: string }[] }, name: string) => s.fields.find((f) => f.name === name) as Record<string, unknown> | undefined;
const apply = (base = obra, ...changes: OverlayChange[]) =>
  changes.reduce<SchemaOverlay>((o, c) => {
    expect(validateOverlayChange(base, o, c)).toEqual({});
    return applyOverlayChange(o, c);
  }, {});

describe('effectiveSchema', () => {
  it('returns the code schema itself for an empty overlay', () => {
    expect(effectiveSchema(obra, {})).toBe(obra);
    expect(effectiveSchema(obra, undefined)).toBe(obra);
  });

  it('changes presentation, appends enum options and makes a field required, without touching the base', () => {
    const o = apply(
      obra,
      { op: 'patchField', name: 'cep', patch: { label: 'CEP da obra', help: 'Só números', list: true, required: true } },
      { op: 'patchField', name: 'tipoObra', patch: { addOptions: ['Naval'] } },
    );
    const e = effectiveSchema(obra, o);
    expect(field(e, 'cep')).toMatchObject({ label: 'CEP da obra', help: 'Só números', list: true, required: true, kind: 'text' });
    expect(field(e, 'tipoObra')!.options).toEqual([...(field(obra, 'tipoObra')!.options as string[]), 'Naval']);
    expect(field(obra, 'cep')!.label).toBe('CEP');
    expect(field(obra, 'cep')!.required).toBeUndefined();
  });

  it('appends custom fields as ordinary fields and orders fields by `order`', () => {
    const o = apply(obra, {
      op: 'addField',
      field: { name: 'cxContrato', kind: 'text', label: 'Contrato de manutenção', required: true, list: true, filter: true, sort: true, order: -1 },
    });
    const e = effectiveSchema(obra, o);
    expect(e.fields[0]).toEqual({ name: 'cxContrato', kind: 'text', label: 'Contrato de manutenção', required: true, list: true, filter: true, sort: true });
    expect(e.fields.slice(1).map((f) => f.name)).toEqual(obra.fields.map((f) => f.name));
  });

  it('keeps a removed custom field as hidden and read-only, never required', () => {
    const o = apply(
      obra,
      { op: 'addField', field: { name: 'cxNota', kind: 'integer', label: 'Nota', required: true, list: true } },
      { op: 'hideField', name: 'cxNota' },
    );
    expect(field(effectiveSchema(obra, o), 'cxNota')).toEqual({ name: 'cxNota', kind: 'integer', label: 'Nota', hidden: true, readOnly: true });
    const back = apply(
      obra,
      { op: 'addField', field: { name: 'cxNota', kind: 'integer', label: 'Nota' } },
      { op: 'hideField', name: 'cxNota' },
      { op: 'patchField', name: 'cxNota', patch: { hidden: false } },
    );
    expect(field(effectiveSchema(obra, back), 'cxNota')).toEqual({ name: 'cxNota', kind: 'integer', label: 'Nota' });
  });
});

describe('sub-fields of a table (checklist items and their answer types)', () => {
  const tpl = checklistTemplateField;
  const tipo = (s: typeof tpl) => s.fields.find((f) => f.name === 'itens')!.fields!.find((f) => f.name === 'tipoResposta')!;

  it('appends answer types and relabels a sub-field, without touching the base', () => {
    const o = apply(tpl, {
      op: 'patchField',
      name: 'itens.tipoResposta',
      patch: { addOptions: ['Medição (MΩ)'], label: 'Tipo da resposta', help: 'O que o técnico informa' },
    });
    const e = effectiveSchema(tpl, o);
    expect(tipo(e).options).toEqual([...tipo(tpl).options!, 'Medição (MΩ)']);
    expect(tipo(e)).toMatchObject({ label: 'Tipo da resposta', help: 'O que o técnico informa', kind: 'enum' });
    expect(tipo(tpl).options).not.toContain('Medição (MΩ)');
    expect(findField(e, 'itens.tipoResposta')).toMatchObject({ name: 'itens.tipoResposta', label: 'Tipo da resposta', options: tipo(e).options });
    expect(fieldTitle(e, 'itens.tipoResposta')).toBe('Itens do checklist › Tipo da resposta');
    // Removing the added type is allowed; a code type is not.
    expect(validateOverlayChange(tpl, o, { op: 'patchField', name: 'itens.tipoResposta', patch: { removeOptions: ['Medição (MΩ)'] } })).toEqual({});
    expect(validateOverlayChange(tpl, o, { op: 'patchField', name: 'itens.tipoResposta', patch: { removeOptions: ['Foto'] } }).removeOptions).toEqual([
      'A opção "Foto" é do código do portal e não pode ser removida.',
    ]);
  });

  it('changes nothing else of a sub-field, never removes one, and refuses unknown ones', () => {
    expect(Object.keys(validateOverlayChange(tpl, {}, { op: 'patchField', name: 'itens.tipoResposta', patch: { required: true, list: true } }))).toEqual([
      'required',
      'list',
    ]);
    expect(validateOverlayChange(tpl, {}, { op: 'patchField', name: 'itens.pergunta', patch: { addOptions: ['x'] } }).addOptions).toEqual([
      'O campo "Itens do checklist › Pergunta / verificação" não é uma lista de opções.',
    ]);
    expect(validateOverlayChange(tpl, {}, { op: 'hideField', name: 'itens.tipoResposta' })._).toEqual([
      'O subcampo "Itens do checklist › Tipo de resposta" é do código do portal e não pode ser removido.',
    ]);
    for (const name of ['itens.naoExiste', 'nome.x', 'itens.tipoResposta.x', 'constructor.x']) {
      expect(validateOverlayChange(tpl, {}, { op: 'patchField', name, patch: { label: 'X' } })._).toEqual([
        `Campo "${name}" não encontrado em ${tpl.labelPlural}.`,
      ]);
    }
  });
});

describe('validateOverlayChange', () => {
  const check = (change: OverlayChange, current: SchemaOverlay = {}, base = obra) => validateOverlayChange(base, current, change);

  it('refuses making a required code field optional, with the label', () => {
    expect(check({ op: 'patchField', name: 'nome', patch: { required: false } }).required[0]).toMatch(/"Nome" é obrigatório no código/);
  });

  it('refuses renaming or changing the kind of a field', () => {
    const e = check({ op: 'patchField', name: 'Id_Lista', patch: { name: 'x', kind: 'integer' } as never });
    expect(e.name[0]).toMatch(/não podem ser alterados/);
    expect(e.kind[0]).toMatch(/não podem ser alterados/);
  });

  it('refuses touching the options of the workflow state field and of access condition fields', () => {
    const state = contrato.workflow!.field;
    expect(check({ op: 'patchField', name: state, patch: { addOptions: ['Nova'] } }, {}, contrato).addOptions[0]).toMatch(/permissões ou pelo fluxo/);
    expect(
      validateOverlayChange(obra, {}, { op: 'patchField', name: 'tipoObra', patch: { addOptions: ['Naval'] } }, { conditionFields: ['tipoObra'] })
        .addOptions[0],
    ).toMatch(/permissões/);
  });

  it('refuses removing a code option, allows removing one added at run time', () => {
    expect(check({ op: 'patchField', name: 'tipoObra', patch: { removeOptions: ['Industrial'] } }).removeOptions[0]).toMatch(/"Industrial" é do código/);
    const o = apply(obra, { op: 'patchField', name: 'tipoObra', patch: { addOptions: ['Naval'] } });
    expect(check({ op: 'patchField', name: 'tipoObra', patch: { removeOptions: ['Naval'] } }, o)).toEqual({});
    expect(
      field(effectiveSchema(obra, applyOverlayChange(o, { op: 'patchField', name: 'tipoObra', patch: { removeOptions: ['Naval'] } })), 'tipoObra')!.options,
    ).toEqual(field(obra, 'tipoObra')!.options);
    expect(check({ op: 'patchField', name: 'tipoObra', patch: { addOptions: ['Industrial'] } }).addOptions[0]).toMatch(/já existentes/);
  });

  it('refuses custom field names that break the convention or clash', () => {
    for (const name of ['contrato', 'cx', 'cxminusculo', 'cx_Com_Sublinhado', 'cxÁcento', `cx${'A'.repeat(40)}`]) {
      expect(check({ op: 'addField', field: { name, kind: 'text', label: 'X' } }).name, name).toBeDefined();
    }
    const o = apply(obra, { op: 'addField', field: { name: 'cxA1', kind: 'text', label: 'A' } });
    expect(check({ op: 'addField', field: { name: 'cxA1', kind: 'text', label: 'A' } }, o).name[0]).toMatch(/Já existe/);
    expect(check({ op: 'addField', field: { name: 'cxA2', kind: 'text', label: 'A' } }, o)).toEqual({});
  });

  it('refuses bad kinds, missing options, unknown references, bad bounds and patterns', () => {
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'rows' as never, label: 'A' } }).kind).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'enum', label: 'A' } }).options).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'enum', label: 'A', options: ['x', 'x'] } }).options[0]).toMatch(/repetidas/);
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'reference', label: 'A', ref: 'naoExiste' } }).ref).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'reference', label: 'A', ref: 'contrato' } })).toEqual({});
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'integer', label: 'A', min: 5, max: 1 } }).max).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'date', label: 'A', maxLength: 3 } }).maxLength).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'text', label: 'A', pattern: '([a-z' } }).pattern[0]).toMatch(/inválida/);
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'text', label: '' } }).label).toBeDefined();
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'text', label: 'A', foo: 1 } as never }).foo).toBeDefined();
  });

  it('refuses hiding a code field, unknown fields, and bounds on code fields', () => {
    expect(check({ op: 'hideField', name: 'nome' })._[0]).toMatch(/código do portal/);
    expect(check({ op: 'hideField', name: 'cxNada' })._[0]).toMatch(/não encontrado/);
    expect(check({ op: 'patchField', name: 'nome', patch: { maxLength: 3 } }).maxLength).toBeDefined();
  });

  it('refuses making a field the server fills required', () => {
    const ro = contrato.fields.find((f) => f.readOnly && !f.required)!;
    expect(check({ op: 'patchField', name: ro.name, patch: { required: true } }, {}, contrato).required[0]).toMatch(/preenchido pelo portal/);
  });

  it('takes the storage of a custom field at creation only, and no JSON storage for a reference', () => {
    const o = apply(obra, { op: 'addField', field: { name: 'cxNota', kind: 'integer', label: 'Nota', storage: 'json', filter: true } });
    expect(field(effectiveSchema(obra, o), 'cxNota')).toMatchObject({ storage: 'json', filter: true });
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'text', label: 'A', storage: 'x' as never } }).storage[0]).toMatch(/Armazenamento inválido/);
    expect(check({ op: 'addField', field: { name: 'cxA', kind: 'reference', ref: 'obra', label: 'A', storage: 'json' } }).storage[0]).toMatch(/coluna própria/);
    expect(check({ op: 'patchField', name: 'cxNota', patch: { storage: 'column' } as never }, o).storage[0]).toMatch(/não pode ser alterado/);
  });

  it('marks a custom field internal (never required with it), and turns it back', () => {
    const o = apply(obra, { op: 'addField', field: { name: 'cxNota', kind: 'text', label: 'Nota', internal: true } });
    expect(field(effectiveSchema(obra, o), 'cxNota')).toMatchObject({ internal: true });
    expect(check({ op: 'addField', field: { name: 'cxB', kind: 'text', label: 'B', internal: true, required: true } }).internal[0]).toMatch(
      /não pode ser obrigatório/,
    );
    expect(check({ op: 'patchField', name: 'cxNota', patch: { required: true } }, o).internal[0]).toMatch(/não pode ser obrigatório/);
    expect(check({ op: 'patchField', name: 'nome', patch: { internal: true } }, o).internal[0]).toMatch(/só pode ser alterado em campos personalizados/);
    const open = applyOverlayChange(o, { op: 'patchField', name: 'cxNota', patch: { internal: false } });
    expect(field(effectiveSchema(obra, open), 'cxNota')?.internal).toBeUndefined();
  });

  it('purges only a hidden custom field, which frees its name', () => {
    const o = apply(obra, { op: 'addField', field: { name: 'cxNota', kind: 'text', label: 'Nota' } });
    expect(check({ op: 'purgeField', name: 'cxNota' }, o)._[0]).toMatch(/Remova o campo "Nota" antes/);
    expect(check({ op: 'purgeField', name: 'nome' }, o)._[0]).toMatch(/do código do portal/);
    const hidden = applyOverlayChange(o, { op: 'hideField', name: 'cxNota' });
    expect(check({ op: 'purgeField', name: 'cxNota' }, hidden)).toEqual({});
    const purged = applyOverlayChange(hidden, { op: 'purgeField', name: 'cxNota' });
    expect(purged.custom).toEqual([]);
    expect(check({ op: 'addField', field: { name: 'cxNota', kind: 'integer', label: 'Nota', storage: 'json' } }, purged)).toEqual({});
  });
});
