/**
 * /api: the API reference for staff, rendered from GET /api/v1/openapi.json (generated from the
 * schemas): how to call it, then per resource its operations, filters and fields, and a download
 * of the OpenAPI document for client generators.
 */
import { useMemo, useState } from 'react';
import { useApiUrl, useCustom, type HttpError } from '@refinedev/core';
import { Alert, Button, Collapse, Input, Table, Tag, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { DownloadOutlined } from '@ant-design/icons';
import { resourcesOf, type ApiField, type ApiOperation } from './api-reference';
import { saveBlob } from '../../providers/api-client';

const METHOD_COLOR: Record<string, string> = { GET: 'blue', POST: 'green', PATCH: 'orange', PUT: 'gold', DELETE: 'red' };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function download(doc: unknown) {
  saveBlob(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }), 'openapi.json');
}

export function ApiReferencePage() {
  const apiUrl = useApiUrl();
  const [search, setSearch] = useState('');
  const { query, result } = useCustom<Record<string, unknown>, HttpError>({
    url: `${apiUrl}/openapi.json`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['openapi'], staleTime: Infinity },
  });
  const doc = result?.data;
  const resources = useMemo(() => (doc && typeof doc === 'object' && 'paths' in doc ? resourcesOf(doc) : []), [doc]);
  const shown = useMemo(() => {
    const q = fold(search.trim());
    return q ? resources.filter((r) => fold(`${r.tag} ${r.description}`).includes(q)) : resources;
  }, [resources, search]);
  const info = (doc?.info ?? {}) as { version?: string };

  return (
    <section aria-labelledby="api-titulo" style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={2} id="api-titulo">
        Referência da API
      </Typography.Title>
      <Typography.Paragraph>
        Endereço base <Typography.Text code>{apiUrl}</Typography.Text>, com o token da sessão em <Typography.Text code>Authorization: Bearer …</Typography.Text>
        . Listas: <Typography.Text code>_start</Typography.Text> e <Typography.Text code>_end</Typography.Text> (sem eles, todos os registros até o limite, com{' '}
        <Typography.Text code>x-list-truncated</Typography.Text>), <Typography.Text code>_sort</Typography.Text>/<Typography.Text code>_order</Typography.Text>,
        filtros <Typography.Text code>campo</Typography.Text>, <Typography.Text code>campo_ne</Typography.Text>,{' '}
        <Typography.Text code>campo_gte</Typography.Text>, <Typography.Text code>campo_lte</Typography.Text>, <Typography.Text code>campo_like</Typography.Text>{' '}
        e <Typography.Text code>q</Typography.Text>; total em <Typography.Text code>x-total-count</Typography.Text>. Alterações levam a{' '}
        <Typography.Text code>version</Typography.Text> lida. Erros: <Typography.Text code>{'{ message, statusCode, errors }'}</Typography.Text>.
      </Typography.Paragraph>
      {query.isLoading ? (
        <Loading style={{ margin: '48px auto' }} />
      ) : query.isError || !doc ? (
        <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar a descrição da API.'} />
      ) : (
        <>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
            <Input.Search
              allowClear
              placeholder="Procurar recurso"
              aria-label="Procurar recurso"
              style={{ maxWidth: 320 }}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Button icon={<DownloadOutlined />} onClick={() => download(doc)}>
              Baixar openapi.json
            </Button>
            {info.version && <Typography.Text type="secondary">OpenAPI 3.1 · versão {info.version}</Typography.Text>}
          </div>
          <Collapse
            items={shown.map((r) => ({
              key: r.tag,
              label: (
                <span>
                  <strong>{r.tag}</strong> <Typography.Text type="secondary">{r.description}</Typography.Text>
                </span>
              ),
              children: (
                <>
                  <Table<ApiOperation>
                    size="small"
                    pagination={false}
                    rowKey={(o) => `${o.method} ${o.path}`}
                    dataSource={r.operations}
                    columns={[
                      { title: 'Método', dataIndex: 'method', width: 90, render: (m: string) => <Tag color={METHOD_COLOR[m]}>{m}</Tag> },
                      { title: 'Caminho', dataIndex: 'path', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
                      { title: 'Operação', dataIndex: 'summary' },
                    ]}
                  />
                  <Typography.Title level={5} style={{ marginTop: 16 }}>
                    Campos
                  </Typography.Title>
                  <Table<ApiField>
                    size="small"
                    pagination={false}
                    rowKey="name"
                    dataSource={r.fields}
                    columns={[
                      {
                        title: 'Campo',
                        dataIndex: 'name',
                        render: (n: string, f) => (
                          <>
                            <Typography.Text code>{n}</Typography.Text>
                            {f.required && (
                              <Tag color="red" style={{ marginLeft: 4 }}>
                                obrigatório
                              </Tag>
                            )}
                          </>
                        ),
                      },
                      { title: 'Rótulo', dataIndex: 'title' },
                      { title: 'Tipo', dataIndex: 'type' },
                      { title: 'Regras', dataIndex: 'rules' },
                    ]}
                  />
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                    Filtros: {r.filters.join(', ')}
                  </Typography.Paragraph>
                </>
              ),
            }))}
          />
        </>
      )}
    </section>
  );
}
