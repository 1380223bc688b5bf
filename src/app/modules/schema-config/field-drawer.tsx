/**
 * The drawer that edits one field (presentation, flags, options, bounds of custom fields), a
 * sub-field of a table (label, help, example text and options only), or creates a custom field, with the pending change's diff and a live preview of the form and of
 * the list columns (schemas/overlay.ts applied on the client; the server validates again).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Col, Drawer, Empty, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Table } from 'antd';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import { CODE_SCHEMAS } from '../../../../schemas';
import {
  applyOverlayChange,
  COLUMN_ONLY_KINDS,
  CUSTOM_FIELD_KINDS,
  effectiveSchema,
  fieldTitle,
  validateOverlayChange,
  type CustomFieldDef,
  type FieldPatch,
  type OverlayChange,
  type SchemaOverlay,
} from '../../../../schemas/overlay';
import { AccessibleTabs } from '../../views/accessible-tabs';
import { SchemaFormFields } from '../../views/generic-form';
import { ApiCallError } from '../../providers/api-client';
import { isCustomField, KIND_LABELS, PROP_LABELS, schemaDiff } from './schema-changes';

type Values = Record<string, unknown>;
const FLAGS = ['required', 'list', 'filter', 'search', 'sort'] as const;
const TEXTS = ['label', 'help', 'placeholder', 'group'] as const;
const BOUNDS = ['min', 'max', 'maxLength', 'pattern'] as const;
const NUMERIC = new Set(['integer', 'decimal', 'money']);
const TEXTUAL = new Set(['text', 'longtext']);
const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);
/** A sub-field of a table or group of fields (`itens.tipoResposta`). */
const isSubField = (field: FieldDef | null) => !!field && field.name.includes('.');

/** The change the drawer's values describe (undefined: nothing changed yet). */
export function changeFromValues(base: EntitySchema, overlay: SchemaOverlay, field: FieldDef | null, v: Values): OverlayChange | undefined {
  if (!field) {
    const def: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (blank(x) || x === false || (k === 'storage' && x === 'column')) continue;
      def[k] = typeof x === 'string' && k !== 'pattern' ? x.trim() : x;
    }
    return def.name || def.label ? { op: 'addField', field: def as unknown as CustomFieldDef } : undefined;
  }
  const cur = field as unknown as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  const sub = isSubField(field);
  for (const k of TEXTS) if (!(sub && k === 'group') && ((v[k] as string) ?? '') !== ((cur[k] as string) ?? '')) patch[k] = (v[k] as string) ?? '';
  if (!sub) for (const k of FLAGS) if (v[k] !== undefined && !!v[k] !== !!cur[k]) patch[k] = !!v[k];
  if (!sub && typeof v.order === 'number') patch.order = v.order;
  if (isCustomField(overlay, field.name)) {
    for (const k of BOUNDS) if ((blank(v[k]) ? undefined : v[k]) !== cur[k]) patch[k] = blank(v[k]) ? null : v[k];
    if (v.internal !== undefined && !!v.internal !== !!cur.internal) patch.internal = !!v.internal;
  }
  if (!blank(v.addOptions)) patch.addOptions = v.addOptions;
  if (!blank(v.removeOptions)) patch.removeOptions = v.removeOptions;
  return Object.keys(patch).length ? { op: 'patchField', name: field.name, patch: patch as FieldPatch } : undefined;
}

function initialValues(field: FieldDef | null): Values {
  if (!field) return { kind: 'text', list: true, storage: 'column' };
  const f = field as unknown as Record<string, unknown>;
  const out: Values = {};
  for (const k of [...TEXTS, ...BOUNDS]) out[k] = f[k];
  for (const k of FLAGS) out[k] = !!f[k];
  out.internal = !!f.internal;
  return out;
}

