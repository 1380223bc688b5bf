/**
 * `/{obra}/checklist/{tipo}/preencher` (tipo `field` | `automacao`): fill a checklist for a work
 * order of the site. Pick the work order (preselected from `?os=`) and an active template valid for
 * the site (its `obra` empty or this site), then answer each item, grouped by section: conformity
 * (Conforme / Não conforme / Não se aplica), the answer the item's type asks for, an observation
 * (required and highlighted when not conforming) and up to three photos. Saved as a draft
 * ("Em preenchimento") or concluded ("Concluído"); the rules of schemas/shared/checklist-answers.ts
 * are checked here before sending and by the API, whose field errors land on their items. On
 * success the saved checklist's page opens. As the generic form (issue 26), what is typed is kept on
 * the device and put back when the page opens again; without network (or with photos still on the
 * device) the checklist goes to the outbox ("No aparelho").
 */
import React, { useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useCreate, useNavigation, useNotification, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Empty, Form, Input, Progress, Result, Select, Space, Typography, theme } from 'antd';
import { Loading } from '../../views/loading';
import { CheckCircleOutlined, SaveOutlined } from '@ant-design/icons';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import {
  CHECKLIST_CONCLUIDO,
  CHECKLIST_RASCUNHO,
  NAO_CONFORME,
  RESULTADO_APROVADO,
  checkChecklist,
  numberedItems,
  type NumberedItem,
} from '../../../../schemas/shared/checklist-answers';
import { resolveEntity } from '../../../../resources/routes';
import type { AppRoute } from '../../../../resources/routes/types';
import { toCaslAction } from '../../../access/refine-actions';
import type { Action } from '../../../access/subjects';
import { useCurrentUser } from '../../access/ability-context';
import { usePode } from '../../access/pode';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { obraLabel } from '../../fields/obra-label';
import { UploadTargetContext } from '../../fields/upload-target';
import { DeviceDraftBanner } from '../../offline/draft-banner';
import { DeviceFilesContext } from '../../offline/device-files-context';
import {
  AREA_LABEL,
  MSG_CONFORMIDADE,
  MSG_OBRIGATORIO,
  TOP_FIELDS,
  groupBySection,
  lacksConformity,
  refOf,
  type Answer,
  type AnswerField,
  type Errors,
  type ItemErrors,
} from './checklist-fill-model';
import { checklistBody, checklistDraftValues, fillStateFromDraft, initialFillState, type ChecklistFillState } from './checklist-fill-body';
import { ChecklistIdentificationCard } from './checklist-identification-card';
import { ItemCard } from './checklist-item-card';
import { useChecklistSources } from './use-checklist-sources';
import { useChecklistDeviceDraft } from './use-checklist-device-draft';

/** The route's element: the filled-checklist schema of `:tipo` (404 for another value). */
export function ChecklistFillPage({ route }: { route: AppRoute }): React.ReactElement {
  const params = useParams();
  const resolved = route.entity ? resolveEntity(route.entity, params) : undefined;
  if (!resolved || !params.obra) return <Navigate to="/404" replace />;
  return <ChecklistFill key={`${resolved.schema.name}:${params.obra}`} schema={resolved.schema} obra={params.obra} />;
}

