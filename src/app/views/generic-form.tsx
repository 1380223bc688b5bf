/**
 * Generic create/edit form of a schema: one Form.Item per non-hidden, non-readOnly field, grouped
 * in a Card per `group` with a responsive grid (span hints), client rules mirroring the server,
 * server field errors on their fields, `version` kept as a hidden field (sent on PATCH), defaults on
 * create, and a conflict banner with "Recarregar" when the server answers 409 to a stale edit.
 * Each submit carries an `Idempotency-Key` (kept when the same values are sent again after no answer,
 * and when a field form queues them in the outbox after a network failure): a save is never made twice.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import type { FormInstance } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { propertyPathToArray, useGetIdentity, useResourceParams, useWarnAboutChange, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import { Create, Edit, useForm } from '@refinedev/antd';
import { CURRENT_USER, type EntitySchema } from '../../../schemas/kinds';
import { FieldFormItem } from '../fields/form-items';
import { formatValue } from '../fields/format-value';
import { UploadTargetContext, useUploadTarget } from '../fields/upload-target';
import { PeopleSiteContext } from '../fields/inputs/people-site';
import { CreateDefaults } from './create-defaults';
import { fieldAtPath, fieldPathLabel } from '../fields/field-path';
import { useDeviceDraft, type DeviceDraft } from '../offline/use-device-draft';
import { DEVICE_PARAM } from '../offline/reopen';
import { DeviceDraftBanner, useQueuedNotice } from '../offline/draft-banner';
import { DeviceFilesContext } from '../offline/device-files-context';
import { useSubmitKey } from '../providers/idempotency';
import { deviceKeysIn } from '../offline/device-files';
import { colSpan, defaultValues, deleteConfirmProps, editableFields, groupFields, lowerLabel, recordTitle } from '../fields/options';
import { createdMessage, savedMessage } from './save-messages';

export const CONFLICT_MESSAGE = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';

export interface GenericFormProps {
  schema: EntitySchema;
  action: 'create' | 'edit';
  /** Record id for edit; defaults to the id in the route. */
  id?: BaseKey;
  /**
   * Create: values prefilled by the route (e.g. the site of /:obra/diarios/novo) or by the parent
   * record a "Novo" was pressed on. They are shown locked: a report created inside site 101 belongs
   * to site 101.
   */
  initialValues?: Record<string, unknown>;
  /**
   * Create: values suggested by the link that opened the form (`?folha=3&x=0.4`, read by the create
   * route, src/app/pages/entity-page.tsx): filled in but not locked; `initialValues` win over them.
   */
  defaults?: Record<string, unknown>;
  /** Where to go after saving (default: the record's page); false stays on the form. */
  redirect?: 'show' | 'list' | false;
  /** Called with the saved record (e.g. a page that stays on the form reloads it). */
  onSaved?: (record: BaseRecord) => void;
  /** Shown above the fields, inside the form (`Form.useFormInstance()` works there): e.g. "Copiar do dia anterior". */
  toolbar?: React.ReactNode;
}

export const LOCKED_HELP = 'Definido pelo contexto em que o registro está sendo criado.';

