/**
 * "Configurar entidade" in an entity's list header: shown only to whom the API lets configure it
 * (`configurable` of GET /api/v1/schemas, the server's `canConfigure`, as /admin/entidades uses).
 * Added to the generic list through `registerListAction` (`src/app/modules/extensions.ts`).
 */
import { Button } from 'antd';
import { ControlOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ListActionProps } from '../../views/extensions';
import { useConfigurableResources } from './effective-schemas';

export function ConfigureEntityButton({ schema }: ListActionProps) {
  const { resource } = schema;
  const configurable = useConfigurableResources();
  const navigate = useNavigate();
  if (!configurable.includes(resource)) return null;
  const to = `/admin/entidades/${encodeURIComponent(resource)}`;
  return (
    <Button icon={<ControlOutlined />} href={to} onClick={(e) => (e.preventDefault(), navigate(to))}>
      Configurar entidade
    </Button>
  );
}
