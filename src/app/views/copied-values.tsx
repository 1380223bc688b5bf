/**
 * On a create form, choosing a record in a reference field that `copies` (schemas/copies.ts) fills
 * the fields it gives — a materials list takes its template's items and discipline — unless the
 * user has already typed in them. The API applies the same rule to values sent empty.
 */
import { useEffect, useRef } from 'react';
import { Form, type FormInstance } from 'antd';
import { useDataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { copiedValues, copyingFields } from '../../../schemas/copies';
import { refTarget } from '../fields/options';

function useCopies(field: FieldDef, form: FormInstance, enabled: boolean) {
  const getDataProvider = useDataProvider();
  const value = Form.useWatch(field.name, form) as unknown;
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    const target = refTarget(field);
    if (!enabled || !target || value === null || value === undefined || value === '' || value === last.current) return;
    last.current = value;
    const refKey = field.refKey ?? 'id';
    let live = true;
    void getDataProvider()
      .getList({ resource: target.resource, filters: [{ field: refKey, operator: 'eq', value }], pagination: { currentPage: 1, pageSize: 1, mode: 'server' } })
      .then((res) => {
        const source = res.data[0] as Record<string, unknown> | undefined;
        if (!live || !source) return;
        const untouched = Object.fromEntries(
          Object.keys(field.copies ?? {})
            .filter((t) => !form.isFieldTouched(t))
            .map((t) => [t, null]),
        );
        form.setFieldsValue(copiedValues(field, source, untouched));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled, field, form, getDataProvider, value]);
}

function CopyWatcher({ field, form, enabled }: { field: FieldDef; form: FormInstance; enabled: boolean }) {
  useCopies(field, form, enabled);
  return null;
}

/** One watcher per copying reference field of the schema (rendered inside the form). */
export function CopiedValues({ schema, form, enabled }: { schema: EntitySchema; form: FormInstance; enabled: boolean }) {
  return (
    <>
      {copyingFields(schema).map((f) => (
        <CopyWatcher key={f.name} field={f} form={form} enabled={enabled} />
      ))}
    </>
  );
}