function ListPreview({ schema }: { schema: EntitySchema }) {
  const listed = schema.fields.filter((f) => f.list && !f.hidden);
  const cols = (listed.length ? listed : schema.fields.filter((f) => !f.hidden).slice(0, 5)).map((f) => ({ key: f.name, dataIndex: f.name, title: f.label }));
  return (
    <Table
      size="small"
      columns={cols}
      dataSource={[]}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: 'Colunas da lista com a alteração aplicada.' }}
      aria-label="Pré-visualização da lista"
    />
  );
}

export interface FieldDrawerProps {
  base: EntitySchema;
  overlay: SchemaOverlay;
  /** The field to edit; null: a new custom field. */
  field: FieldDef | null;
  onClose: () => void;
  onSave: (change: OverlayChange) => Promise<void>;
}

export function FieldDrawer({ base, overlay, field, onClose, onSave }: FieldDrawerProps) {
  const [form] = Form.useForm();
  const [values, setValues] = useState<Values>(() => initialValues(field));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const custom = field ? isCustomField(overlay, field.name) : true;
  const kind = field?.kind ?? (values.kind as string);
  const change = useMemo(() => changeFromValues(base, overlay, field, values), [base, overlay, field, values]);
  const current = useMemo(() => effectiveSchema(base, overlay), [base, overlay]);
  const checked = useMemo(() => {
    if (!change) return { errors: {}, next: current };
    const errors = validateOverlayChange(base, overlay, change);
    return { errors, next: Object.keys(errors).length ? current : effectiveSchema(base, applyOverlayChange(overlay, change)) };
  }, [base, overlay, change, current]);
  const diff = useMemo(() => schemaDiff(current, checked.next), [current, checked.next]);
  const clientErrors = Object.entries(checked.errors).flatMap(([k, ms]) =>
    ms.map((m) => `${PROP_LABELS[k] ?? (k === '_' ? '' : k)}${k === '_' ? '' : ': '}${m}`),
  );
  const addedOptions = custom ? (field?.options ?? []) : (overlay.fields?.[field?.name ?? '']?.options ?? []);

  const save = async () => {
    if (!change) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      await onSave(change);
    } catch (e) {
      const err = e instanceof ApiCallError ? e : new ApiCallError('Não foi possível salvar.', 0);
      const names = new Set(
        Object.keys(form.getFieldsValue(true)).concat([
          'name',
          'kind',
          'storage',
          'label',
          'options',
          'ref',
          'addOptions',
          'removeOptions',
          'internal',
          ...BOUNDS,
          ...FLAGS,
        ]),
      );
      const onFields = Object.entries(err.errors).filter(([k]) => names.has(k));
      form.setFields(onFields.map(([k, errors]) => ({ name: k, errors })));
      if (!onFields.length || err.errors._ || err.errors.version) setRefusal(err.message);
    } finally {
      setSaving(false);
    }
  };

  const sub = isSubField(field);
  const title = field ? `Editar campo: ${sub ? fieldTitle(current, field.name) : field.label}` : 'Novo campo';
  return (
    <Drawer
      open
      width={760}
      title={title}
      onClose={onClose}
      destroyOnClose
      extra={
        <Space>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="primary" onClick={save} loading={saving} disabled={!change}>
            Salvar
          </Button>
        </Space>
      }
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initialValues(field)} onValuesChange={(_, all) => setValues(all)}>
        {!field && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="name" label="Nome interno" required extra='Começa com "cx" seguido de letra maiúscula ou dígito (ex.: cxContratoManutencao).'>
                <Input placeholder="cxNomeDoCampo" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="kind" label="Tipo" required>
                <Select options={CUSTOM_FIELD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] ?? k }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {!field && (
          <Form.Item
            name="storage"
            label="Armazenamento"
            extra={
              COLUMN_ONLY_KINDS.includes(kind)
                ? 'Campos de referência usam sempre coluna própria (chave estrangeira).'
                : 'Coluna própria: uma coluna nova na tabela, com tipo e restrições do banco. Campo JSON (extra): o valor fica no campo JSON de extras do registro, sem alterar as colunas; filtros e ordenação usam um índice próprio. Não pode ser mudado depois.'
            }
          >
            <Radio.Group
              optionType="button"
              options={[
                { value: 'column', label: 'Coluna própria' },
                { value: 'json', label: 'Campo JSON (extra)', disabled: COLUMN_ONLY_KINDS.includes(kind) },
              ]}
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="label" label="Rótulo" required>
              <Input />
            </Form.Item>
          </Col>
          {!sub && (
            <Col xs={24} sm={12}>
              <Form.Item name="group" label="Grupo no formulário">
                <Input placeholder="Dados gerais" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="help" label="Ajuda">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="placeholder" label="Texto de exemplo">
              <Input />
            </Form.Item>
          </Col>
        </Row>
        {sub && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="Subcampo de uma tabela: aqui se alteram o rótulo, a ajuda, o texto de exemplo e as opções."
          />
        )}
        {!sub && (
          <Space wrap size="large">
            {FLAGS.map((k) => (
              <Form.Item key={k} name={k} label={PROP_LABELS[k]} valuePropName="checked">
                <Switch disabled={k === 'required' && !!field?.required && !custom} />
              </Form.Item>
            ))}
            {custom && (
              <Form.Item name="internal" label={PROP_LABELS.internal} valuePropName="checked" tooltip="Clientes e parceiros não veem nem preenchem este campo.">
                <Switch />
              </Form.Item>
            )}
            <Form.Item name="order" label="Posição">
              <InputNumber min={0} max={10000} placeholder="—" />
            </Form.Item>
          </Space>
        )}
        {!field && kind === 'enum' && (
          <Form.Item name="options" label="Opções" required>
            <Select mode="tags" open={false} placeholder="Digite uma opção e tecle Enter" />
          </Form.Item>
        )}
        {!field && kind === 'reference' && (
          <Form.Item name="ref" label="Entidade referenciada" required>
            <Select showSearch optionFilterProp="label" options={CODE_SCHEMAS.map((s) => ({ value: s.name, label: s.labelPlural }))} />
          </Form.Item>
        )}
        {field && kind === 'enum' && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="addOptions" label="Acrescentar opções" extra={`Atuais: ${(field.options ?? []).join(', ')}`}>
                <Select mode="tags" open={false} placeholder="Digite uma opção e tecle Enter" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="removeOptions" label="Remover opções" extra="Só opções acrescentadas aqui e sem registros que as usem.">
                <Select mode="multiple" options={addedOptions.map((o) => ({ value: o, label: o }))} disabled={!addedOptions.length} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {custom && NUMERIC.has(kind) && (
          <Space>
            <Form.Item name="min" label="Mínimo">
              <InputNumber />
            </Form.Item>
            <Form.Item name="max" label="Máximo">
              <InputNumber />
            </Form.Item>
          </Space>
        )}
        {custom && TEXTUAL.has(kind) && (
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="maxLength" label="Tamanho máximo">
                <InputNumber min={1} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item name="pattern" label="Padrão (expressão regular)">
                <Input />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
      {!!clientErrors.length && (
        <Alert
          type="warning"
          showIcon
          message="Esta alteração será recusada"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {clientErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <AccessibleTabs
        items={[
          {
            key: 'diff',
            label: 'Alteração pendente',
            children: diff.length ? (
              <Table
                size="small"
                rowKey={(r) => `${r.field}:${r.property}`}
                pagination={false}
                dataSource={diff}
                aria-label="Alteração pendente"
                columns={[
                  { title: 'Campo', dataIndex: 'label' },
                  { title: 'Propriedade', dataIndex: 'property' },
                  { title: 'Antes', dataIndex: 'before' },
                  { title: 'Depois', dataIndex: 'after' },
                ]}
              />
            ) : (
              <Empty description="Nenhuma alteração pendente." />
            ),
          },
          {
            key: 'form',
            label: 'Formulário',
            children: (
              <Form layout="vertical" disabled aria-label="Pré-visualização do formulário">
                <SchemaFormFields schema={checked.next} />
              </Form>
            ),
          },
          { key: 'list', label: 'Lista', children: <ListPreview schema={checked.next} /> },
        ]}
      />
    </Drawer>
  );
}
