import React from 'react';
import type { EntitySchema } from '../../../schemas/kinds';
import { GenericForm } from './generic-form';

export interface GenericCreateProps {
  schema: EntitySchema;
  /** Values prefilled by the route. */
  initialValues?: Record<string, unknown>;
  /** Values suggested by the link's query string (not locked). */
  defaults?: Record<string, unknown>;
}

/** Generic create page of a schema (defaults from the schema, redirect to show on save). */
export function GenericCreate({ schema, initialValues, defaults }: GenericCreateProps): React.ReactElement {
  return <GenericForm schema={schema} action="create" initialValues={initialValues} defaults={defaults} />;
}
