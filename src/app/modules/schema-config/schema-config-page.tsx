/**
 * "Configurar entidade" (issue 15): /admin/entidades lists the entities the user administers
 * (`configurable` of GET /api/v1/schemas); /admin/entidades/:resource shows the fields (origin
 * code/custom), edits one in a drawer with diff and preview, adds custom fields (own column or
 * `_extra` JSON), purges the data of removed ones, lists the history with "Desfazer", and shows the
 * sub-fields of tables under their table (label, help and options of e.g. the checklist items'
 * answer types). The API
 * decides every change; the app installs the result at once.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, List, Popconfirm, Result, Space, Table, Tag, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { PlusOutlined } from '@ant-design/icons';
import { CODE_SCHEMAS } from '../../../../schemas';
import { DECLARED_SCHEMAS } from '../../../../schemas/declared';
import type { FieldDef } from '../../../../schemas/kinds';
import type { OverlayChange } from '../../../../schemas/overlay';
import { formatDateTime } from '../../format';
import { refreshSchemas, useConfigurableResources } from './effective-schemas';
import { historicoConfiguracaoEntidade } from '../../../../resources/schema-config';
import { ApiCallError, callRoute } from '../../providers/api-client';
import {
  describeChange,
  fieldsOf,
  inverseChange,
  isCustomField,
  KIND_LABELS,
  replayOverlay,
  sendChange,
  type FieldRow,
  type HistoryEntry,
} from './schema-changes';
import { FieldDrawer } from './field-drawer';
import { PurgeButton } from './purge-button';
import { notify } from '../../providers/toast-store';

const yes = (v: unknown) => (v ? 'Sim' : '—');

export function SchemaConfigPage({ apiUrl = '/api/v1' }: { apiUrl?: string }) {
  const { resource } = useParams();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void refreshSchemas(apiUrl).finally(() => setLoaded(true));
  }, [apiUrl]);
  const configurable = useConfigurableResources();
  if (!loaded && !configurable.length) return <Loading style={{ margin: '48px auto' }} />;
  if (!resource) return <EntityIndex configurable={configurable} />;
  if (!configurable.includes(resource)) {
    return (
      <Result
        status="403"
        title="Sem permissão"
        subTitle="Só os administradores desta entidade podem configurá-la."
        extra={<Link to="/admin/entidades">Entidades que você administra</Link>}
      />
    );
  }
  return <EntityConfig key={resource} resource={resource} apiUrl={apiUrl} />;
}

function EntityIndex({ configurable }: { configurable: string[] }) {
  const items = CODE_SCHEMAS.filter((s) => configurable.includes(s.resource));
  return (
    <Card title="Configurar entidades">
      <Typography.Paragraph type="secondary">
        Rótulos, ajuda, colunas da lista, filtros, opções e campos personalizados das entidades que você administra. As alterações valem na próxima navegação,
        sem nova versão do portal.
      </Typography.Paragraph>
      <List
        dataSource={items}
        locale={{ emptyText: 'Você não administra nenhuma entidade.' }}
        renderItem={(s) => (
          <List.Item>
            <Link to={`/admin/entidades/${s.resource}`}>{s.labelPlural}</Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

type Editing = { field: FieldDef | null } | undefined;

function EntityConfig({ resource, apiUrl }: { resource: string; apiUrl: string }) {
  // The code declaration with its fields (the bundled schemas have none in the build): this
  // administrators' screen is the one chunk that carries them.
  const base = DECLARED_SCHEMAS.find((s) => s.resource === resource);
  const [history, setHistory] = useState<HistoryEntry[]>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState<Editing>();
  const load = useCallback(
    () =>
      callRoute(historicoConfiguracaoEntidade, { apiUrl, params: { resource } })
        .then(setHistory)
        .catch((e: unknown) => setFailure(e instanceof Error ? e.message : 'Não foi possível carregar a configuração.')),
    [apiUrl, resource],
  );
  useEffect(() => void load(), [load]);
  const overlay = useMemo(() => replayOverlay(history ?? []), [history]);
  const version = history?.[0]?.version ?? 0;

  const store = async (change: OverlayChange, done: string) => {
    await sendChange(apiUrl, resource, change, version);
    await Promise.all([load(), refreshSchemas(apiUrl)]);
    notify({ type: 'success', title: done, options: { key: `configurar-${resource}` } });
  };
  const storeOrTell = (change: OverlayChange, done: string) =>
    store(change, done).catch(
      (e: unknown) =>
        void notify({ type: 'error', title: e instanceof ApiCallError ? e.message : 'Não foi possível salvar.', options: { key: `configurar-${resource}` } }),
    );

  if (!base) return <Result status="404" title="Entidade não encontrada" />;
  if (failure) return <Result status="warning" title={failure} />;
  if (!history) return <Loading style={{ margin: '48px auto' }} />;
  const fields = fieldsOf(base, overlay);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={`Configurar entidade: ${base.labelPlural}`}
        extra={
          <Space>
            <Tag>Versão {version}</Tag>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ field: null })}>
              Novo campo
            </Button>
          </Space>
        }
      >
        <Table<FieldRow>
          size="small"
          rowKey="name"
          dataSource={fields}
          pagination={false}
          scroll={{ x: true }}
          aria-label="Campos"
          columns={[
            {
              title: 'Rótulo',
              dataIndex: 'label',
              // One line: the sub-fields' indent would otherwise squeeze labels letter by letter on a phone (the table scrolls sideways).
              render: (v: string, f) => (
                <span style={{ whiteSpace: 'nowrap' }}>{f.hidden && isCustomField(overlay, f.name) ? <Typography.Text delete>{v}</Typography.Text> : v}</span>
              ),
            },
            {
              title: 'Nome',
              dataIndex: 'name',
              render: (v: string) => (
                <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                  {v}
                </Typography.Text>
              ),
            },
            { title: 'Tipo', dataIndex: 'kind', render: (k: string) => KIND_LABELS[k] ?? k },
            { title: 'Obrigatório', dataIndex: 'required', render: yes },
            { title: 'Lista', dataIndex: 'list', render: yes },
            { title: 'Filtro', dataIndex: 'filter', render: yes },
            { title: 'Ordenação', dataIndex: 'sort', render: yes },
            {
              title: 'Origem',
              key: 'origin',
              render: (_, f) =>
                isCustomField(overlay, f.name) ? (
                  <Space size={4}>
                    <Tag color="blue">Personalizado</Tag>
                    {f.storage === 'json' && <Tag title="Guardado no campo JSON de extras do registro">JSON</Tag>}
                    {f.internal && (
                      <Tag color="purple" title="Clientes e parceiros não veem nem preenchem este campo">
                        Só equipe interna
                      </Tag>
                    )}
                  </Space>
                ) : (
                  <Tag>Código</Tag>
                ),
            },
            {
              title: 'Situação',
              key: 'state',
              render: (_, f) =>
                f.hidden ? isCustomField(overlay, f.name) ? <Tag color="red">Removido</Tag> : <Tag>Interno</Tag> : <Tag color="green">Visível</Tag>,
            },
            {
              title: 'Ações',
              key: 'actions',
              render: (_, f) => {
                const custom = isCustomField(overlay, f.name);
                if (f.hidden && custom) {
                  return (
                    <Space>
                      <Button
                        size="small"
                        onClick={() => storeOrTell({ op: 'patchField', name: f.name, patch: { hidden: false } }, `Campo "${f.label}" reativado.`)}
                      >
                        Reativar
                      </Button>
                      <PurgeButton
                        apiUrl={apiUrl}
                        resource={resource}
                        field={f}
                        onConfirm={() => storeOrTell({ op: 'purgeField', name: f.name }, `Dados do campo "${f.label}" excluídos definitivamente.`)}
                      />
                    </Space>
                  );
                }
                if (f.hidden) return null;
                return (
                  <Space>
                    <Button size="small" onClick={() => setEditing({ field: f })} aria-label={`Editar ${f.label}`}>
                      Editar
                    </Button>
                    {custom && (
                      <Popconfirm
                        title={`Remover o campo "${f.label}"?`}
                        description="Ele deixa os formulários e as listas; a coluna e os dados ficam guardados."
                        okText="Remover"
                        cancelText="Cancelar"
                        onConfirm={() => storeOrTell({ op: 'hideField', name: f.name }, `Campo "${f.label}" removido.`)}
                      >
                        <Button size="small" danger>
                          Remover
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <Card title="Histórico">
        <Table<HistoryEntry>
          size="small"
          rowKey="version"
          dataSource={history}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: 'Nenhuma alteração: a entidade está como no código do portal.' }}
          aria-label="Histórico"
          columns={[
            { title: 'Versão', dataIndex: 'version', width: 80 },
            { title: 'Quando', dataIndex: 'changed_at', render: (v: string) => formatDateTime(v) },
            { title: 'Quem', dataIndex: 'changed_by' },
            { title: 'Alteração', key: 'what', render: (_, h) => describeChange(base, history, h) },
            {
              title: 'Desfazer',
              key: 'undo',
              render: (_, h) => {
                const inverse = inverseChange(base, history, h);
                if (!inverse) return null;
                return (
                  <Popconfirm
                    title="Desfazer esta alteração?"
                    okText="Desfazer"
                    cancelText="Cancelar"
                    onConfirm={() => storeOrTell(inverse, 'Alteração desfeita.')}
                  >
                    <Button size="small">Desfazer</Button>
                  </Popconfirm>
                );
              },
            },
          ]}
        />
      </Card>
      {editing && (
        <FieldDrawer
          base={base}
          overlay={overlay}
          field={editing.field}
          onClose={() => setEditing(undefined)}
          onSave={async (change) => {
            await store(change, editing.field ? 'Campo atualizado.' : 'Campo criado.');
            setEditing(undefined);
          }}
        />
      )}
    </Space>
  );
}
