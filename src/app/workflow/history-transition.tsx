/**
 * A workflow step in the record's history timeline: "<label>" in bold, when and by whom,
 * "de <estado> para <estado>" and the comment, quoted.
 */
import { Typography } from 'antd';
import type { EntitySchema } from '../../../schemas/kinds';
import { formatDateTime } from '../format';
import { stateLabel, workflowState } from './states';
import type { HistoryTransition } from './types';

/** Timeline dot colour of a step: the target state's, when antd's Timeline knows it. */
const DOT_COLORS = new Set(['blue', 'red', 'green', 'gray']);

export function transitionDotColor(schema: EntitySchema, t: HistoryTransition): string {
  const color = workflowState(schema, t.to ?? t.from)?.color;
  return color && DOT_COLORS.has(color) ? color : 'blue';
}

function movement(schema: EntitySchema, t: HistoryTransition): string {
  const from = t.from ? stateLabel(schema, t.from) : '';
  const to = t.to ? stateLabel(schema, t.to) : '';
  if (!to) return from ? `Situação mantida: ${from}` : '';
  return from ? `de ${from} para ${to}` : `para ${to}`;
}

/** " por Fulano" and, for a substitute's step (docs/access.md decision 31), ", em nome de Beltrano". */
export function authorText(user?: string | null, emNomeDe?: string | null): string {
  if (!user) return '';
  return emNomeDe ? ` por ${user}, em nome de ${emNomeDe}` : ` por ${user}`;
}

export function TransitionHeading({
  schema,
  transition,
  at,
  user,
  emNomeDe,
}: {
  schema: EntitySchema;
  transition: HistoryTransition;
  at: string;
  user?: string | null;
  /** The absent person the author stood in for, by name. */
  emNomeDe?: string | null;
}) {
  const moved = movement(schema, transition);
  return (
    <>
      <Typography.Text strong>{transition.label}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        em {formatDateTime(at)}
        {authorText(user, emNomeDe)}
      </Typography.Text>
      {moved ? <div>{moved}</div> : null}
    </>
  );
}

export function TransitionComment({ comment }: { comment?: string | null }) {
  if (!comment) return null;
  return (
    <Typography>
      <blockquote style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{comment}</blockquote>
    </Typography>
  );
}
