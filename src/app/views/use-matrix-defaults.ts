/**
 * A new record created inside a site takes its people from the site's responsibility matrix
 * (schemas/matrix.ts), like the API does for values left empty: the fields the user has not touched
 * follow the matrix row of the chosen discipline. A field whose default is the signed-in user keeps
 * them when they hold one of the field's roles (the site manager writing their own RDO).
 */
import { useEffect } from 'react';
import { Form, type FormInstance } from 'antd';
import { useList } from '@refinedev/core';
import { CURRENT_USER, type EntitySchema } from '../../../schemas/kinds';
import { hasMatrixFields, matrixDefaults } from '../../../schemas/matrix';
import { useCurrentUser } from '../access/ability-context';

export function useMatrixDefaults(schema: EntitySchema, form: FormInstance, obra: unknown, enabled: boolean): void {
  const active = enabled && hasMatrixFields(schema) && !!schema.obraField && typeof obra === 'string' && obra !== '';
  const user = useCurrentUser();
  const disciplina = Form.useWatch('disciplina', form) as unknown;
  const { result } = useList({
    resource: 'obras',
    filters: [{ field: 'Id_Lista', operator: 'eq', value: obra }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: active },
  });
  const matrix = result?.data?.[0]?.matrizResponsabilidade;
  useEffect(() => {
    if (!active || !matrix) return;
    const empty = Object.fromEntries(schema.fields.filter((f) => f.matrixRole).map((f) => [f.name, null]));
    const people = matrixDefaults(schema, { ...empty, disciplina }, matrix);
    for (const [name, person] of Object.entries(people)) {
      if (form.isFieldTouched(name)) continue;
      const field = schema.fields.find((f) => f.name === name)!;
      const keepsMe = field.default === CURRENT_USER && !!user && (field.personRoles ?? []).some((r) => user.roles.includes(r));
      if (!keepsMe) form.setFieldValue(name, person);
    }
  }, [active, matrix, disciplina, schema, form, user]);
}
