/**
 * The pin filters of the viewer: state, company, discipline, kind and "Só atrasados", kept in the URL
 * (`?status=&empresa=&disciplina=&tipo=&atrasados=true`) and sent as they are to the pins route.
 * States and companies are offered from the pins the sheet has shown.
 */
import React from 'react';
import { Checkbox, Select, Space } from 'antd';
import { PIN_KINDS, type FiltroPinos } from '../../../../resources/plantas';
import { PLANTA_DISCIPLINAS } from '../../../../schemas/folha-planta';
import { ITEM_VERIFICACAO_STATUS } from '../../../../schemas/item-verificacao';
import { formatCnpj } from '../../../../schemas/shared/cnpj';

export interface PinFiltersProps {
  value: FiltroPinos;
  onChange: (f: FiltroPinos) => void;
  /** States seen on the sheet (value → label), beyond the punch list's own. */
  states: Map<string, string>;
  /** Companies (CNPJ) seen on the sheet. */
  companies: string[];
}

const opts = (values: Iterable<[string, string]>) => [...values].map(([value, label]) => ({ value, label }));

export function PinFilters({ value, onChange, states, companies }: PinFiltersProps): React.ReactElement {
  const set = (k: keyof FiltroPinos, v: string | boolean | undefined) => onChange({ ...value, [k]: v || undefined });
  const allStates = new Map<string, string>(ITEM_VERIFICACAO_STATUS.map((s) => [s, s]));
  for (const [k, l] of states) allStates.set(k, l);
  const common = { allowClear: true, size: 'middle' as const, style: { minWidth: 150 } };
  return (
    <Space wrap size={8} role="group" aria-label="Filtros dos pinos">
      <Select {...common} aria-label="Situação" placeholder="Situação" value={value.status} onChange={(v) => set('status', v)} options={opts(allStates)} />
      <Select
        {...common}
        aria-label="Empresa"
        placeholder="Empresa"
        value={value.empresa}
        onChange={(v) => set('empresa', v)}
        options={companies.map((c) => ({ value: c, label: formatCnpj(c) }))}
        notFoundContent="Nenhuma empresa nos pinos desta folha"
      />
      <Select
        {...common}
        aria-label="Disciplina"
        placeholder="Disciplina"
        value={value.disciplina}
        onChange={(v) => set('disciplina', v)}
        options={PLANTA_DISCIPLINAS.map((d) => ({ value: d, label: d }))}
      />
      <Select {...common} aria-label="Tipo" placeholder="Tipo" value={value.tipo} onChange={(v) => set('tipo', v)} options={[...PIN_KINDS]} />
      <Checkbox checked={!!value.atrasados} onChange={(e) => set('atrasados', e.target.checked)}>
        Só atrasados
      </Checkbox>
    </Space>
  );
}

/** The filters as the URL holds them. */
export function filtersFromSearch(search: URLSearchParams): FiltroPinos {
  const f: FiltroPinos = {};
  for (const k of ['status', 'empresa', 'disciplina', 'tipo'] as const) {
    const v = search.get(k);
    if (v) f[k] = v;
  }
  if (search.get('atrasados') === 'true') f.atrasados = true;
  return f;
}
