/**
 * `/:obra/diarios/configurar`: the site's RDO configuration, one `configuracaoRdo` record per site,
 * edited with the schema's generic form (created on the first save). The site is the route's.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Typography } from 'antd';
import { useInvalidate, useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { schemaByName } from '../../../../schemas';
import { GenericForm } from '../../views/generic-form';
import { Loading } from '../../views/loading';

const schema = schemaByName('configuracaoRdo')!;
/** Once created, the record stays the route's site's. */
const editSchema = { ...schema, fields: schema.fields.map((f) => (f.name === 'obra' ? { ...f, readOnly: true } : f)) };

export function RdoConfigPage() {
  const { obra = '' } = useParams();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(0);
  const { result, query } = useList<BaseRecord, HttpError>({
    resource: schema.resource,
    filters: [{ field: 'obra', operator: 'eq', value: obra }],
    pagination: { currentPage: 1, pageSize: 1 },
  });
  const record = result?.data?.[0];
  const onSaved = async () => {
    // Stay on the screen with the saved version (the next save sends it); report forms see the new lists.
    await Promise.all([
      invalidate({ resource: schema.resource, invalidates: ['list', 'detail'], id: record?.id }),
      queryClient.invalidateQueries({ queryKey: ['rdo-opcoes'] }),
    ]);
    setSaved((n) => n + 1);
  };
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        O que os diários da obra {obra} oferecem e exigem: turnos, listas de mão de obra e de equipamentos, estações meteorológicas e seções obrigatórias.
      </Typography.Paragraph>
      {query.isError ? (
        <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar a configuração.'} />
      ) : query.isLoading ? (
        <Loading style={{ margin: '48px auto' }} label="Carregando" />
      ) : record ? (
        <GenericForm key={`edit:${record.id}:${saved}`} schema={editSchema} action="edit" id={record.id} redirect={false} onSaved={() => void onSaved()} />
      ) : (
        <GenericForm key={`create:${obra}`} schema={schema} action="create" initialValues={{ obra }} redirect={false} onSaved={() => void onSaved()} />
      )}
    </div>
  );
}
