/**
 * "Restaurar esta versão" on a history entry (issue 35): the record's fields as they were after the
 * entry come back as a new version (POST /<resource>/<id>/historico/<entrada>/restaurar). The API
 * decides (workflow locks, rights, fields the person may not see) and its sentence is shown as is.
 */
import React, { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useApiUrl, useCustomMutation, useInvalidate, useNotification, type BaseKey, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { EntitySchema } from '../../../schemas/kinds';
import { recordExtrasKey } from '../workflow';

export function RevertButton({ schema, id, entry }: { schema: EntitySchema; id: BaseKey; entry: { id: BaseKey } }): React.ReactElement {
  const apiUrl = useApiUrl();
  const { mutateAsync } = useCustomMutation<Record<string, unknown>, HttpError>();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      await mutateAsync({
        url: `${apiUrl}/${schema.resource}/${encodeURIComponent(String(id))}/historico/${encodeURIComponent(String(entry.id))}/restaurar`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      open?.({
        key: `versao-${String(id)}`,
        type: 'success',
        message: 'Versão restaurada.',
        description: 'Os campos voltaram a ser como estavam nesta versão.',
      });
      await invalidate({ resource: schema.resource, id, invalidates: ['detail', 'list'] });
      await queryClient.invalidateQueries({ queryKey: recordExtrasKey(schema.resource, id) });
    } catch (e) {
      open?.({ key: `versao-${String(id)}`, type: 'error', message: 'Não foi possível restaurar esta versão.', description: (e as HttpError).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title="Restaurar esta versão?"
      description="Os campos voltam a ser como estavam depois desta alteração, como uma nova versão. A situação do registro não muda."
      okText="Restaurar"
      cancelText="Cancelar"
      onConfirm={restore}
    >
      <Button type="link" size="small" icon={<RollbackOutlined />} loading={busy} style={{ paddingInline: 0 }}>
        Restaurar esta versão
      </Button>
    </Popconfirm>
  );
}
