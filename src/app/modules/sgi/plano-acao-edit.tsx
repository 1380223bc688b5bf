/**
 * An action plan's edit page (view override of `planoAcao`). Staff get the generic form. A supplier
 * (docs/access.md decision 29) gets a focused screen: the plan and every action shown read-only, and in
 * the actions of its own company (`acoes[].fornecedor`) only the situation, the progress/evidence
 * text and the evidence files are editable. The API refuses anything else
 * (src/server/modules/supplier-rules.ts); this screen only offers what it accepts.
 */
import React, { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Space, Tag, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { ReloadOutlined } from '@ant-design/icons';
import { Edit } from '@refinedev/antd';
import { useNavigation, useOne, useUpdate, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import { externalKindOf } from '../../../access/user';
import { useCurrentUser } from '../../access/ability-context';
import { usePodeCheck, type PodeCheck } from '../../access/pode';
import { FieldDisplay } from '../../fields/display';
import { FieldFormItem } from '../../fields/form-items';
import { UploadTargetContext } from '../../fields/upload-target';
import { ReferenceTitlesProvider } from '../../fields/reference-titles';
import { recordTitle } from '../../fields/options';
import { GenericEdit } from '../../views/generic-edit';
import type { ViewProps } from '../../views/overrides';
import { StateTag } from '../../workflow/state-tag';

type Row = Record<string, unknown>;

/** Sub-fields of an action a supplier changes in its own rows (as the API's SUPPLIER_ROW_FIELDS). */
export const SUPPLIER_ROW_FIELDS = ['status', 'evidencia', 'anexos'];
/** Situations a supplier may give its action (cancelling is the SGI team's). */
const SUPPLIER_STATUS_EXCLUDED = 'Cancelada';

/** Whether an action belongs to the supplier's company: the same check the API makes. */
export function ownRow(pode: (check: PodeCheck) => boolean, row: Row): boolean {
  return pode({ I: 'edit', a: 'TicketSgi', this: { acoes: [row] } });
}

export function PlanoAcaoEdit({ schema }: ViewProps) {
  const { id } = useParams();
  const user = useCurrentUser();
  if (user && externalKindOf(user) === 'fornecedor' && id) return <SupplierPlanEdit schema={schema} id={id} />;
  return <GenericEdit schema={schema} id={id} />;
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

function RowFacts({ fields, row }: { fields: FieldDef[]; row: Row }) {
  const shown = fields.filter((f) => hasValue(row[f.name]));
  if (!shown.length) return null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
      items={shown.map((f) => ({ key: f.name, label: f.label, children: <FieldDisplay field={f} value={row[f.name]} mode="full" /> }))}
    />
  );
}

interface FormValues {
  acoes: (Row | undefined)[];
}

/** The supplier's screen: its actions' situation and evidence, everything else read-only. */
export function SupplierPlanEdit({ schema, id }: { schema: EntitySchema; id: BaseKey }): React.ReactElement {
  const pode = usePodeCheck();
  const { show } = useNavigation();
  const { result: record, query } = useOne<BaseRecord, HttpError>({ resource: schema.resource, id, queryOptions: { refetchOnWindowFocus: false } });
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError>();
  const [form] = Form.useForm<FormValues>();
  const [conflict, setConflict] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const rowsField = schema.fields.find((f) => f.name === 'acoes')!;
  const subs = rowsField.fields ?? [];
  const sub = (name: string) => subs.find((f) => f.name === name)!;
  const statusField: FieldDef = useMemo(() => {
    const s = subs.find((f) => f.name === 'status')!;
    return { ...s, options: (s.options ?? []).filter((o) => o !== SUPPLIER_STATUS_EXCLUDED) };
  }, [subs]);
  const factFields = subs.filter((f) => !SUPPLIER_ROW_FIELDS.includes(f.name) && f.name !== 'oQue' && f.name !== 'fornecedor');
  const resultFields = SUPPLIER_ROW_FIELDS.map(sub);

  const rows = (Array.isArray(record?.acoes) ? record.acoes : []) as Row[];
  // A cancelled action stays as the SGI team left it.
  const editable = rows.map((r) => ownRow(pode, r) && r.status !== SUPPLIER_STATUS_EXCLUDED);
  const initialValues = useMemo<FormValues>(
    () => ({ acoes: rows.map((r, i) => (editable[i] ? { status: r.status, evidencia: r.evidencia ?? '', anexos: r.anexos ?? [] } : undefined)) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record],
  );

  const save = (values: FormValues) => {
    if (!record) return;
    setConflict(false);
    setRefusal(null);
    const acoes = rows.map((r, i) => {
      const v = values.acoes?.[i];
      if (!editable[i] || !v) return r;
      return {
        ...r,
        status: v.status,
        evidencia: typeof v.evidencia === 'string' && v.evidencia.trim() ? v.evidencia : undefined,
        anexos: Array.isArray(v.anexos) ? v.anexos : [],
      };
    });
    mutate(
      {
        resource: schema.resource,
        id,
        values: { version: record.version, acoes },
        mutationMode: 'pessimistic',
        successNotification: () => ({ type: 'success', message: 'Ações atualizadas. A equipe SGI foi avisada.' }),
        errorNotification: (error) => (error?.statusCode === 409 ? false : { type: 'error', message: error?.message ?? 'Não foi possível salvar.' }),
      },
      {
        onSuccess: () => show(schema.resource, id),
        onError: (error) => {
          if (error?.statusCode === 409) {
            setConflict(true);
            return;
          }
          const placed: { name: (string | number)[]; errors: string[] }[] = [];
          for (const [key, msgs] of Object.entries(error?.errors ?? {})) {
            const m = /^acoes\.(\d+)\.(status|evidencia|anexos)$/.exec(key);
            if (m) placed.push({ name: ['acoes', Number(m[1]), m[2]], errors: Array.isArray(msgs) ? msgs.map(String) : [String(msgs)] });
          }
          form.setFields(placed);
          if (!placed.length) setRefusal(error?.message ?? 'Não foi possível salvar.');
        },
      },
    );
  };

  const title = record ? `Atualizar ações: ${recordTitle(schema, record)}` : 'Atualizar ações do plano';
  if (query.isLoading) return <Loading style={{ margin: '48px auto' }} />;
  if (query.isError || !record) return <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar o plano de ação.'} />;
  const mine = editable.filter(Boolean).length;
  const field = (name: string) => schema.fields.find((f) => f.name === name)!;

  return (
    <Edit
      goBack={false}
      resource={schema.resource}
      recordItemId={id}
      title={title}
      canDelete={false}
      saveButtonProps={{ children: 'Salvar', onClick: () => form.submit(), loading: mutation.isPending, disabled: !mine }}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="Informe a situação, o andamento e as evidências das ações da sua empresa."
          description="As demais informações do plano são mantidas pela equipe SGI, que recebe um aviso quando você salva."
        />
        {conflict ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            message="Este plano foi alterado por outra pessoa depois que você o abriu."
            description="Recarregue para ver a versão atual e refaça a sua atualização."
            action={
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  void query.refetch().then(() => {
                    form.resetFields();
                    setConflict(false);
                  });
                }}
              >
                Recarregar
              </Button>
            }
          />
        ) : null}
        {refusal ? <Alert type="error" showIcon role="alert" message={refusal} closable onClose={() => setRefusal(null)} /> : null}
        <ReferenceTitlesProvider schema={schema} rows={[record]}>
          <Card size="small" title="Plano">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
              items={[
                { key: 'ticket', label: field('ticket').label, children: <FieldDisplay field={field('ticket')} value={record.ticket} mode="full" /> },
                { key: 'status', label: field('status').label, children: <StateTag schema={schema} value={record.status} /> },
                { key: 'prazo', label: field('prazo').label, children: <FieldDisplay field={field('prazo')} value={record.prazo} mode="full" /> },
                {
                  key: 'responsavel',
                  label: field('responsavel').label,
                  children: <FieldDisplay field={field('responsavel')} value={record.responsavel} mode="full" />,
                },
              ]}
            />
          </Card>
        </ReferenceTitlesProvider>
        <Form<FormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={save}>
          <UploadTargetContext.Provider value={{ resource: schema.resource, id }}>
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {rows.map((r, i) => (
                <Card
                  key={i}
                  size="small"
                  role="region"
                  aria-label={`Ação ${i + 1}: ${String(r.oQue ?? '')}`}
                  title={
                    <Typography.Text strong style={{ whiteSpace: 'normal' }}>
                      Ação {i + 1}: {String(r.oQue ?? '')}
                    </Typography.Text>
                  }
                  extra={editable[i] ? <Tag color="blue">Sua empresa</Tag> : <Tag>Somente leitura</Tag>}
                >
                  <RowFacts fields={factFields} row={r} />
                  {editable[i] ? (
                    <div style={{ marginTop: 8 }}>
                      <FieldFormItem field={statusField} name={['acoes', i, 'status']} />
                      <FieldFormItem field={{ ...sub('evidencia'), kind: 'longtext' }} name={['acoes', i, 'evidencia']} />
                      <FieldFormItem field={sub('anexos')} name={['acoes', i, 'anexos']} />
                    </div>
                  ) : (
                    <RowFacts fields={resultFields} row={r} />
                  )}
                </Card>
              ))}
            </Space>
          </UploadTargetContext.Provider>
        </Form>
        {!mine ? <Alert type="warning" showIcon message="Nenhuma ação deste plano está a cargo da sua empresa." /> : null}
      </Space>
    </Edit>
  );
}
