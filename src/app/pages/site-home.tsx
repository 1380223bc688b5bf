/** Home of a site (/obras/:obra) and of a manufacturing site (/fabricacao/:obra): its data and its modules. */
import { Card, Descriptions, Space, Typography } from 'antd';
import { useAbility } from '../access/ability-context';
import { useCurrentRoute } from '../guard/navigation-guard';
import { buildMenu } from '../layouts/menu';
import { obraLabel } from '../layouts/portal-layout';
import { ModuleCards } from './home';
import { formatDate } from '../format';

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && value && 'nome' in value) return String((value as { nome?: unknown; mail?: unknown }).nome ?? (value as { mail?: unknown }).mail ?? '—');
  if (typeof value === 'object' && value && 'mail' in value) return String((value as { mail?: unknown }).mail);
  return String(value);
}

export function SiteHomePage({ layout }: { layout: 'site' | 'factory' }) {
  const current = useCurrentRoute();
  const ability = useAbility();
  const obra = current?.obra;
  const record = current?.obraRecord;
  const groups = buildMenu(layout, ability, obra).map((g) => ({ ...g, items: g.items.filter((i) => i.route.id !== current?.route.id) })).filter((g) => g.items.length);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {obra ? obraLabel(obra, record) : 'Obra'}
      </Typography.Title>
      {record && (
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'cliente', label: 'Cliente', children: text(record.cliente) },
              { key: 'status', label: 'Situação', children: text(record.status) },
              { key: 'cidade', label: 'Cidade', children: [record.cidade, record.uf].filter(Boolean).join(' / ') || '—' },
              { key: 'sm', label: 'Site manager', children: text(record.siteManager) },
              { key: 'inicio', label: 'Início', children: record.dataInicio ? formatDate(String(record.dataInicio)) : '—' },
              { key: 'termino', label: 'Previsão de término', children: record.previsaoTermino ? formatDate(String(record.previsaoTermino)) : '—' },
            ]}
          />
        </Card>
      )}
      {groups.length ? <ModuleCards groups={groups} /> : null}
    </Space>
  );
}
