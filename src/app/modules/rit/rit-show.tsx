/**
 * The technical inspection report's page (view override of `rit`, issue 40): the generic page plus
 * "Baixar PDF" and, once issued, its signatures under its status ("Assinar RIT" for the inspector,
 * then for the client's representative of the site), the same card as the daily report's. Returned
 * for correction ("Devolvido") or voided, it keeps showing the signatures it had, voided.
 */
import { useParams } from 'react-router';
import type { BaseRecord } from '@refinedev/core';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { RIT_OF_RECORD } from '../../../../schemas/rit';
import { PdfButton } from '../rdo/diario-show';
import { SignaturesCard } from '../rdo/signatures-card';
import { RIT_SIGNED } from '../rdo/signed-document';

export function RitShow({ schema }: ViewProps) {
  const params = useParams();
  const id = params.id;
  const signatures = (record: BaseRecord) => {
    if (id === undefined) return null;
    const status = String(record[schema.workflow?.field ?? 'status'] ?? '');
    const issued = RIT_OF_RECORD.includes(status);
    return <SignaturesCard recordId={id} doc={RIT_SIGNED} concluded={issued} refreshKey={`${status}:${String(record.version)}`} />;
  };
  return <GenericShow schema={schema} id={id} headerExtra={(r) => <PdfButton record={r} doc={RIT_SIGNED} />} top={signatures} />;
}
