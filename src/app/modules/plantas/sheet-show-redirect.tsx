/**
 * A plan sheet's page (`/plantas/:id`, where "Ver" of the sheets' list leads) is its viewer: the sheet
 * is read for its site and the viewer of that site opens on it (`/obras/{obra}/plantas/{id}`).
 */
import React from 'react';
import { Navigate, useParams } from 'react-router';
import { Alert } from 'antd';
import { useOne } from '@refinedev/core';
import type { ViewProps } from '../../views/overrides';
import { Loading } from '../../views/loading';
import { sheetPath } from './sheet-list';

export function SheetShowRedirect({ schema }: ViewProps): React.ReactElement {
  const { id = '' } = useParams();
  const { result, query } = useOne({ resource: schema.resource, id });
  if (query.isLoading) return <Loading style={{ margin: '48px auto' }} label="Abrindo a folha" />;
  const obra = result?.obra;
  if (!obra) return <Alert type="warning" showIcon message="Folha de planta não encontrada ou sem acesso." />;
  return <Navigate to={sheetPath(String(obra), Number(id))} replace />;
}
