/** /:obra/ordensServico: the site's field and automation work orders, one tab each (as the ability allows). */
import { useParams } from 'react-router';
import type { ComponentType } from 'react';
import { schemaByName } from '../../../schemas';
import { useAbility } from '../access/ability-context';
import { routeAllowed } from '../guard/guard-rules';
import { AccessibleTabs } from '../views/accessible-tabs';
import { GenericList } from '../views/generic-list';
import type { RouteAccess } from '../../../resources/routes/types';
import type { EntityViewProps } from './entity-page';

const ListView = GenericList as ComponentType<EntityViewProps>;

const TABS: { key: string; schema: string; label: string; access: RouteAccess }[] = [
  { key: 'field', schema: 'osField', label: 'Field', access: { subject: 'FIELD', action: 'read', or: [{ subject: 'OS_FIELD', action: 'read' }] } },
  {
    key: 'automacao',
    schema: 'osAutomacao',
    label: 'Automação',
    access: { subject: 'AUTOMACAO', action: 'read', or: [{ subject: 'OS_AUTOMACAO', action: 'read' }] },
  },
];

export function OrdensServicoPage() {
  const { obra } = useParams();
  const ability = useAbility();
  const items = TABS.filter((t) => routeAllowed(ability, t.access)).flatMap((t) => {
    const schema = schemaByName(t.schema);
    if (!schema) return [];
    const field = schema.obraField ?? 'obra';
    return [{ key: t.key, label: t.label, children: <ListView schema={schema} filters={obra ? [{ field, operator: 'eq', value: obra }] : []} /> }];
  });
  return <AccessibleTabs items={items} destroyOnHidden />;
}
