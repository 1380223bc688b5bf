/**
 * The parts of a tree screen's node panel that every tree shares: the form of the selected node
 * (or of a new one) from its schema, the fields the tree decides (the parent, and the scope of the
 * tree) hidden and sent as given; and the delete button of a node, refused while nodes are below it.
 */
import { useMemo, type ReactNode } from 'react';
import { Button, Form, Input, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import type { EntitySchema } from '../../../../schemas/kinds';
import { SchemaFormFields } from '../generic-form';
import { Loading } from '../loading';

export interface TreeNodeFormProps {
  schema: EntitySchema;
  /** Fields the tree decides: hidden in the form, sent on create with `createValues`. */
  treeFields: string[];
  /** The node being edited, or undefined for a new node. */
  id?: number;
  /** A new node's values: its place in the tree and what it starts with. */
  createValues?: Record<string, unknown>;
  canSave: boolean;
  /** Accessible names of the form: editing, creating. */
  names: [string, string];
  /** Success messages: saved, created. */
  messages: [string, string];
  onSaved: (id: number) => void;
  onCancel?: () => void;
}

export function TreeNodeForm({ schema, treeFields, id, createValues, canSave, names, messages, onSaved, onCancel }: TreeNodeFormProps) {
  const isEdit = id !== undefined;
  const invalidate = useInvalidate();
  const formSchema = useMemo(
    () => ({ ...schema, fields: schema.fields.map((f) => (treeFields.includes(f.name) ? { ...f, hidden: true } : f)) }),
    [schema, treeFields],
  );
  const { formProps, saveButtonProps, formLoading } = useForm<BaseRecord, HttpError, BaseRecord>({
    resource: schema.resource,
    action: isEdit ? 'edit' : 'create',
    id,
    redirect: false,
    mutationMode: 'pessimistic',
    warnWhenUnsavedChanges: false,
    queryOptions: { refetchOnWindowFocus: false },
    // The record is refetched only after a successful save (a failed one keeps what was typed).
    invalidates: ['list', 'many'],
    successNotification: () => ({ type: 'success', message: isEdit ? messages[0] : messages[1] }),
    errorNotification: (error) => ({
      type: 'error',
      message: error?.message ?? 'Não foi possível salvar.',
      description: error?.errors ? 'Verifique os campos destacados.' : undefined,
    }),
    onMutationSuccess: (data) => {
      const saved = Number(data.data.id);
      void invalidate({ resource: schema.resource, invalidates: ['detail'], id: saved });
      onSaved(saved);
    },
  });
  if (isEdit && formLoading && !formProps.initialValues) return <Loading style={{ margin: '32px auto' }} label="Carregando" />;

  return (
    <Form
      {...formProps}
      initialValues={isEdit ? formProps.initialValues : createValues}
      layout="vertical"
      disabled={!canSave}
      scrollToFirstError
      aria-label={isEdit ? names[0] : names[1]}
    >
      {(isEdit ? ['version'] : treeFields).map((name) => (
        <Form.Item key={name} name={name} hidden>
          <Input type="hidden" />
        </Form.Item>
      ))}
      <SchemaFormFields schema={formSchema} />
      {canSave ? (
        <Space style={{ marginTop: 16 }} wrap>
          <Button type="primary" {...saveButtonProps} loading={formLoading}>
            Salvar
          </Button>
          {isEdit || !onCancel ? null : <Button onClick={onCancel}>Cancelar</Button>}
        </Space>
      ) : null}
    </Form>
  );
}

export interface DeleteNodeButtonProps {
  resource: string;
  record: BaseRecord;
  /** Nodes below it: the button is disabled and `childrenHint` says why. */
  hasChildren: boolean;
  childrenHint: string;
  confirm: { title: string; description?: ReactNode };
  deletedMessage: string;
  onDeleted: () => void;
  size?: 'small' | 'middle';
}

export function DeleteNodeButton({ resource, record, hasChildren, childrenHint, confirm, deletedMessage, onDeleted, size }: DeleteNodeButtonProps) {
  const { mutate: remove, mutation } = useDelete<BaseRecord, HttpError>();
  if (hasChildren) {
    return (
      <Tooltip title={childrenHint}>
        <Button size={size} danger icon={<DeleteOutlined />} disabled>
          Excluir
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText="Excluir"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      onConfirm={() =>
        remove(
          {
            resource,
            id: record.id!,
            meta: { record },
            mutationMode: 'pessimistic',
            successNotification: () => ({ type: 'success', message: deletedMessage }),
            errorNotification: (error) => ({ type: 'error', message: error?.message ?? 'Não foi possível excluir.' }),
          },
          { onSuccess: onDeleted },
        )
      }
    >
      <Button size={size} danger icon={<DeleteOutlined />} loading={mutation.isPending}>
        Excluir
      </Button>
    </Popconfirm>
  );
}
