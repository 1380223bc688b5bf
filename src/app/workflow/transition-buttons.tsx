/**
 * One button per step the API offers the user on this record now (`GET …/transitions`).
 * Steps with a comment open `TransitionModal`; the others ask "Confirmar: …?" first.
 * `?acao=<name>` in the URL (an action tag of "Minhas pendências") opens that step at once.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Popconfirm, Space, Typography } from 'antd';
import type { BaseKey } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { ProblemAlert } from './problem-alert';
import type { TransitionProblem } from './transition-errors';
import { TransitionModal, needsDialog } from './transition-modal';
import { useConfirmFocus } from './confirm-focus';
import type { TransitionInput, TransitionOption } from './types';
import { useTakeTransition } from './use-take-transition';
import { useTransitions } from './use-transitions';
import { Loading } from '../ui/loading';

interface Props {
  schema: EntitySchema;
  id: BaseKey;
  record: Record<string, unknown>;
}

export function TransitionButtons({ schema, id, record }: Props) {
  const state = schema.workflow ? record[schema.workflow.field] : undefined;
  const { transitions, isLoading, stale, error } = useTransitions(schema.resource, id, record.version);
  const { take, pending } = useTakeTransition(schema, id, record.version);
  const [dialog, setDialog] = useState<TransitionOption | undefined>();
  const [problem, setProblem] = useState<TransitionProblem | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [params, setParams] = useSearchParams();
  const asked = params.get('acao');
  const focus = useConfirmFocus(confirming, setConfirming, transitions);

  // An inbox link names the step: open its dialog (or confirmation) once, then drop it from the URL.
  // A name that is not a step is handed on in the history entry's state: another part of the page
  // answers it (the signatures card's "assinar"), and the page remounts when its address changes.
  useEffect(() => {
    if (!asked || isLoading || stale) return;
    const t = transitions.find((x) => x.name === asked);
    if (t) {
      if (needsDialog(t)) open(t);
      else setConfirming(t.name);
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('acao');
        return next;
      },
      { replace: true, state: t ? undefined : { acao: asked } },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, isLoading, stale, transitions]);

  async function confirm(t: TransitionOption) {
    setProblem(undefined);
    const result = await take(t);
    if (result.ok) focus.markTaken(t.name);
    if (!result.ok && result.problem.statusCode !== 409) setProblem(result.problem);
  }

  async function takeFromDialog(t: TransitionOption, input: TransitionInput) {
    const result = await take(t, input);
    if (result.ok) focus.markTaken(t.name);
    return result;
  }

  function open(t: TransitionOption) {
    setProblem(undefined);
    // "Alterar situação": moving to the current state is no change.
    setDialog(t.choices ? { ...t, choices: t.choices.filter((c) => c.value !== state) } : t);
  }

  if (isLoading) return <Loading size="small" label="Carregando ações" />;
  if (error) return <Typography.Text type="warning">Não foi possível carregar as ações disponíveis.</Typography.Text>;
  if (!transitions.length) return null;

  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap size="small" role="group" aria-label="Ações da situação" onKeyDown={focus.onKeyDown}>
        {transitions.map((t) => {
          const viaDialog = needsDialog(t);
          const button = (
            <Button
              key={t.name}
              id={focus.triggerId(t.name)}
              type={t.tone === 'primary' ? 'primary' : 'default'}
              danger={t.tone === 'danger'}
              loading={pending === t.name}
              disabled={stale || (!!pending && pending !== t.name)}
              onClick={viaDialog ? () => open(t) : undefined}
            >
              {t.label}
            </Button>
          );
          return viaDialog ? (
            button
          ) : (
            <Popconfirm
              key={t.name}
              title={`Confirmar: ${t.label}?`}
              open={confirming === t.name}
              onOpenChange={focus.onOpenChange(t.name)}
              okText="Confirmar"
              cancelText="Cancelar"
              okButtonProps={{ danger: t.tone === 'danger', id: focus.okId(t.name) }}
              onConfirm={() => confirm(t)}
            >
              {button}
            </Popconfirm>
          );
        })}
      </Space>
      {problem ? <ProblemAlert problem={problem} onClose={() => setProblem(undefined)} /> : null}
      <TransitionModal transition={dialog} record={record} resource={schema.resource} onSubmit={takeFromDialog} onClose={() => setDialog(undefined)} />
    </Space>
  );
}
