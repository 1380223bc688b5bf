/** The dialog that adds a child from its parent's page (related-lists.tsx). */
import { useMemo } from 'react';
import { Form, Modal } from 'antd';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { useModalForm } from '@refinedev/antd';
import { useQueryClient } from '@tanstack/react-query';
import type { EntitySchema } from '../../../schemas/kinds';
import { useCurrentPerson } from '../access/ability-context';
import { defaultValues } from '../fields/options';
import { PENDENCIAS_RESOURCE, recordExtrasKey } from '../workflow/query-keys';
import { CreateDefaults } from './create-defaults';
import { SchemaFormFields } from './generic-form';
import { relatedCreatedMessage } from './save-messages';

/** The child's create form in a dialog; on save the section, its totals and the parent reload. */
export function RelatedCreateModal({
  parent,
  parentId,
  child,
  locked,
  initialValues,
  defaults,
  only,
  clientReply = false,
  onClose,
  onSaved,
  title,
}: {
  parent: EntitySchema;
  /** The parent record's id: its page reloads after the save. */
  parentId: BaseRecord['id'];
  child: EntitySchema;
  locked: string[];
  initialValues: Record<string, unknown>;
  /** Starting values the person may change (`formDefaults` of the related list). */
  defaults?: Record<string, unknown>;
  /** The only fields shown (a client's reply: the text and its attachments). */
  only?: string[];
  /** A client's reply (its confirmation says so). */
  clientReply?: boolean;
  onClose: () => void;
  onSaved?: () => void;
  title: string;
}) {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const me = useCurrentPerson();
  const { modalProps, formProps } = useModalForm<BaseRecord>({
    resource: child.resource,
    action: 'create',
    redirect: false,
    defaultVisible: true,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ type: 'success', message: relatedCreatedMessage(child, initialValues, clientReply) }),
    errorNotification: (error) => ({
      type: 'error',
      message: error?.message ?? 'Não foi possível salvar.',
      description: error?.errors ? 'Verifique os campos destacados.' : undefined,
    }),
    onMutationSuccess: () => {
      void invalidate({ resource: child.resource, invalidates: ['list', 'many'] });
      void queryClient.invalidateQueries({ queryKey: ['agregado', child.resource] });
      // The parent may change with its children (a work order's realised hours; a client's reply
      // moves its ticket out of "Aguardando cliente"): its page, its steps and history, the inbox.
      if (parentId !== undefined && parentId !== null) {
        void invalidate({ resource: parent.resource, id: parentId, invalidates: ['detail', 'list'] });
        void queryClient.invalidateQueries({ queryKey: recordExtrasKey(parent.resource, parentId) });
        if (parent.workflow) void invalidate({ resource: PENDENCIAS_RESOURCE, invalidates: ['list'] });
      }
      onSaved?.();
      onClose();
    },
  });
  const lockedSet = useMemo(() => new Set(locked), [locked]);
  const values = useMemo(() => ({ ...defaultValues(child, me), ...defaults, ...initialValues }), [child, me?.mail, defaults, initialValues]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal
      {...modalProps}
      title={title}
      width={880}
      okText="Salvar"
      cancelText="Cancelar"
      onCancel={(e) => {
        modalProps.onCancel?.(e);
        onClose();
      }}
      destroyOnHidden
    >
      <Form {...formProps} initialValues={values} layout="vertical" scrollToFirstError>
        <SchemaFormFields schema={only ? { ...child, fields: child.fields.filter((f) => only.includes(f.name)) } : child} locked={lockedSet} />
        {formProps.form ? <CreateDefaults schema={child} form={formProps.form} obra={child.obraField ? initialValues[child.obraField] : undefined} /> : null}
      </Form>
    </Modal>
  );
}
