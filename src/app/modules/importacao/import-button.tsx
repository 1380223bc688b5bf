/**
 * "Importar planilha" in the header of every list, for staff who may create or edit its records
 * (the same rights the API checks: resources/importacao.ts); opens the import wizard, loaded on
 * the first click.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Grid } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ListActionProps } from '../../views/extensions';
import { useCurrentUser } from '../../access/ability-context';
import { usePodeCheck } from '../../access/pode';
import type { Action, Subject } from '../../../access/subjects';
import { isExternalUser } from '../../../access/user';
import { importRights } from '../../../../resources/importacao';
import type { ScheduleTarget } from './schedule-target';

const ImportWizard = lazy(() => import('./import-wizard').then((m) => ({ default: m.ImportWizard })));

/** `schedule`: the EAP screen's site and area, where an MS Project schedule (.xml) goes. */
export function ImportButton({ schema, schedule }: ListActionProps & { schedule?: ScheduleTarget }) {
  const pode = usePodeCheck();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const phone = !Grid.useBreakpoint().md;
  if (user && isExternalUser(user)) return null;
  const { subject, actions } = importRights(schema);
  if (!actions.some((a) => pode({ I: a as Action, a: subject as Subject }))) return null;
  return (
    <>
      {/* On a phone the header has room for icons only (its name stays for screen readers and the tooltip). */}
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} aria-label="Importar planilha" title="Importar planilha">
        {phone ? null : 'Importar planilha'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportWizard resource={schema.resource} label={schema.labelPlural} schedule={schedule} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