/** The form body: a Card per group with the fields' Form.Items; `locked` fields are shown disabled. */
export function SchemaFormFields({
  schema,
  locked,
  creating = false,
}: {
  schema: EntitySchema;
  locked?: ReadonlySet<string>;
  /** A create form: fields declared `onCreate: false` are left for later. */
  creating?: boolean;
}): React.ReactElement {
  const groups = groupFields(editableFields(schema).filter((f) => !creating || f.onCreate !== false));
  // Uploads are for this entity (and the record a form above names, when it is one of this entity).
  const outer = useUploadTarget();
  const target = useMemo(() => ({ resource: schema.resource, id: outer?.resource === schema.resource ? outer.id : undefined }), [schema.resource, outer]);
  // The record's site: its `personOfSite` pickers offer that site's people.
  const form = Form.useFormInstance();
  const watched: unknown = Form.useWatch(schema.obraField ?? 'obra', { preserve: true });
  // (The watch answers after the first render; the store has the value already.)
  const site: unknown = watched ?? (schema.obraField ? form.getFieldValue(schema.obraField) : undefined);
  return (
    <PeopleSiteContext.Provider value={schema.obraField && typeof site === 'string' && site ? site : undefined}>
      <UploadTargetContext.Provider value={target}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {groups.map((g) => (
            <Card key={g.title} title={g.title} size="small">
              <Row gutter={16}>
                {g.fields.map((f) => (
                  <Col key={f.name} {...colSpan(f)}>
                    <FieldFormItem field={f} disabled={locked?.has(f.name)} itemProps={locked?.has(f.name) ? { extra: LOCKED_HELP } : undefined} />
                  </Col>
                ))}
              </Row>
            </Card>
          ))}
        </Space>
      </UploadTargetContext.Provider>
    </PeopleSiteContext.Provider>
  );
}

const STRUCTURAL = new Set(['rows', 'object']);

/**
 * After Refine has put server errors on the form, move errors whose key has no Form.Item of its own
 * (e.g. 'siteManager.mail' — the person widget is one item) to the closest enclosing item, and
 * return the ones that still fit nowhere (shown in an Alert).
 */
export function placeServerErrors(form: FormInstance, schema: EntitySchema, errors: HttpError['errors']): string[] {
  const orphans: string[] = [];
  if (!errors) return orphans;
  for (const [key, raw] of Object.entries(errors)) {
    const msgs = Array.isArray(raw)
      ? raw.map(String)
      : typeof raw === 'string'
        ? [raw]
        : raw && typeof raw === 'object' && 'message' in raw
          ? [String(raw.message)]
          : [];
    if (!msgs.length) continue;
    const path = propertyPathToArray(key);
    if (form.getFieldError(path).length) continue;
    let placed = false;
    for (let len = path.length - 1; len >= 1 && !placed; len--) {
      const candidate = path.slice(0, len);
      const f = fieldAtPath(schema, candidate);
      if (f && !STRUCTURAL.has(f.kind) && typeof candidate[candidate.length - 1] === 'string') {
        form.setFields([{ name: candidate, errors: msgs }]);
        placed = true;
      }
    }
    if (!placed) orphans.push(`${fieldPathLabel(schema, key)}: ${msgs.join(' ')}`);
  }
  return orphans;
}

