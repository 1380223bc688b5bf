/**
 * A materials list's page (view override of `material`): the generic page plus "Importar itens"
 * (issue 38) while the list is in elaboration and the person may edit it.
 */
import { useParams } from 'react-router';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { ItemsImportButton } from './items-import';

export function MaterialShow({ schema }: ViewProps) {
  const { id } = useParams();
  return <GenericShow schema={schema} id={id} headerExtra={(record) => <ItemsImportButton schema={schema} record={record} />} />;
}
