import { afterEach, describe, expect, it } from 'vitest';
import React from 'react';
import type { EntitySchema } from '../../../schemas/kinds';
import { clearViewOverrides, registerViewOverride, viewsFor } from './index';

const schema: EntitySchema = {
  name: 'coisa',
  resource: 'coisas',
  label: 'Coisa',
  labelPlural: 'Coisas',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  fields: [{ name: 'nome', kind: 'text', label: 'Nome' }],
};

afterEach(() => clearViewOverrides());

describe('viewsFor', () => {
  it('binds generic views and keeps their identity', () => {
    const a = viewsFor(schema);
    expect(viewsFor(schema)).toBe(a);
    expect(a.list.displayName).toBe('List(coisa)');
    const el = (a.show as () => React.ReactElement<{ schema: EntitySchema }>)();
    expect(el.props.schema).toBe(schema);
  });

  it('uses a registered override for that view only', () => {
    const MyShow = () => null;
    registerViewOverride('coisa', { show: MyShow });
    const v = viewsFor(schema);
    expect((v.show as () => React.ReactElement).call(null).type).toBe(MyShow);
    expect((v.list as () => React.ReactElement).call(null).type).not.toBe(MyShow);
  });
});
