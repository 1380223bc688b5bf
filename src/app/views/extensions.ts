/**
 * What feature modules add to the generic views. The engine (views, fields) imports no feature
 * module: a module registers its contribution here, and the generic views ask for it.
 *
 * - list actions: buttons in the header of an entity's list, before the column chooser
 *   (schema-config's "Configurar entidade");
 * - related-list actions: buttons in the header of a related-list section, before "Novo"
 *   (checklist's "Preencher checklist" on a work order);
 * - field inputs: the form widget of the fields a predicate picks, instead of their kind's own
 *   (EAP's code picker for text fields declared with `eapCodeOf`).
 *
 * The registrations are `src/app/modules/extensions.ts`, imported once by the router
 * (`src/app/app-routes.tsx`, through `src/app/modules/register.ts`) and by the component tests'
 * render helper. A component that renders nothing for a given schema or record returns null.
 */
import type React from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';

// The field inputs' registry lives with the fields (src/app/fields/input-registry.ts: the form items
// ask it); modules keep registering through this module.
export { registerFieldInput, registeredFieldInput, type FieldInputProps, type FieldInputComponent } from '../fields/input-registry';

export interface ListActionProps {
  schema: EntitySchema;
}

export interface RelatedListActionProps {
  /** The schema of the record whose page shows the section. */
  parent: EntitySchema;
  /** That record. */
  record: BaseRecord;
  /** The schema of the section's records. */
  child: EntitySchema;
}

export type ListAction = React.ComponentType<ListActionProps>;
export type RelatedListAction = React.ComponentType<RelatedListActionProps>;

const LIST_ACTIONS: ListAction[] = [];
const RELATED_LIST_ACTIONS: RelatedListAction[] = [];

/** Adds a button to every list header (in registration order); registering it again does nothing. */
export function registerListAction(Component: ListAction): void {
  if (!LIST_ACTIONS.includes(Component)) LIST_ACTIONS.push(Component);
}

/** Adds a button to every related-list section header; registering it again does nothing. */
export function registerRelatedListAction(Component: RelatedListAction): void {
  if (!RELATED_LIST_ACTIONS.includes(Component)) RELATED_LIST_ACTIONS.push(Component);
}

export function listActions(): readonly ListAction[] {
  return LIST_ACTIONS;
}

export function relatedListActions(): readonly RelatedListAction[] {
  return RELATED_LIST_ACTIONS;
}
