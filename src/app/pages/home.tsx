/**
 * Início (/obras): greeting, the start section of the person's kind (a law firm's cases, a
 * supplier's SGI records, a client's sites and pending approvals: start-pages.tsx) and cards
 * linking to the modules the user may open.
 */
import { Card, Col, List, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useAbility, useCurrentUser } from '../access/ability-context';
import { RouteIcon } from '../layouts/route-icon';
import { buildMenu, type MenuGroup } from '../layouts/menu';
import { rememberedObra } from '../providers/layout-services';
import { StartSection } from './start-pages';

function greeting(now = new Date()): string {
  const h = now.getHours();
  return h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite';
}

export function ModuleCards({ groups }: { groups: MenuGroup[] }) {
  return (
    <Row gutter={[16, 16]}>
      {groups.map((g) => (
        <Col key={g.title} xs={24} md={12} xl={8}>
          <Card title={g.title} size="small">
            <List
              size="small"
              dataSource={g.items}
              renderItem={(i) => (
                <List.Item>
                  <Link to={i.to}>
                    <RouteIcon name={i.icon} /> {i.label}
                  </Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function HomePage() {
  const user = useCurrentUser();
  const ability = useAbility();
  const obra = rememberedObra();
  const groups = [
    ...buildMenu('open', ability).map((g) => ({ ...g, items: g.items.filter((i) => i.route.screen !== 'home') })),
    ...buildMenu('general', ability, obra),
  ].filter((g) => g.items.length > 0);
  const first = user?.name?.split(' ')[0];
  return (
    <div>
      <Typography.Title level={3}>
        {greeting()}
        {first ? `, ${first}` : ''}!
      </Typography.Title>
      <StartSection user={user} />
      <Typography.Paragraph type="secondary">Escolha um módulo para começar.</Typography.Paragraph>
      {groups.length ? <ModuleCards groups={groups} /> : <Typography.Paragraph>Você ainda não tem acesso a nenhum módulo.</Typography.Paragraph>}
    </div>
  );
}