export function GenericForm({
  schema,
  action,
  id: idProp,
  initialValues: prefill,
  defaults,
  redirect = 'show',
  onSaved,
  toolbar,
}: GenericFormProps): React.ReactElement {
  const isEdit = action === 'edit';
  const { id: idFromRoute } = useResourceParams({ resource: schema.resource });
  const id = isEdit ? (idProp ?? idFromRoute) : undefined;
  const [conflict, setConflict] = useState<string | null>(null);
  const [orphans, setOrphans] = useState<string[]>([]);
  const { setWarnWhen } = useWarnAboutChange();

  // `form` is needed inside onMutationError; useForm creates it, so go through a ref-like holder.
  const formHolder = useMemo(() => ({ current: undefined as FormInstance | undefined }), []);
  const draftHolder = useMemo(() => ({ current: undefined as DeviceDraft | undefined }), []);
  const { data: identity } = useGetIdentity<{ email?: string; name?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const queuedNotice = useQueuedNotice();
  const submitKey = useSubmitKey();
  // Read by Refine when the save starts ({ ...mutationMeta }): onFinish puts this submit's key in it first.
  const mutationMeta = useMemo<{ idempotencyKey?: string }>(() => ({}), []);

  const { formProps, saveButtonProps, query, form, formLoading } = useForm<BaseRecord, HttpError, BaseRecord>({
    resource: schema.resource,
    action,
    id,
    redirect,
    warnWhenUnsavedChanges: true,
    mutationMode: 'pessimistic',
    mutationMeta,
    // Never replace what the user is typing behind their back (e.g. a refetch when the tab regains
    // focus after a conflict): the record is reloaded only by "Recarregar".
    queryOptions: { refetchOnWindowFocus: false, refetchOnReconnect: false },
    // Refine refetches the record after every save attempt, failed ones included; after a 409 that
    // would overwrite the user's edits with the server's version. Pages that show the record fetch it.
    invalidates: ['list', 'many'],
    successNotification: () => ({
      type: 'success',
      message: isEdit ? savedMessage(schema) : createdMessage(schema),
    }),
    errorNotification: (error) => {
      if (isEdit && error?.statusCode === 409 && !error.errors) return false;
      // Without network a field form's record goes to the device's outbox (its own notice).
      if (error?.statusCode === 0 && draftHolder.current?.enabled) return false;
      return {
        type: 'error',
        message: error?.message ?? 'Não foi possível salvar.',
        description: error?.errors ? 'Verifique os campos destacados.' : undefined,
      };
    },
    onMutationError: (error, values) => {
      const key = submitKey.current();
      submitKey.settle(error ?? { statusCode: 0 });
      // No answer: the values go to the outbox as sent, with their key (the server may have saved them).
      if (error?.statusCode === 0 && draftHolder.current?.enabled) {
        void queueOnDevice(values as Record<string, unknown>, key ? { key } : undefined);
        return;
      }
      if (isEdit && error?.statusCode === 409 && !error.errors) {
        setConflict(error.message || CONFLICT_MESSAGE);
        return;
      }
      setConflict(null);
      const f = formHolder.current;
      setOrphans(f ? placeServerErrors(f, schema, error?.errors) : []);
    },
    onMutationSuccess: (data) => {
      submitKey.settle();
      setConflict(null);
      setOrphans([]);
      void draftHolder.current?.clear();
      onSaved?.(data.data);
    },
  });
  formHolder.current = form;

  const record = query?.data?.data;
  const draft = useDeviceDraft({
    schema,
    action,
    id: id === undefined || id === null ? undefined : String(id),
    form,
    owner: identity?.email,
    ready: !isEdit || !!record,
    path: location.pathname,
    base: record,
    deviceId: new URLSearchParams(location.search).get(DEVICE_PARAM),
    formatValue,
  });
  draftHolder.current = draft;
  // A refused record put back into its form (issue 36): the server's messages on their fields.
  useEffect(() => {
    const errors = draft.refusal?.errors;
    if (!errors) return;
    form.setFields(Object.entries(errors).map(([key, errs]) => ({ name: propertyPathToArray(key) as never, errors: errs })));
    setOrphans(placeServerErrors(form, schema, errors));
  }, [draft.refusal, form, schema]);
  async function queueOnDevice(values: Record<string, unknown>, sent?: { key: string }) {
    const queued = await draft.queue(values, sent).catch((err: Error) => {
      queuedNotice.failed(err.message);
      return undefined;
    });
    if (!queued) return;
    setWarnWhen(false);
    queuedNotice.queued(schema, queued);
    // After the "unsaved changes" guard has seen warnWhen=false (else it asks to leave a saved form).
    setTimeout(() => navigate('/no-aparelho'), 0);
  }
  // Offline, or photos still on the device: the record is sent by the outbox (photos first).
  const onFinish = async (values: Record<string, unknown>) => {
    if (draft.enabled && (!navigator.onLine || deviceKeysIn(values).length)) return queueOnDevice(values);
    mutationMeta.idempotencyKey = submitKey.next({ action, id, values });
    return formProps.onFinish?.(values);
  };
  const me = identity?.email ? { mail: identity.email, ...(identity.name ? { nome: identity.name } : {}) } : undefined;
  const initialValues = useMemo(
    () => (isEdit ? formProps.initialValues : { ...defaultValues(schema, me), ...(defaults ?? {}), ...(prefill ?? {}), ...(formProps.initialValues ?? {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isEdit, formProps.initialValues, schema, prefill, defaults, me?.mail],
  );

  // antd applies initialValues once, at mount; on a page opened directly the identity often arrives
  // later, so the "signed-in user" defaults (the RDO's site manager) are filled then, where still empty.
  useEffect(() => {
    if (isEdit || !me) return;
    const defaults = defaultValues(schema, me);
    for (const f of schema.fields) {
      if (f.default !== CURRENT_USER || defaults[f.name] === undefined || form.isFieldTouched(f.name)) continue;
      const cur = form.getFieldValue(f.name) as { mail?: string } | string | null | undefined;
      if (!cur || (typeof cur === 'object' && !cur.mail)) form.setFieldValue(f.name, defaults[f.name]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEdit, schema, me?.mail]);

  const lockedFields = useMemo(() => new Set(isEdit ? [] : Object.keys(prefill ?? {})), [isEdit, prefill]);

  const reload = useCallback(async () => {
    await query?.refetch();
    form.resetFields();
    setWarnWhen(false);
    setConflict(null);
    setOrphans([]);
  }, [query, form, setWarnWhen]);

  const body = (
    <Form
      {...formProps}
      onFinish={onFinish}
      onValuesChange={(changed, all) => {
        formProps.onValuesChange?.(changed, all);
        draft.changed();
      }}
      initialValues={initialValues}
      layout="vertical"
      scrollToFirstError
    >
      {draft.saveError ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="Não foi possível salvar o rascunho no aparelho."
          description={draft.saveError}
        />
      ) : null}
      {draft.refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="O servidor recusou este registro: corrija e salve de novo."
          description={draft.refusal.reason}
        />
      ) : null}
      {draft.restoredAt ? <DeviceDraftBanner savedAt={draft.restoredAt} onDiscard={() => void draft.clear(true).then(() => form.resetFields())} /> : null}
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={CONFLICT_MESSAGE}
          description="Suas alterações continuam no formulário: recarregue e refaça o que ainda for preciso."
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
              Recarregar
            </Button>
          }
        />
      ) : null}
      {orphans.length ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setOrphans([])}
          style={{ marginBottom: 16 }}
          message="O servidor recusou os dados:"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {orphans.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {isEdit ? (
        <Form.Item name="version" hidden>
          <Input type="hidden" />
        </Form.Item>
      ) : null}
      {toolbar}
      <UploadTargetContext.Provider value={{ resource: schema.resource, id: id ?? undefined }}>
        <DeviceFilesContext.Provider value={draft.enabled ? identity?.email : undefined}>
          <SchemaFormFields schema={schema} locked={lockedFields} creating={!isEdit} />
        </DeviceFilesContext.Provider>
      </UploadTargetContext.Provider>
      {isEdit ? null : <CreateDefaults schema={schema} form={form} obra={schema.obraField ? prefill?.[schema.obraField] : undefined} />}
    </Form>
  );

  const save = { ...saveButtonProps, children: 'Salvar' };

  if (isEdit) {
    return (
      <Edit
        goBack={false}
        resource={schema.resource}
        recordItemId={id}
        title={record ? `Editar ${lowerLabel(schema.label)}: ${recordTitle(schema, record)}` : `Editar ${lowerLabel(schema.label)}`}
        isLoading={formLoading}
        saveButtonProps={save}
        canDelete
        deleteButtonProps={{
          meta: record ? { record } : undefined,
          ...deleteConfirmProps(schema),
        }}
      >
        {body}
      </Edit>
    );
  }
  return (
    <Create
      goBack={false}
      resource={schema.resource}
      title={`${schema.gender === 'f' ? 'Nova' : 'Novo'} ${lowerLabel(schema.label)}`}
      isLoading={formLoading}
      saveButtonProps={save}
    >
      {body}
    </Create>
  );
}
