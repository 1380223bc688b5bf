/** Link to a referenced record's page, by its id, through the target entity's show route. */
import React from 'react';
import { Link } from 'react-router';
import type { FieldDef } from '../../../schemas/kinds';
import { entityPaths } from '../../../resources/routes';
import { refTarget } from './options';

export function ReferenceLink({ field, id, title }: { field: FieldDef; id: string; title: string }): React.ReactElement {
  const target = refTarget(field);
  if (!target) return <span>{title}</span>;
  const to = entityPaths(target).show.replace(':id', encodeURIComponent(id));
  return (
    <Link to={to} onClick={(e) => e.stopPropagation()}>
      {title}
    </Link>
  );
}
