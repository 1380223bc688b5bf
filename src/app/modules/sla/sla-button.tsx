/**
 * "SLA" in the list header of an entity that declares one (schemas/sla-types.ts), for its
 * administrators (the API's `canEdit`): opens the editor of its targets.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import type { ListActionProps } from '../../views/extensions';
import { sla } from '../../../../resources/sla';
import { callRoute } from '../../providers/api-client';

const SlaDrawer = lazy(() => import('./sla-drawer').then((m) => ({ default: m.SlaDrawer })));

export function SlaButton({ schema }: ListActionProps) {
  const [canEdit, setCanEdit] = useState(false);
  const [open, setOpen] = useState(false);
  const resource = schema.resource;
  const declared = !!schema.sla;
  useEffect(() => {
    if (!declared) return;
    let live = true;
    callRoute(sla, { params: { resource }, apiUrl: '/api/v1' })
      .then((c) => live && setCanEdit(c.canEdit))
      .catch(() => live && setCanEdit(false));
    return () => {
      live = false;
    };
  }, [resource, declared]);
  if (!declared || !canEdit) return null;
  return (
    <>
      <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)}>
        SLA
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SlaDrawer resource={resource} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
