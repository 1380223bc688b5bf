import React from 'react';
import type { BaseKey } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { GenericForm } from './generic-form';

export interface GenericEditProps {
  schema: EntitySchema;
  /** Record id; defaults to the id in the route. */
  id?: BaseKey;
}

/** Generic edit page of a schema (PATCH with `version`; 409 → conflict banner with "Recarregar"). */
export function GenericEdit({ schema, id }: GenericEditProps): React.ReactElement {
  return <GenericForm schema={schema} action="edit" id={id} />;
}
