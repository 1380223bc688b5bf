/**
 * Taking a workflow step: `POST …/{id}/transitions/{name}` with the record's version, then the
 * toast and the refresh of everything the step changes (the record, its lists, its history and
 * transitions, "Minhas pendências"). A stale version (409) reloads the record and says so.
 * Each click carries an `Idempotency-Key`; clicking the same step again after no answer (network cut)
 * sends the same request with the same key, so the step is never taken twice.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiUrl, useCustomMutation, useInvalidate, useNotification, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { useSubmitKey } from '../providers/idempotency';
import { PENDENCIAS_RESOURCE, recordExtrasKey } from './query-keys';
import { stateLabel } from './states';
import { CONFLICT_TEXT, describeProblem, type TransitionProblem } from './transition-errors';
import type { TransitionInput, TransitionOption } from './types';

export type TakeResult = { ok: true; record: BaseRecord } | { ok: false; problem: TransitionProblem };

export function useTakeTransition(schema: EntitySchema, id: BaseKey, version: unknown) {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, TransitionInput & { version: unknown }>();
  const [pending, setPending] = useState<string | undefined>();
  const submitKey = useSubmitKey();

  const refresh = () =>
    Promise.all([
      invalidate({ resource: schema.resource, id, invalidates: ['detail', 'list'] }),
      invalidate({ resource: PENDENCIAS_RESOURCE, invalidates: ['list'] }),
      queryClient.invalidateQueries({ queryKey: recordExtrasKey(schema.resource, id) }),
    ]);

  async function take(t: TransitionOption, input: TransitionInput = {}): Promise<TakeResult> {
    setPending(t.name);
    const url = `${apiUrl}/${schema.resource}/${encodeURIComponent(String(id))}/transitions/${encodeURIComponent(t.name)}`;
    const values = { version, ...input };
    try {
      const { data } = await mutateAsync({
        url,
        method: 'post',
        values,
        meta: { idempotencyKey: submitKey.next({ url, values }) },
        successNotification: false,
        errorNotification: false,
      });
      submitKey.settle();
      const to = t.to ?? input.to ?? null;
      const state = schema.workflow ? (data?.[schema.workflow.field] ?? to) : to;
      open?.({
        key: `transition-${schema.resource}-${id}`,
        type: 'success',
        message: to ? `Situação alterada para ${stateLabel(schema, state)}` : 'Comentário registrado',
      });
      await refresh();
      return { ok: true, record: data };
    } catch (e) {
      submitKey.settle(e as HttpError);
      const problem = describeProblem(schema, e as HttpError);
      if (problem.statusCode === 409) {
        open?.({ key: `transition-${schema.resource}-${id}`, type: 'error', message: CONFLICT_TEXT });
      }
      // Unless only the step's own inputs were refused, the record (or what the user may do with
      // it) may have moved on: show the current one.
      const onlyInputs = problem.statusCode === 400 && !problem.fields.length && Object.keys(problem.form).length > 0;
      if (!onlyInputs) await refresh();
      return { ok: false, problem };
    } finally {
      setPending(undefined);
    }
  }

  return { take, pending };
}
