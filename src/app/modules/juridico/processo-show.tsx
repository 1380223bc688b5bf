/** A legal case's page (view override of `processoJuridico`): the generic page plus its upload buttons. */
import { useParams } from 'react-router';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { CaseUploadButtons } from './case-upload-buttons';

export function ProcessoShow({ schema }: ViewProps) {
  const { id } = useParams();
  return <GenericShow schema={schema} id={id} headerExtra={(record) => <CaseUploadButtons record={record} />} />;
}
