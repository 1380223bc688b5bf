/**
 * `/obra/documentacao`: the library tree every new site gets (`modeloDiretorio`). The tree on the
 * left (the library's own tree builder), the selected folder's form beside it: its name (rename),
 * description and access lists; "Nova pasta na raiz", "Nova subpasta" and "Excluir" (a folder with
 * folders below it is not deleted). Names may use {obra} and {nome}; lists $siteManager,
 * $substituto and $cliente (filled from the new site when it is created).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Popconfirm, Row, Space, Spin, Tree, Typography, App } from 'antd';
import { DeleteOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useDelete, useInvalidate, useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { schemaByName } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { SchemaFormFields } from '../../views/generic-form';
import { folderTree } from '../biblioteca/library-page';

const RESOURCE = 'modelos-diretorio';
const base = schemaByName('modeloDiretorio')!;
/** The tree decides the parent. */
const formSchema: EntitySchema = { ...base, fields: base.fields.map((f) => (f.name === 'pai' ? { ...f, hidden: true } : f)) };

type Folder = BaseRecord & { id: number; nome: string; pai?: number | null; version: number; acesso?: Record<string, string[]> | null };
type Panel = { mode: 'edit'; id: number } | { mode: 'create'; parent?: Folder };

export function DocumentTreePage() {
  const { result, query } = useList<Folder, HttpError>({
    resource: RESOURCE,
    sorters: [{ field: 'nome', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 1000 },
  });
  const folders = useMemo(() => (result?.data ?? []) as Folder[], [result?.data]);
  const tree = useMemo(() => folderTree(folders as never), [folders]);
  const [panel, setPanel] = useState<Panel | null>(null);
  // Everything open, except what the user closed (a new subfolder shows under its parent).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const allKeys = useMemo(() => folders.map((f) => String(f.id)), [folders]);
  const expandedKeys = allKeys.filter((k) => !collapsed.has(k));
  const selected = panel?.mode === 'edit' ? folders.find((f) => f.id === panel.id) : undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Pastas e listas de acesso com que a biblioteca de cada nova obra é criada. Nos nomes, {'{obra}'} e {'{nome}'} viram o código e o nome da obra; nas listas,
        $siteManager, $substituto e $cliente viram o site manager, o substituto e o cliente da obra.
      </Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message={query.error?.message ?? 'Não foi possível carregar a árvore.'} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={9} xl={8}>
          <Card
            size="small"
            title="Pastas da nova obra"
            extra={
              <Button size="small" icon={<PlusOutlined />} onClick={() => setPanel({ mode: 'create' })}>
                Nova pasta na raiz
              </Button>
            }
          >
            {query.isLoading ? (
              <Spin aria-label="Carregando pastas" />
            ) : tree.length ? (
              <Tree.DirectoryTree
                aria-label="Árvore de documentos"
                treeData={tree}
                expandedKeys={expandedKeys}
                onExpand={(keys) => setCollapsed(new Set(allKeys.filter((k) => !keys.map(String).includes(k))))}
                expandAction={false}
                selectedKeys={selected ? [String(selected.id)] : []}
                onSelect={(keys) => setPanel(keys.length ? { mode: 'edit', id: Number(keys[0]) } : null)}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma pasta: as novas obras começam com a biblioteca vazia." />
            )}
          </Card>
        </Col>
        <Col xs={24} md={15} xl={16}>
          {panel?.mode === 'create' || selected ? (
            <FolderForm
              key={panel!.mode === 'create' ? `new:${panel!.parent?.id ?? 'raiz'}` : `edit:${selected!.id}`}
              panel={panel!}
              folder={selected}
              hasChildren={!!selected && folders.some((f) => f.pai === selected.id)}
              onDone={(next) => setPanel(next)}
            />
          ) : (
            <Card size="small">
              <Empty description="Escolha uma pasta para renomeá-la, mudar suas listas de acesso ou criar subpastas." />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}

function FolderForm({ panel, folder, hasChildren, onDone }: { panel: Panel; folder?: Folder; hasChildren: boolean; onDone: (next: Panel | null) => void }) {
  const isEdit = panel.mode === 'edit';
  const parent = panel.mode === 'create' ? panel.parent : undefined;
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync: remove } = useDelete();
  const { formProps, saveButtonProps, formLoading } = useForm<BaseRecord, HttpError, BaseRecord>({
    resource: RESOURCE,
    action: isEdit ? 'edit' : 'create',
    id: isEdit ? panel.id : undefined,
    redirect: false,
    successNotification: () => ({ type: 'success', message: isEdit ? 'Pasta salva.' : 'Pasta criada.' }),
    onMutationSuccess: (data) => {
      if (!isEdit) onDone({ mode: 'edit', id: Number(data.data.id) });
    },
  });
  // A new folder starts with its parent's lists, so it is never more open than its parent.
  const initialValues = isEdit ? formProps.initialValues : { pai: parent?.id, acesso: parent?.acesso ?? undefined };
  const title = isEdit ? `Pasta: ${folder?.nome ?? ''}` : parent ? `Nova subpasta de ${parent.nome}` : 'Nova pasta na raiz';

  return (
    <Card
      size="small"
      title={title}
      extra={
        isEdit && folder ? (
          <Space wrap>
            <Button size="small" icon={<FolderAddOutlined />} onClick={() => onDone({ mode: 'create', parent: folder })}>
              Nova subpasta
            </Button>
            <Popconfirm
              title={`Excluir a pasta "${folder.nome}" do modelo?`}
              description="As bibliotecas das obras já criadas não mudam."
              okText="Excluir"
              cancelText="Cancelar"
              disabled={hasChildren}
              onConfirm={async () => {
                try {
                  await remove({ resource: RESOURCE, id: folder.id, meta: { record: folder }, successNotification: false });
                  await invalidate({ resource: RESOURCE, invalidates: ['list'] });
                  message.success('Pasta excluída do modelo.');
                  onDone(null);
                } catch (e) {
                  message.error((e as HttpError)?.message ?? 'Não foi possível excluir.');
                }
              }}
            >
              <Button size="small" danger icon={<DeleteOutlined />} disabled={hasChildren} title={hasChildren ? 'Exclua antes as subpastas.' : undefined}>
                Excluir
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {formLoading && isEdit && !formProps.initialValues ? (
        <Spin />
      ) : (
        <Form {...formProps} initialValues={initialValues} layout="vertical" aria-label={isEdit ? 'Dados da pasta' : 'Nova pasta'}>
          {isEdit ? (
            <Form.Item name="version" hidden>
              <input type="hidden" />
            </Form.Item>
          ) : null}
          <Form.Item name="pai" hidden>
            <input type="hidden" />
          </Form.Item>
          <SchemaFormFields schema={formSchema} />
          <Button type="primary" {...saveButtonProps} style={{ marginTop: 12 }}>
            Salvar
          </Button>
        </Form>
      )}
    </Card>
  );
}
