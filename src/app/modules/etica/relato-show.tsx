/** An ethics report's page (view override of `relatoEtica`, issue 40): the generic page with the conversation under the workflow. */
import { useParams } from 'react-router';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { ThreadPanel } from './thread-panel';

export function RelatoShow({ schema }: ViewProps) {
  const { id } = useParams();
  return <GenericShow schema={schema} id={id} top={(record) => <ThreadPanel record={record} />} />;
}
