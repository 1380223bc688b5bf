/**
 * "Relatório PDF" in the header of a site's punch list (`/obras/:obra/itens-verificacao`): opens the
 * report's filters and, for whoever manages the site's items, "Enviar à empresa". Registered as a
 * list action (src/app/views/extensions.ts); renders nothing on other lists or without a site.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import type { ListActionProps } from '../../views/extensions';

const PunchReportModal = lazy(() => import('./punch-report-modal').then((m) => ({ default: m.PunchReportModal })));

export function PunchReportButton({ schema }: ListActionProps) {
  const { obra } = useParams();
  const [open, setOpen] = useState(false);
  if (schema.name !== 'itemVerificacao' || !obra) return null;
  return (
    <>
      <Button icon={<FilePdfOutlined />} onClick={() => setOpen(true)}>
        Relatório PDF
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PunchReportModal schema={schema} obra={obra} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
