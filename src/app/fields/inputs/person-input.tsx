/** The form widget of a `person`: e-mail (searching the portal's users) and name. */
import React, { useContext, useEffect, useState } from 'react';
import { AutoComplete, Input, Space } from 'antd';
import type { FieldDef, Person } from '../../../../schemas/kinds';
import { fetchPeople, type PersonOption } from './people-query';
import { PeopleSiteContext } from './people-site';
import { fieldAria, type FieldInputProps } from '../kinds/types';

/** Portal users matching the typed text (name or e-mail), for the e-mail box of a person field. */
function usePeopleOptions(field: FieldDef, text: string): PersonOption[] {
  const [query, setQuery] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(t);
  }, [text]);
  const [options, setOptions] = useState<PersonOption[]>([]);
  const obra = useContext(PeopleSiteContext);
  useEffect(() => {
    let live = true;
    void fetchPeople(field, query, obra)
      .then((rows) => live && setOptions(rows))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, field.personRoles, obra]);
  return options;
}

/**
 * A person: the e-mail box searches the portal's users by name or e-mail (limited to the roles that
 * can hold the field, when the schema says) and choosing one fills both e-mail and name; anyone
 * else can still be typed in (an outside contact).
 */
export function PersonInput(props: FieldInputProps): React.ReactElement {
  const { field, value, onChange, id, disabled } = props;
  const v: Partial<Person> = value && typeof value === 'object' ? value : typeof value === 'string' ? { mail: value } : {};
  const [typing, setTyping] = useState(false);
  const options = usePeopleOptions(field, typing ? (v.mail ?? '') : '');
  const emit = (patch: Partial<Person>) => {
    const next: Partial<Person> = { ...v, ...patch };
    const mail = next.mail ?? '';
    const nome = next.nome ?? '';
    if (!mail && !nome) return onChange?.(null);
    const out: Partial<Person> = { mail };
    if (nome) out.nome = nome;
    onChange?.(out);
  };
  return (
    <Space.Compact block>
      {/* The id goes to the AutoComplete: it gives its own to the input it wraps, and the field's label points to it. */}
      <AutoComplete
        id={id}
        disabled={disabled}
        value={v.mail ?? ''}
        onFocus={() => setTyping(true)}
        onSearch={() => setTyping(true)}
        onChange={(text: string) => emit({ mail: text })}
        onSelect={(mail: string) => {
          const p = options.find((o) => o.mail === mail);
          emit(p ? { mail: p.mail, nome: p.nome } : { mail });
        }}
        options={options.map((o) => ({ value: o.mail, label: `${o.nome} — ${o.mail}` }))}
        notFoundContent={null}
        style={{ width: '55%' }}
      >
        <Input id={id} type="email" inputMode="email" {...fieldAria(props)} aria-label={`${field.label}: e-mail`} placeholder="e-mail ou nome" />
      </AutoComplete>
      <Input
        disabled={disabled}
        aria-label={`${field.label}: nome`}
        placeholder="nome"
        value={v.nome ?? ''}
        onChange={(e) => emit({ nome: e.target.value })}
        style={{ width: '45%' }}
      />
    </Space.Compact>
  );
}