function ChecklistFill({ schema, obra }: { schema: EntitySchema; obra: string }): React.ReactElement {
  const user = useCurrentUser();
  const current = useCurrentRoute();
  const area = AREA_LABEL[schema.subject] ?? schema.subject;
  const templateSchema = refOf(schema, 'template')!;
  const osSchema = refOf(schema, 'os')!;
  const fotosField = schema.fields.find((f) => f.name === 'respostas')?.fields?.find((f) => f.name === 'fotos') as FieldDef;
  const resultadoOptions = schema.fields.find((f) => f.name === 'resultado')?.options ?? [];
  const [search] = useSearchParams();

  const [initial] = useState(() => initialFillState(Number(search.get('os')) || undefined));
  const [osId, setOsId] = useState(initial.osId);
  const [templateId, setTemplateId] = useState(initial.templateId);
  const [data, setData] = useState(initial.data);
  /** Answers per template (switching back keeps them), by item number. */
  const [answers, setAnswers] = useState(initial.answers);
  const [resultado, setResultado] = useState(initial.resultado);
  const [observacoes, setObservacoes] = useState(initial.observacoes);
  const [itemErrors, setItemErrors] = useState<ItemErrors>({});
  const [fieldErrors, setFieldErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<{ title: string; details: string[] } | undefined>();
  const [saving, setSaving] = useState<string | undefined>();
  const { mutateAsync: create } = useCreate();
  const { show } = useNavigation();
  const { open } = useNotification();
  const { token } = theme.useToken();
  const canFill = usePode({ I: toCaslAction(schema.subject, 'create', schema.actions) as Action, a: schema.subject });

  const sources = useChecklistSources({ osSchema, templateSchema, obra, osId, canFill });
  const { orders, templates, templateList } = sources;
  const template = templateList.find((t) => t.id === templateId);
  const items = useMemo(() => numberedItems(template?.itens), [template]);
  const mine = (templateId !== undefined && answers[templateId]) || {};
  const fill: ChecklistFillState = { osId, templateId, data, answers, resultado, observacoes };
  const bodyContext = { obra, items, executante: { mail: user?.email ?? '', ...(user?.name ? { nome: user.name } : {}) } };
  const loading = orders.query.isLoading || templates.query.isLoading;
  /** Puts values back into the page (a device draft, or the start after "Descartar rascunho"). */
  const apply = (s: ChecklistFillState) => {
    setOsId(s.osId);
    setTemplateId(s.templateId);
    setData(s.data);
    setAnswers(s.answers);
    setResultado(s.resultado);
    setObservacoes(s.observacoes);
    setItemErrors({});
    setFieldErrors({});
    setProblem(undefined);
  };
  const device = useChecklistDeviceDraft({
    schema,
    ready: canFill && !loading,
    values: () => checklistDraftValues(fill, bodyContext, CHECKLIST_RASCUNHO),
    restore: (v) => apply(fillStateFromDraft(v, initial)),
  });
  const { draft } = device;

  if (!canFill) {
    return <Result status="403" title="Sem permissão" subTitle={`Você não tem permissão para preencher checklists de ${area}.`} />;
  }

  const answered = items.filter((it) => mine[it.numero]?.conformidade).length;
  const required = items.filter((it) => it.obrigatorio !== false);
  const requiredOpen = required.filter((it) => !mine[it.numero]?.conformidade).length;
  const hasNonConformity = items.some((it) => mine[it.numero]?.conformidade === NAO_CONFORME);

  function setAnswer(numero: number, patch: Partial<Answer>) {
    if (templateId === undefined) return;
    // Functional updates: a photo's upload ends after other answers may have changed.
    setAnswers((all) => {
      const cur = all[templateId] ?? {};
      return { ...all, [templateId]: { ...cur, [numero]: { ...cur[numero], ...patch } } };
    });
    setItemErrors((e) => {
      if (!e[numero]) return e;
      const left = { ...e[numero] };
      for (const k of Object.keys(patch) as AnswerField[]) delete left[k];
      if (patch.conformidade) delete left.observacao;
      return { ...e, [numero]: left };
    });
    // A non-conformity cannot be approved as is: the result moves to "with reservations" (still the user's choice).
    if (patch.conformidade === NAO_CONFORME) setResultado((r) => (r === RESULTADO_APROVADO ? (resultadoOptions[1] ?? r) : r));
    draft.changed();
  }

  /** A top field changed: its error goes and the device draft is saved. */
  function clearField(name: string) {
    draft.changed();
    setFieldErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }

  /** Errors keyed like the API's (`respostas.<i>.observacao`, `respostas`, `os`…) onto items and fields. */
  function showErrors(errors: Errors, sent: number[], missing: NumberedItem[], title: string) {
    const byItem: ItemErrors = {};
    const fields: Errors = {};
    const details: string[] = [];
    for (const [key, msgs] of Object.entries(errors)) {
      const m = /^respostas\.(\d+)\.(\w+)$/.exec(key);
      const numero = m ? sent[Number(m[1])] : undefined;
      if (m && numero !== undefined) {
        const field = (['conformidade', 'resposta', 'observacao', 'fotos'].includes(m[2]) ? m[2] : 'conformidade') as AnswerField;
        (byItem[numero] ??= {})[field] = msgs;
      } else if (TOP_FIELDS.includes(key)) fields[key] = msgs;
      else details.push(...msgs);
    }
    for (const it of missing) (byItem[it.numero] ??= {}).conformidade ??= [MSG_OBRIGATORIO];
    for (const it of items) if (lacksConformity(mine[it.numero])) (byItem[it.numero] ??= {}).conformidade ??= [MSG_CONFORMIDADE];
    setItemErrors(byItem);
    setFieldErrors(fields);
    const count = Object.keys(byItem).length;
    if (count) details.unshift(count === 1 ? '1 item precisa de atenção (destacado abaixo).' : `${count} itens precisam de atenção (destacados abaixo).`);
    for (const k of Object.keys(fields)) if (!['os', 'template', 'data'].includes(k)) details.push(...fields[k]);
    setProblem({ title, details: [...new Set(details)] });
    const first = items.find((it) => byItem[it.numero]);
    const target = first ? document.getElementById(`ck-item-${first.numero}`) : undefined;
    target?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }

  async function save(status: string) {
    setProblem(undefined);
    const top: Errors = {};
    if (!osId) top.os = ['Selecione a ordem de serviço.'];
    if (!templateId) top.template = ['Selecione o modelo de checklist.'];
    if (!data) top.data = ['Informe a data.'];
    const { body, sent } = checklistBody(fill, bodyContext, status);
    const check = checkChecklist({ itens: template?.itens, respostas: body.respostas, status, resultado });
    const incomplete = items.some((it) => lacksConformity(mine[it.numero]));
    if (Object.keys(top).length || Object.keys(check.errors).length || incomplete) {
      showErrors({ ...top, ...check.errors }, sent, check.missing, 'Não foi possível salvar: corrija os pontos destacados.');
      return;
    }
    setSaving(status);
    try {
      // Offline, or photos still on the device: the outbox sends the same body (photos first).
      if (device.mustQueue(body)) {
        await device.queue(body);
        return;
      }
      const res = await create({ resource: schema.resource, values: body, meta: device.keyFor(body), successNotification: false, errorNotification: false });
      device.saved();
      setItemErrors({});
      setFieldErrors({});
      open?.({
        key: `checklist-${schema.name}`,
        type: 'success',
        message: status === CHECKLIST_CONCLUIDO ? 'Checklist concluído.' : 'Checklist salvo como rascunho ("Em preenchimento").',
      });
      show(schema.resource, res.data.id!);
    } catch (e) {
      const err = e as HttpError;
      if (await device.failed(err, body)) return;
      const errors = (err.errors ?? {}) as Errors;
      // A required item the API finds unanswered (the template changed meanwhile) is listed by the API.
      const local = checkChecklist({ itens: template?.itens, respostas: body.respostas, status, resultado });
      showErrors(errors, sent, local.missing, err.message || 'Não foi possível salvar o checklist.');
    } finally {
      setSaving(undefined);
    }
  }

  const site = obraLabel(obra, current?.obra === obra ? current?.obraRecord : undefined);
  const sections = groupBySection(items);
  const errorOf = (name: string) => fieldErrors[name]?.join(' ');

  return (
    <UploadTargetContext.Provider value={{ resource: schema.resource }}>
      <DeviceFilesContext.Provider value={device.filesOwner}>
        <section aria-labelledby="checklist-fill-title" style={{ maxWidth: 900, margin: '0 auto', minWidth: 0 }}>
          <Typography.Title level={3} id="checklist-fill-title" style={{ marginBottom: 4 }}>
            Preencher checklist ({area})
          </Typography.Title>
          <Typography.Paragraph type="secondary">{site}</Typography.Paragraph>
          {draft.restoredAt ? <DeviceDraftBanner savedAt={draft.restoredAt} onDiscard={() => void draft.clear(true).then(() => apply(initial))} /> : null}

          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <ChecklistIdentificationCard
              sources={sources}
              osId={osId}
              template={template}
              data={data}
              executante={user?.name || user?.email}
              errorOf={errorOf}
              onOsChange={(v) => {
                setOsId(v);
                clearField('os');
              }}
              onTemplateChange={(v) => {
                setTemplateId(v);
                setItemErrors({});
                setProblem(undefined);
                clearField('template');
              }}
              onDataChange={(v) => {
                setData(v);
                clearField('data');
              }}
            />

            {loading ? <Loading style={{ margin: '24px auto' }} /> : null}
            {!template && !loading ? <Typography.Text type="secondary">Escolha o modelo de checklist para ver os itens.</Typography.Text> : null}
            {template && !items.length ? <Empty description="Este modelo não tem itens." /> : null}

            {sections.map((s) => (
              <section key={s.title || '_'} aria-label={s.title || 'Itens'}>
                {s.title ? (
                  <Typography.Title level={4} style={{ marginTop: 8 }}>
                    {s.title}
                  </Typography.Title>
                ) : null}
                <Space direction="vertical" size="small" style={{ width: '100%' }}>
                  {s.items.map((it) => (
                    <ItemCard
                      key={it.numero}
                      item={it}
                      answer={mine[it.numero] ?? {}}
                      errors={itemErrors[it.numero]}
                      fotosField={fotosField}
                      onChange={(p) => setAnswer(it.numero, p)}
                    />
                  ))}
                </Space>
              </section>
            ))}

            {template ? (
              <Card size="small" title="Conclusão">
                <Form layout="vertical" component="div">
                  <Form.Item
                    label="Resultado"
                    htmlFor="ck-resultado"
                    validateStatus={errorOf('resultado') ? 'error' : undefined}
                    help={errorOf('resultado') ?? (hasNonConformity ? 'Há itens não conformes: aprovado com ressalvas ou reprovado.' : undefined)}
                  >
                    <Select<string>
                      id="ck-resultado"
                      value={resultado}
                      onChange={(v) => {
                        setResultado(v);
                        clearField('resultado');
                      }}
                      options={resultadoOptions.map((o) => ({ value: o, label: o, disabled: o === RESULTADO_APROVADO && hasNonConformity }))}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Form.Item
                    label="Observações gerais"
                    htmlFor="ck-observacoes"
                    validateStatus={errorOf('observacoes') ? 'error' : undefined}
                    help={errorOf('observacoes')}
                    style={{ marginBottom: 0 }}
                  >
                    <Input.TextArea
                      id="ck-observacoes"
                      value={observacoes}
                      onChange={(e) => {
                        setObservacoes(e.target.value);
                        draft.changed();
                      }}
                      autoSize={{ minRows: 2, maxRows: 8 }}
                      maxLength={4000}
                    />
                  </Form.Item>
                </Form>
              </Card>
            ) : null}

            {problem ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                message={problem.title}
                description={
                  problem.details.length ? (
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {problem.details.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  ) : undefined
                }
              />
            ) : null}
          </Space>

          {/* Progress and actions stay in sight while scrolling the items (a direct child of the section, so `sticky` has room). */}
          <div
            style={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              marginTop: 16,
              background: token.colorBgContainer,
              borderTop: `1px solid ${token.colorBorderSecondary}`,
              padding: '8px 0',
            }}
          >
            <div aria-live="polite" style={{ marginBottom: 8 }} hidden={!template}>
              <Typography.Text strong>
                {answered} de {items.length} respondidos
              </Typography.Text>
              {requiredOpen ? (
                <Typography.Text type="secondary">
                  {' '}
                  · {requiredOpen} obrigatório{requiredOpen === 1 ? '' : 's'} sem resposta
                </Typography.Text>
              ) : null}
              <Progress percent={items.length ? Math.round((answered / items.length) * 100) : 0} showInfo={false} size="small" aria-hidden />
            </div>
            <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button icon={<SaveOutlined />} onClick={() => void save(CHECKLIST_RASCUNHO)} loading={saving === CHECKLIST_RASCUNHO} disabled={!!saving}>
                Salvar rascunho
              </Button>
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                onClick={() => void save(CHECKLIST_CONCLUIDO)}
                loading={saving === CHECKLIST_CONCLUIDO}
                disabled={!!saving}
              >
                Concluir checklist
              </Button>
            </Space>
          </div>
        </section>
      </DeviceFilesContext.Provider>
    </UploadTargetContext.Provider>
  );
}
