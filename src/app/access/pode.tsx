/**
 * The permission-gated display element of docs/specification.md §2 ("Root screen"): shows its content only
 * if the current ability allows an action on a subject, optionally on a field, optionally
 * inverted. Same semantics as `@casl/react`'s `<Can>`, in the portal's words:
 *
 *   <Pode I="read" a="RDO">…</Pode>
 *   <Pode I="edit" a="Contratos" this={contrato}>…</Pode>     (checked on that record)
 *   <Pode I="update" a="Obra" field="status">…</Pode>
 *   <Pode not I="create" a="RDO">Sem permissão para criar diários.</Pode>
 *   <Pode I="read" a="RDO">{(allowed) => …}</Pode>
 *
 * `usePode(check)` answers one check; `usePodeCheck()` gives the check as a function, for a list
 * (one check per field, row or action, where a hook per item is not possible).
 */
import { useCallback, type ReactNode } from 'react';
import { subject as tag } from '@casl/ability';
import type { AppAbility, SubjectRecord } from '../../access/ability';
import type { Action, Subject } from '../../access/subjects';
import { useAbility } from './ability-context';

export interface PodeProps {
  I: Action;
  a: Subject;
  /** Check against this record (tagged with `a`). */
  this?: Record<string, unknown>;
  field?: string;
  /** Inverted: show when the ability does NOT allow. */
  not?: boolean;
  /** Render the children even when denied (use the function form to branch). */
  passThrough?: boolean;
  children: ReactNode | ((allowed: boolean) => ReactNode);
}

export type PodeCheck = Pick<PodeProps, 'I' | 'a' | 'this' | 'field' | 'not'>;

/** Whether the ability allows the check (a throwing check counts as denied). */
export function podeCheck(ability: AppAbility, props: PodeCheck): boolean {
  let allowed: boolean;
  try {
    const target = props.this ? (tag(props.a, { ...props.this }) as SubjectRecord) : props.a;
    allowed = ability.can(props.I, target, props.field);
  } catch {
    allowed = false;
  }
  return props.not ? !allowed : allowed;
}

export function usePode(check: PodeCheck): boolean {
  return podeCheck(useAbility(), check);
}

/** The current ability's check as a function (same answer as `usePode`), stable while the ability is. */
export function usePodeCheck(): (check: PodeCheck) => boolean {
  const ability = useAbility();
  return useCallback((check: PodeCheck) => podeCheck(ability, check), [ability]);
}

export function Pode(props: PodeProps) {
  const allowed = usePode(props);
  const content = typeof props.children === 'function' ? props.children(allowed) : props.children;
  return <>{allowed || props.passThrough ? content : null}</>;
}
