/** An SGI record's page (view override of `ticketSgi`): the generic page plus the supplier's "Responder" (decision 29). */
import { useParams } from 'react-router';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { SupplierAnswerButton } from './supplier-answer';

export function TicketSgiShow({ schema }: ViewProps) {
  const { id } = useParams();
  return <GenericShow schema={schema} id={id} headerExtra={(record) => <SupplierAnswerButton record={record} />} />;
}
