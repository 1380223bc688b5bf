/**
 * A text field declared with `eapCodeOf` (a daily report's activity, `atividades.eapCodigo`): the
 * code is picked from the tree of the site's EAP of the area that the form holds in the named
 * fields, read from `/obras/{obra}/eap-codigos?area=` (code, description, parent), open to whoever
 * reads that EAP and to the technicians who write that area's reports on their own sites
 * (`canPickEapCodes`, src/access/eap-codes.ts). Without an area (the site's RDO,
 * `atividades.eapItem`) the tree is the whole EAP of the site, read from the site's schedule
 * (`/obras/{obra}/cronograma`, open to whoever reads the site's daily reports: the site manager
 * too). Falls back to the plain text box when the form has no site or area yet, when the person may
 * not pick from that EAP or when it cannot be loaded (the API still refuses a code outside the
 * EAP). A stored code that is not in the EAP (any more) stays selected and is marked.
 */
import { useMemo, useState } from 'react';
import { Form, Input, TreeSelect } from 'antd';
import { useApiUrl, useCustom, type HttpError } from '@refinedev/core';
import type { FieldDef } from '../../../../schemas/kinds';
import { useAbility, useCurrentUser } from '../../access/ability-context';
import { canPickEapCodes, isEapArea } from '../../../access/eap-codes';
import { buildEapTree, type EapItem, type EapNode } from './tree';
import { eapCodesQuery } from './eap-codes-query';
// As the reference pickers: read even while offline, the service worker answers from the device.
import { PICKER_NETWORK_MODE } from '../../fields/inputs/reference-select';

interface CodeOption {
  value: string;
  title: string;
  children: CodeOption[];
}

export interface EapCodeInputProps {
  field: FieldDef & { eapCodeOf: { obra: string; area?: string } };
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

export function EapCodeInput({ field, value, onChange, id, disabled, ...rest }: EapCodeInputProps) {
  const form = Form.useFormInstance();
  // useWatch answers undefined on the first render: the form's current value stands in until then,
  // so that a form opened with its site and area shows the picker at once, not a text box first.
  const watchedObra = Form.useWatch(field.eapCodeOf.obra, form) as unknown;
  const obra = watchedObra ?? (form.getFieldValue(field.eapCodeOf.obra) as unknown);
  const siteWide = !field.eapCodeOf.area;
  const areaName = field.eapCodeOf.area ?? '__eapSemArea';
  const watchedArea = Form.useWatch(areaName, form) as unknown;
  const area = watchedArea ?? (form.getFieldValue(areaName) as unknown);
  const ability = useAbility();
  const user = useCurrentUser();
  const site = typeof obra === 'string' ? obra : '';
  const hasSite = !!site;
  const readable = siteWide ? hasSite : hasSite && isEapArea(area) && canPickEapCodes(ability, user, site, area);
  const apiUrl = useApiUrl();
  const scheduleQuery = eapCodesQuery(apiUrl, String(obra ?? ''));
  const areaQuery = eapCodesQuery(apiUrl, String(obra ?? ''), String(area ?? ''));
  const schedule = useCustom<{ itens: EapItem[] }, HttpError>({
    url: scheduleQuery.url,
    method: scheduleQuery.method,
    errorNotification: false,
    queryOptions: { queryKey: ['cronograma', obra], enabled: siteWide && readable, retry: false, networkMode: PICKER_NETWORK_MODE },
  });
  const byArea = useCustom<EapItem[], HttpError>({
    url: areaQuery.url,
    method: areaQuery.method,
    config: { query: areaQuery.query },
    errorNotification: false,
    queryOptions: { queryKey: ['eap-codigos', obra, area], enabled: !siteWide && readable, retry: false, networkMode: PICKER_NETWORK_MODE },
  });
  const items = siteWide ? schedule.result?.data?.itens : byArea.result?.data;
  const query = siteWide ? schedule.query : byArea.query;
  const text = value === null || value === undefined ? '' : String(value);
  const options = useMemo(() => {
    const list: EapItem[] = Array.isArray(items) ? items : [];
    const toOption = (n: EapNode): CodeOption => ({
      value: n.item.codigo,
      title: `${n.item.codigo} — ${n.item.descricao}`,
      children: n.children.map(toOption),
    });
    const tree = buildEapTree(list).map(toOption);
    if (text && !list.some((i) => i.codigo === text)) tree.unshift({ value: text, title: `${text} (fora da EAP desta obra)`, children: [] });
    return tree;
  }, [items, text]);

  // Expanded nodes, held here: antd expands every node once, when the search text changes, so a tree
  // that arrives after the person typed stayed collapsed over its matches. All open by default, and
  // all open again whenever the search text or the tree changes.
  const allKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (o: CodeOption) => {
      keys.push(o.value);
      o.children.forEach(walk);
    };
    options.forEach(walk);
    return keys;
  }, [options]);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<{ keys: string[]; search: string; tree: string[] }>();
  const expandedKeys = collapsed && collapsed.search === search && collapsed.tree === allKeys ? collapsed.keys : allKeys;

  if (!readable || query.isError) {
    return (
      <Input
        id={id}
        disabled={disabled}
        aria-label={rest['aria-label']}
        placeholder={field.placeholder}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        allowClear={!field.required}
      />
    );
  }
  return (
    <TreeSelect
      id={id}
      disabled={disabled}
      aria-label={rest['aria-label']}
      style={{ width: '100%', minWidth: 200 }}
      popupMatchSelectWidth={false}
      loading={query.isLoading}
      treeData={options}
      treeExpandedKeys={expandedKeys}
      onTreeExpand={(keys) => setCollapsed({ keys: keys.map(String), search, tree: allKeys })}
      showSearch
      searchValue={search}
      onSearch={setSearch}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      treeNodeFilterProp="title"
      allowClear={!field.required}
      placeholder={field.placeholder ?? 'Selecione o item da EAP'}
      notFoundContent={siteWide ? 'Nenhum item na EAP desta obra' : 'Nenhum item na EAP desta obra e área'}
      value={text || undefined}
      onChange={(v: unknown) => onChange?.(v === undefined || v === null || v === '' ? null : String(v))}
    />
  );
}
